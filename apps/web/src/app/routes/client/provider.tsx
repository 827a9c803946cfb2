import { ROUTES } from '@samtalsmatch/contracts';
import { useLocation, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { readConsent } from '@/features/cookie-consent/lib/consent';
import { useMatch } from '@/features/matching/api/get-match';
import type { ProviderPageState } from '@/features/matching/components/match-list';
import { ProviderProfile } from '@/features/matching/components/provider-profile';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isMatchNotFound, MatchNotFound } from './match-not-found';
import { APP_TEXTS } from '@/app/texts';

/** /provider/{matchId}: the therapist of one of the client's matches (docs/rules/matching.md#therapist-profile-for-a-match). */
export function ProviderPage() {
  const { matchId = '' } = useParams();
  const location = useLocation();
  const match = useMatch(matchId);
  const state = (location.state ?? null) as ProviderPageState | null;
  useDocumentTitle(match.data ? match.data.provider.name : APP_TEXTS.provider.title);

  let content;
  if (match.isPending) {
    content = (
      <>
        <h1 className="sr-only">{APP_TEXTS.provider.title}</h1>
        <Spinner label={APP_TEXTS.provider.loading} className="py-16" />
      </>
    );
  } else if (match.isError) {
    content = isMatchNotFound(match.error) ? (
      <MatchNotFound />
    ) : (
      <>
        <h1 className="sr-only">{APP_TEXTS.provider.title}</h1>
        <Alert tone="error" title={APP_TEXTS.provider.loadFailed} className="mt-6">
          <p>{APP_TEXTS.loadFailedHint}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void match.refetch()}>
            {APP_TEXTS.retry}
          </Button>
        </Alert>
      </>
    );
  } else {
    content = (
      <ProviderProfile
        match={match.data}
        mapConsent={readConsent() === 'accepted'}
        intro={state?.firstRecommended === true}
      />
    );
  }

  return (
    <div>
      <BackButton to={ROUTES.dashboard} />
      {content}
    </div>
  );
}

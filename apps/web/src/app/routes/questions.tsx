import { QUESTION_SEARCH_PARAM, ROUTES } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { currentUserQuery, useCurrentUser } from '@/features/auth/api/current-user';
import { matchesKey } from '@/features/matching/api/get-matches';
import {
  giveQuestionnaireConsent,
  questionnaireConsent,
  useConsents,
} from '@/features/privacy/api/consents';
import { Questionnaire } from '@/features/questionnaire/components/questionnaire';
import { queryKeys } from '@/lib/query-keys';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

/**
 * /questions (docs/rules/accounts.md#after-a-save): after the answers are saved the user is refetched;
 * a client's matches are read again (the save computed them,
 * docs/rules/matching.md#when-recommendations-are-computed); then providers go on to
 * /availability and clients to /dashboard. The questionnaire opens where the
 * user left it; a client whose consent is recorded skips the consent step;
 * `?fraga=<key>` opens that question (the empty match list links to it).
 */
export function QuestionsPage() {
  useDocumentTitle(APP_TEXTS.questions.title);
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const consents = useConsents({ enabled: user?.type === 'CLIENT' });
  if (!user) return null;

  // A failed read counts as not recorded: the consent step shows, and giving it again is harmless.
  const consent = questionnaireConsent(consents.data);
  const consentRecorded = consents.isError
    ? false
    : consents.isPending
      ? undefined
      : consent !== undefined &&
        consent.version !== null &&
        consent.version >= consent.currentVersion;

  const onSaved = async () => {
    const isProvider = user.type === 'PROVIDER';
    await Promise.all([
      queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => undefined),
      // The dashboard reads them afresh; nothing is asked to compute them again.
      isProvider ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: matchesKey }),
    ]);
    await navigate(isProvider ? ROUTES.availability : ROUTES.dashboard);
  };

  // A client's consent is recorded on the server before the first question (docs/rules/privacy.md#questionnaire-consent).
  const onConsent = async () => {
    const list = await giveQuestionnaireConsent();
    queryClient.setQueryData(queryKeys.consents, list);
  };

  return (
    <Questionnaire
      userType={user.type}
      onSaved={onSaved}
      startAt={search.get(QUESTION_SEARCH_PARAM)}
      {...(user.type === 'CLIENT' ? { onConsent, consentRecorded } : {})}
    />
  );
}

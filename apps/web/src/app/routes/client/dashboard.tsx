import { dashboardText, MSG } from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { useMatches } from '@/features/matching/api/get-matches';
import { MatchList } from '@/features/matching/components/match-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /dashboard for clients (SPEC §2): a welcome by name, the dashboard text by
 * priority (SPEC §4), and the matches; the list loads only once a user exists.
 */
export function ClientDashboardPage() {
  useDocumentTitle('Matchningar');
  const { data: user, isError: userFailed } = useCurrentUser();
  const matches = useMatches({ enabled: !!user });

  if (!user) {
    return userFailed ? <Alert tone="error">{MSG.userLoadFailed}</Alert> : null;
  }
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-semibold text-stone-900">
        Välkommen, {user.name}!
      </h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        {matches.isSuccess ? dashboardText(user, matches.data) : null}
      </p>
      <MatchList
        matches={matches.data}
        isLoading={matches.isPending}
        isError={matches.isError}
        onRetry={() => void matches.refetch()}
      />
    </section>
  );
}

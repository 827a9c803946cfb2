import { dashboardText, MSG } from '@samtalsmatch/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { CrisisNumbers } from '@/components/ui/crisis-numbers';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { ClientBookingInfoDialog } from '@/features/bookings/components/client-booking-info-dialog';
import { useEmptyMatchesReason } from '@/features/matching/api/get-empty-reason';
import { useMatches } from '@/features/matching/api/get-matches';
import {
  hasNoMatches,
  MatchList,
  RECOMMENDED_HEADING_ID,
} from '@/features/matching/components/match-list';
import { AnswersRemovedNotice } from '@/features/privacy/components/answers-removed-notice';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';

/**
 * /dashboard for clients (docs/rules/matching.md#client-dashboard): a welcome by name, the dashboard text by
 * priority (docs/rules/matching.md#dashboard-text), and the matches; the list loads only once a user exists.
 * An empty list waits for why it is empty (placeholders until then), and the
 * dashboard text with it, so both come with the empty state instead of
 * pushing the page down.
 * An ongoing match opens 'Bokningsinformation', which reads the match from
 * the list, so a refetch (after a cancel) shows at once.
 */
export function ClientDashboardPage() {
  useDocumentTitle('Matchningar');
  const { data: user, isError: userFailed } = useCurrentUser();
  const matches = useMatches({ enabled: !!user });
  const empty = matches.isSuccess && hasNoMatches(matches.data);
  const reason = useEmptyMatchesReason({ enabled: empty });
  const listLoading = matches.isPending || (empty && reason.isPending);
  const now = useNow();
  // The dialog stays mounted after closing (the last match), so focus returns to its opener.
  const [shownId, setShownId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const shownMatch = matches.data?.find((m) => m.id === shownId) ?? null;

  if (!user) {
    return userFailed ? <Alert tone="error">{MSG.userLoadFailed}</Alert> : null;
  }
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-semibold text-stone-900">
        Välkommen, {user.name}!
      </h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        {matches.isSuccess && !listLoading ? dashboardText(user, matches.data) : null}
      </p>
      <div className="mt-4">
        <AnswersRemovedNotice user={user} />
      </div>
      <MatchList
        matches={matches.data}
        isLoading={listLoading}
        isError={matches.isError}
        emptyReason={empty ? reason.data : undefined}
        onRetry={() => void matches.refetch()}
        onChooseAnother={() => {
          // The list is read again (a read refreshes the recommendations), then
          // the reader is taken to them.
          void matches.refetch().then(() => {
            // After the frame in which a closing dialog hands focus back.
            requestAnimationFrame(() => {
              const heading = document.getElementById(RECOMMENDED_HEADING_ID);
              heading?.scrollIntoView?.({ block: 'start' });
              heading?.focus();
            });
          });
        }}
        onOpenActive={(match) => {
          setShownId(match.id);
          setOpen(true);
        }}
      />
      {/* Below the list, so it comes with the list rather than jumping when it arrives. */}
      {listLoading ? null : <CrisisNumbers className="mt-10" />}
      <ClientBookingInfoDialog
        match={shownMatch}
        open={open && shownMatch !== null}
        onOpenChange={setOpen}
        now={now}
      />
    </section>
  );
}

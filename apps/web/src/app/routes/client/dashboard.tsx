import {
  clientVisibleBooking,
  dashboardText,
  MSG,
  practiceAddress,
  welcomeHeading,
  type Match,
} from '@samtalsmatch/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { CrisisNumbers } from '@/components/ui/crisis-numbers';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { ClientBookingInfoDialog } from '@/features/bookings/components/client-booking-info-dialog';
import { ConfirmedSession } from '@/features/bookings/components/session-place';
import { useEmptyMatchesReason } from '@/features/matching/api/get-empty-reason';
import { useMatches } from '@/features/matching/api/get-matches';
import {
  hasShortList,
  MatchList,
  RECOMMENDED_HEADING_ID,
} from '@/features/matching/components/match-list';
import { useMatchAlert } from '@/features/matching/api/match-alert';
import { MatchAlertOffer } from '@/features/matching/components/match-alert';
import { AnswersRemovedNotice } from '@/features/privacy/components/answers-removed-notice';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { APP_TEXTS } from '@/app/texts';

/**
 * /dashboard for clients (docs/rules/matching.md#client-dashboard): a welcome by first name, the dashboard text by
 * priority (docs/rules/matching.md#dashboard-text), and the matches; the list loads only once a user exists.
 * An empty list, or one of fewer than five recommendations, waits for why
 * (placeholders until then), and the dashboard text with it, so both come
 * with the list instead of pushing the page down.
 * An ongoing match opens 'Bokningsinformation', which reads the match from
 * the list, so a refetch (after a cancel) shows at once.
 */
/** The side column's heading on a wide screen (read by screen readers at every width). */
const NEXT_STEP_TITLE = APP_TEXTS.clientDashboard.nextStep;

export function ClientDashboardPage() {
  useDocumentTitle(APP_TEXTS.clientDashboard.title);
  const { data: user, isError: userFailed } = useCurrentUser();
  const matches = useMatches({ enabled: !!user });
  // Fewer than five recommendations (none included): the list says why (decision 452).
  const short = matches.isSuccess && hasShortList(matches.data);
  const reason = useEmptyMatchesReason({ enabled: short });
  // The offer of a standing wish stands above a short list: the list waits for it, so it does not jump.
  const alertState = useMatchAlert({ enabled: short });
  const listLoading = matches.isPending || (short && (reason.isPending || alertState.isPending));
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
      <h1 id="dashboard-title" className="type-title line-clamp-2 break-words text-stone-900">
        {welcomeHeading(user.name)}
      </h1>
      {/*
        One column on a phone: the next step, the matches, then the crisis numbers.
        On a wide screen the matches take the width and the next step and the crisis
        numbers stand in a side column beside them.
      */}
      <div className="mt-4 grid items-start gap-x-10 gap-y-6 wide:grid-cols-[minmax(0,1fr)_18rem] wide:grid-rows-[auto_1fr]">
        <aside
          aria-labelledby="next-step-title"
          className="wide:col-start-2 wide:row-start-1 wide:mt-8 wide:rounded-lg wide:border wide:border-stone-200 wide:bg-white wide:p-5 wide:shadow-sm"
        >
          <h2
            id="next-step-title"
            className="sr-only wide:not-sr-only wide:type-subheading wide:text-stone-900"
          >
            {NEXT_STEP_TITLE}
          </h2>
          {matches.isSuccess && !listLoading ? (
            <p className="max-w-2xl text-stone-700 wide:mt-2">
              {dashboardText(user, matches.data)}
            </p>
          ) : (
            // Three lines held while the text loads, as tall as most of the texts on a phone:
            // the matches below do not move when it arrives.
            <div
              aria-hidden="true"
              className="h-18 max-w-2xl animate-pulse space-y-3 pt-1.5 motion-reduce:animate-none wide:mt-2"
            >
              <div className="h-3 rounded-sm bg-stone-200" />
              <div className="h-3 rounded-sm bg-stone-200" />
              <div className="h-3 w-2/3 rounded-sm bg-stone-200" />
            </div>
          )}
        </aside>
        <div className="@container min-w-0 wide:col-start-1 wide:row-span-2 wide:row-start-1">
          <AnswersRemovedNotice user={user} />
          <MatchList
            matches={matches.data}
            isLoading={listLoading}
            isError={matches.isError}
            emptyReason={short ? reason.data : undefined}
            alertOffer={short ? <MatchAlertOffer /> : undefined}
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
            renderSession={(match) => <MatchSession match={match} now={now} />}
            onOpenActive={(match) => {
              setShownId(match.id);
              setOpen(true);
            }}
          />
        </div>
        {/* Comes with the list rather than jumping in above it when the list arrives. */}
        {listLoading ? null : <CrisisNumbers className="wide:col-start-2 wide:row-start-2" />}
      </div>
      <ClientBookingInfoDialog
        match={shownMatch}
        open={open && shownMatch !== null}
        onOpenChange={setOpen}
        now={now}
      />
    </section>
  );
}

/**
 * An ongoing match's confirmed session on its card: how and where it
 * happens, and "Till samtalet" while a video session's room is open
 * (docs/rules/video.md#the-rooms-hours).
 */
function MatchSession({ match, now }: { match: Match; now: Date }) {
  const booking = clientVisibleBooking(match.bookings);
  if (match.provider.paused || booking?.status !== 'CONFIRMED') return null;
  return (
    <ConfirmedSession
      booking={booking}
      address={practiceAddress(match.provider.address)}
      now={now}
      className="mt-4"
    />
  );
}

import {
  MSG,
  providerActiveBookings,
  providerHistoryBookings,
  type ProviderListBooking,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { Tabs } from 'radix-ui';
import { useCallback, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/error-message';
import { BOOKINGS_TEXTS as T } from '../texts';
import type { Clock } from './booking-facts';
import { Card } from './booking-card';
import { ProviderActiveTable, ProviderHistoryTable } from './provider-booking-tables';
import { ProviderCancelDialog } from './provider-cancel-dialog';
import { ProviderDetailsDialog } from './provider-details-dialog';
import { ProviderMoveDialog } from './provider-move-dialog';
import { ProviderRebookDialog } from './provider-rebook-dialog';
import { ProviderReviewDialog } from './provider-review-dialog';
import { ProviderSeriesCancelDialog } from './provider-series-cancel-dialog';
import { ProviderSeriesDialog } from './provider-series-dialog';
import { seriesAhead } from './provider-sessions-ahead';

type DialogKind = 'review' | 'cancel' | 'details' | 'rebook' | 'series' | 'move' | 'cancelRest';
/** Which booking (and series) the dialogs are about (looked up afresh in each render's matches). */
interface DialogTarget {
  matchId: string;
  bookingId: string;
  seriesId?: string;
  /** The series' sessions ahead when 'Avboka resten av serien' was chosen (the question keeps it). */
  sessionsLeft?: number;
}

const realClock: Clock = () => new Date();

/**
 * The therapist's dashboard (docs/rules/bookings.md#therapist-dashboard): the tabs 'Aktuella bokningar' (default) and
 * 'Historik', their cards and tables, and the dialogs: review (confirm,
 * 'Avboka', 'Slutför', 'Flytta', 'Boka en serie', the sessions ahead),
 * cancel (asks first), details ('Skicka ny bokningstid', 'Boka en serie'),
 * rebook, series, move and cancelling the rest of a series (asks first). The matches come from the page (GET /matches);
 * `now` is the clock of the time rules (tests pass their own).
 */
export function ProviderBookings({
  matches,
  isLoading,
  error,
  now = realClock,
  address = null,
}: {
  matches: readonly ProviderMatchSummary[] | undefined;
  isLoading: boolean;
  error?: unknown;
  now?: Clock;
  /** The therapist's practice as one line (where a session at the practice happens). */
  address?: string | null;
}) {
  // The target stays after a dialog closes, so Radix closes it (and returns focus) normally.
  const [kind, setKind] = useState<DialogKind | null>(null);
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const activeHeading = useRef<HTMLHeadingElement>(null);
  const historyHeading = useRef<HTMLHeadingElement>(null);
  const [tab, setTab] = useState<'active' | 'history'>('active');

  const list = matches ?? [];
  const match = target ? list.find((m) => m.id === target.matchId) : undefined;
  const booking: ProviderListBooking | undefined = target
    ? match?.bookings.find((b) => b.id === target.bookingId)
    : undefined;

  const show = (next: DialogKind, about: DialogTarget, from?: HTMLElement | null) => {
    if (from) opener.current = from;
    setTarget(about);
    setKind(next);
  };
  const close = () => setKind(null);

  /**
   * Focus goes back to the button that opened the dialog; when that row has
   * moved to the other tab (a cancel, a completion), to the card's heading.
   */
  const returnFocus = useCallback(
    (event: Event) => {
      event.preventDefault();
      const button = opener.current;
      if (button && button.isConnected) button.focus();
      else (tab === 'active' ? activeHeading : historyHeading).current?.focus();
    },
    [tab],
  );

  const activeRows = providerActiveBookings(list);
  const historyRows = providerHistoryBookings(list);
  const failed = error ? <Alert tone="error">{errorMessage(error)}</Alert> : null;

  const trigger =
    'border-b-2 px-4 py-2.5 font-medium text-stone-700 hover:text-stone-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 data-[state=inactive]:border-transparent';

  return (
    <>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as 'active' | 'history')}>
        <Tabs.List aria-label={T.tabsLabel} className="flex gap-2 border-b border-stone-300">
          <Tabs.Trigger value="active" className={trigger}>
            {MSG.currentBookingsTab}
          </Tabs.Trigger>
          <Tabs.Trigger value="history" className={trigger}>
            {MSG.historyTab}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="active" className="mt-4">
          <Card
            headingRef={activeHeading}
            id="booking-requests"
            title={MSG.bookingRequestsTitle}
            description={MSG.bookingRequestsDescription}
          >
            {failed ?? (
              <ProviderActiveTable
                rows={activeRows}
                isLoading={isLoading}
                clock={now}
                address={address}
                onReview={(row, button) =>
                  show('review', { matchId: row.match.id, bookingId: row.booking.id }, button)
                }
              />
            )}
          </Card>
        </Tabs.Content>
        <Tabs.Content value="history" className="mt-4">
          <Card
            headingRef={historyHeading}
            id="booking-history"
            title={MSG.historyTitle}
            description={MSG.historyDescription}
          >
            {failed ?? (
              <ProviderHistoryTable
                rows={historyRows}
                isLoading={isLoading}
                onOpen={(row, button) =>
                  show('details', { matchId: row.match.id, bookingId: row.booking.id }, button)
                }
              />
            )}
          </Card>
        </Tabs.Content>
      </Tabs.Root>

      {match && booking ? (
        <>
          <ProviderReviewDialog
            key={booking.id}
            open={kind === 'review'}
            onClose={close}
            onCloseAutoFocus={returnFocus}
            match={match}
            booking={booking}
            now={now}
            onCancel={() => show('cancel', { matchId: match.id, bookingId: booking.id })}
            onMove={() => show('move', { matchId: match.id, bookingId: booking.id })}
            onSeries={() => show('series', { matchId: match.id, bookingId: booking.id })}
            sessions={{
              onMove: (session) => show('move', { matchId: match.id, bookingId: session.id }),
              onCancel: (session) => show('cancel', { matchId: match.id, bookingId: session.id }),
              onCancelRest: (seriesId) =>
                show('cancelRest', {
                  matchId: match.id,
                  bookingId: booking.id,
                  seriesId,
                  sessionsLeft: seriesAhead(match.bookings, now()).get(seriesId) ?? 0,
                }),
            }}
          />
          <ProviderCancelDialog
            open={kind === 'cancel'}
            onClose={close}
            onCloseAutoFocus={returnFocus}
            clientName={match.client.name}
            bookingId={booking.id}
          />
          <ProviderDetailsDialog
            open={kind === 'details'}
            onClose={close}
            onCloseAutoFocus={returnFocus}
            match={match}
            booking={booking}
            onRebook={() => show('rebook', { matchId: match.id, bookingId: booking.id })}
            onSeries={() => show('series', { matchId: match.id, bookingId: booking.id })}
          />
          <ProviderRebookDialog
            key={match.id}
            open={kind === 'rebook'}
            onClose={close}
            onCloseAutoFocus={returnFocus}
            match={match}
            now={now}
          />
          <ProviderSeriesDialog
            key={`series-${match.id}`}
            open={kind === 'series'}
            onClose={close}
            onCloseAutoFocus={returnFocus}
            match={match}
            now={now}
          />
          <ProviderMoveDialog
            key={`move-${booking.id}`}
            open={kind === 'move'}
            onClose={close}
            onCloseAutoFocus={returnFocus}
            clientName={match.client.name}
            booking={booking}
            now={now}
          />
          {target?.seriesId ? (
            <ProviderSeriesCancelDialog
              open={kind === 'cancelRest'}
              onClose={close}
              onCloseAutoFocus={returnFocus}
              clientName={match.client.name}
              seriesId={target.seriesId}
              sessionsLeft={target.sessionsLeft ?? 0}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}

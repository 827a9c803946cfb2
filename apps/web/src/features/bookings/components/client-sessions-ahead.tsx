import {
  canClientMove,
  SERIES_INTERVAL_LABELS,
  sessionsAhead,
  type Booking,
  type Match,
} from '@samtalsmatch/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { BOOKINGS_TEXTS as T } from '../texts';
import { ClientMoveDialog } from './client-move-dialog';
import { SessionsAheadList } from './sessions-ahead';

/**
 * In the client's 'Bokningsinformation', under the confirmed session: its
 * series ('Varje vecka' or 'Varannan vecka'), 'Flytta' while the therapist's
 * cancellation policy would let the client cancel it
 * (docs/rules/bookings.md#moving-a-session), and the match's other sessions
 * ahead, each movable on the same terms.
 */
export function ClientSessionsAhead({
  match,
  booking,
  now,
}: {
  match: Match;
  booking: Booking;
  now: Date;
}) {
  const policy = match.provider.providerProfile?.cancellationPolicy ?? null;
  const [moving, setMoving] = useState<Booking | null>(null);
  const [open, setOpen] = useState(false);
  const movable = (b: Booking) => canClientMove(b, policy, now);
  const others = sessionsAhead(match.bookings, now).filter((b) => b.id !== booking.id);
  const move = (b: Booking) => {
    setMoving(b);
    setOpen(true);
  };

  return (
    <>
      {booking.seriesInterval ? (
        <p className="mt-2 text-stone-800">
          {T.seriesLabel}: {SERIES_INTERVAL_LABELS[booking.seriesInterval]}
        </p>
      ) : null}
      {movable(booking) ? (
        <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={() => move(booking)}>
          {T.moveThisSession}
        </Button>
      ) : null}
      <SessionsAheadList
        title={T.sessionsAheadTitle}
        sessions={others}
        actions={(session, describedBy) =>
          movable(session) ? (
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              aria-describedby={describedBy}
              onClick={() => move(session)}
            >
              {T.move}
            </Button>
          ) : null
        }
      />
      {moving ? (
        <ClientMoveDialog
          key={moving.id}
          open={open}
          onOpenChange={setOpen}
          match={match}
          booking={match.bookings.find((b) => b.id === moving.id) ?? moving}
          now={now}
        />
      ) : null}
    </>
  );
}

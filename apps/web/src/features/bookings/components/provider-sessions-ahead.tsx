import {
  MSG,
  sessionsAhead,
  type ProviderListBooking,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { BOOKINGS_TEXTS as T } from '../texts';
import type { Clock } from './booking-facts';
import { SessionsAheadList } from './sessions-ahead';

/** The series of the match that still have sessions ahead, with how many each. */
export function seriesAhead(
  bookings: readonly ProviderListBooking[],
  now: Date,
): Map<string, number> {
  const left = new Map<string, number>();
  for (const b of sessionsAhead(bookings, now)) {
    if (b.seriesId) left.set(b.seriesId, (left.get(b.seriesId) ?? 0) + 1);
  }
  return left;
}

/**
 * In the therapist's review dialog: the match's other sessions ahead, each
 * with 'Flytta' and 'Avboka', and 'Avboka resten av serien' for a series
 * with sessions ahead (the one the dialog is about included).
 */
export function ProviderSessionsAhead({
  match,
  booking,
  now,
  onMove,
  onCancel,
  onCancelRest,
}: {
  match: ProviderMatchSummary;
  booking: ProviderListBooking;
  now: Clock;
  onMove: (session: ProviderListBooking) => void;
  onCancel: (session: ProviderListBooking) => void;
  onCancelRest: (seriesId: string) => void;
}) {
  const current = now();
  const others = sessionsAhead(match.bookings, current).filter((b) => b.id !== booking.id);
  const series = [...seriesAhead(match.bookings, current).keys()];
  if (others.length === 0 && series.length === 0) return null;
  const rest = series.map((seriesId) => (
    <Button
      key={seriesId}
      variant="secondary"
      className="mt-3"
      onClick={() => onCancelRest(seriesId)}
    >
      {T.cancelRest}
    </Button>
  ));
  if (others.length === 0) return <div>{rest}</div>;
  return (
    <SessionsAheadList
      title={T.sessionsAheadTitle}
      sessions={others}
      actions={(session, describedBy) => (
        <>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            aria-describedby={describedBy}
            onClick={() => onMove(session)}
          >
            {T.move}
          </Button>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            aria-describedby={describedBy}
            onClick={() => onCancel(session)}
          >
            {MSG.cancelBooking}
          </Button>
        </>
      )}
    >
      {rest}
    </SessionsAheadList>
  );
}

import {
  requestTimeLeft,
  SERIES_INTERVAL_LABELS,
  type ProviderListBooking,
  type MatchBooking,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { useNow } from '@/lib/use-now';
import { BOOKINGS_TEXTS as T } from '../texts';

/** A row of the therapist's booking tables: one booking with its match. */
export type ProviderRow = MatchBooking<ProviderMatchSummary>;

/* The lines under a row's status in 'Aktuella bokningar'. */

/**
 * The time a pending request has left before it expires
 * (docs/rules/bookings.md#a-request-is-answered-within-48-hours), renewed
 * every minute; `clock` lets tests set the time.
 */
export function TimeLeft({ booking, clock }: { booking: ProviderListBooking; clock?: () => Date }) {
  const tick = useNow();
  if (booking.status !== 'PENDING_PROVIDER_CONFIRMATION' || !booking.expiresAt) return null;
  const left = requestTimeLeft(booking.expiresAt, clock ? clock() : tick);
  return (
    <span className="mt-1 block text-sm text-stone-700">
      {left ? T.timeLeftToAnswer(left) : T.answerTimeOver}
    </span>
  );
}

/** A match in a series: 'Varje vecka' or 'Varannan vecka' under its status. */
export function SeriesNote({ row }: { row: ProviderRow }) {
  const interval =
    row.booking.seriesInterval ??
    row.match.bookings.find((b) => b.status === 'CONFIRMED' && b.seriesInterval)?.seriesInterval;
  if (!interval) return null;
  return (
    <span className="mt-1 block text-sm text-stone-700">{SERIES_INTERVAL_LABELS[interval]}</span>
  );
}

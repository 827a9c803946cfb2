import type { BookingStatus } from '../enums';

type Instant = string | Date | null | undefined;

export interface SelectableBooking {
  status: BookingStatus;
  cancelledAt?: Instant;
  completedAt?: Instant;
  confirmedTime?: Instant;
  /** A request's deadline: when it expires unanswered (decision 450). */
  expiresAt?: Instant;
}

/** Statuses of a booking that is still in progress. */
export const OPEN_BOOKING_STATUSES = [
  'PENDING_PROVIDER_CONFIRMATION',
  'CONFIRMED',
] as const satisfies readonly BookingStatus[];
/** Statuses shown in the provider's history (EXPIRED: an unanswered request, decision 170). */
export const CLOSED_BOOKING_STATUSES = [
  'CANCELLED',
  'COMPLETED',
  'EXPIRED',
] as const satisfies readonly BookingStatus[];

export function isOpenBooking(b: { status: BookingStatus }): boolean {
  return (OPEN_BOOKING_STATUSES as readonly BookingStatus[]).includes(b.status);
}

export function isClosedBooking(b: { status: BookingStatus }): boolean {
  return (CLOSED_BOOKING_STATUSES as readonly BookingStatus[]).includes(b.status);
}

/** 'Bokning pågår': a booking is pending or confirmed, so the client cannot book again. */
export function hasOpenBooking(bookings: readonly { status: BookingStatus }[]): boolean {
  return bookings.some(isOpenBooking);
}

function ms(value: Instant): number | null {
  if (value === null || value === undefined) return null;
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * The CONFIRMED booking with the earliest session: of a series (whose
 * sessions are created together, in no order), the next one to take place.
 */
function earliestConfirmed<B extends SelectableBooking>(bookings: readonly B[]): B | null {
  let best: B | null = null;
  for (const b of bookings) {
    if (b.status !== 'CONFIRMED') continue;
    const t = ms(b.confirmedTime) ?? Infinity;
    if (best === null || t < (ms(best.confirmedTime) ?? Infinity)) best = b;
  }
  return best;
}

/**
 * The booking the client sees (docs/rules/bookings.md#which-booking-shows): confirmed (the earliest session), else pending, else
 * completed, else the most recently cancelled (by cancelledAt) or expired
 * (by expiresAt) one.
 */
export function clientVisibleBooking<B extends SelectableBooking>(
  bookings: readonly B[],
): B | null {
  const confirmed = earliestConfirmed(bookings);
  if (confirmed) return confirmed;
  for (const status of ['PENDING_PROVIDER_CONFIRMATION', 'COMPLETED'] as const) {
    const found = bookings.find((b) => b.status === status);
    if (found) return found;
  }
  let best: B | null = null;
  let bestTime = -Infinity;
  for (const b of bookings) {
    if (b.status !== 'CANCELLED' && b.status !== 'EXPIRED') continue;
    const t = (b.status === 'CANCELLED' ? ms(b.cancelledAt) : ms(b.expiresAt)) ?? -Infinity;
    if (best === null || t > bestTime) {
      best = b;
      bestTime = t;
    }
  }
  return best;
}

export interface MatchWithBookings {
  bookings: readonly SelectableBooking[];
}

export interface MatchBooking<M extends MatchWithBookings> {
  match: M;
  booking: M['bookings'][number];
}

/**
 * The provider's active list: per match, the first pending or confirmed
 * booking; a confirmed one is the one with the earliest session.
 */
export function providerActiveBookings<M extends MatchWithBookings>(
  matches: readonly M[],
): MatchBooking<M>[] {
  const rows: MatchBooking<M>[] = [];
  for (const match of matches) {
    const first = match.bookings.find(isOpenBooking);
    const booking = first?.status === 'CONFIRMED' ? earliestConfirmed(match.bookings) : first;
    if (booking) rows.push({ match, booking });
  }
  return rows;
}

/** When a closed booking happened: cancelledAt, else completedAt, else its confirmed time (an expired request: expiresAt). */
export function historyTime(b: SelectableBooking): number | null {
  return ms(b.cancelledAt) ?? ms(b.completedAt) ?? ms(b.confirmedTime) ?? ms(b.expiresAt);
}

/** The provider's history: every cancelled, completed or expired booking, newest first. */
export function providerHistoryBookings<M extends MatchWithBookings>(
  matches: readonly M[],
): MatchBooking<M>[] {
  const rows: MatchBooking<M>[] = [];
  for (const match of matches) {
    for (const booking of match.bookings) {
      if (isClosedBooking(booking)) rows.push({ match, booking });
    }
  }
  return rows
    .map((row, index) => ({ row, index, t: historyTime(row.booking) }))
    .sort((a, b) => {
      if (a.t !== b.t) {
        if (a.t === null) return 1;
        if (b.t === null) return -1;
        return b.t - a.t;
      }
      return a.index - b.index;
    })
    .map((x) => x.row);
}

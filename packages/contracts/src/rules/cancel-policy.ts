import type { BookingStatus, CancellationPolicy } from '../enums';
import { HOUR_MS, toDate, type DateInput } from '../time';
import { isRequestExpired } from './confirm-rules';

/** Hours a client must cancel before the session; null: never. */
export const CANCELLATION_POLICY_HOURS: Record<CancellationPolicy, number | null> = {
  TWELVE_HOURS: 12,
  TWENTY_FOUR_HOURS: 24,
  FORTY_EIGHT_HOURS: 48,
  NO_CANCELLATION: null,
};

export interface PolicyBooking {
  status: BookingStatus;
  confirmedTime: DateInput | null | undefined;
}

function timeMs(value: DateInput | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const t = toDate(value).getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * The client cancel rule (docs/rules/bookings.md#client-cancel-policy), for a CONFIRMED booking: it needs a confirmed
 * time; no policy allows it; NO_CANCELLATION never; otherwise the session
 * must be MORE than the policy's hours away (exactly 24 h is too late).
 */
export function canClientCancel(
  booking: PolicyBooking,
  policy: CancellationPolicy | null | undefined,
  now: DateInput,
): boolean {
  if (booking.status !== 'CONFIRMED') return false;
  const time = timeMs(booking.confirmedTime);
  if (time === null) return false;
  if (policy === null || policy === undefined) return true;
  const hours = CANCELLATION_POLICY_HOURS[policy];
  if (hours === null) return false;
  return time - toDate(now).getTime() > hours * HOUR_MS;
}

/**
 * The client moves a session (docs/rules/bookings.md#moving-a-session) only
 * where they could cancel it, and only while it is still ahead: without a
 * policy the cancel rule alone would allow a session that has passed.
 */
export function canClientMove(
  booking: PolicyBooking,
  policy: CancellationPolicy | null | undefined,
  now: DateInput,
): boolean {
  const time = timeMs(booking.confirmedTime);
  return time !== null && time > toDate(now).getTime() && canClientCancel(booking, policy, now);
}

/** The provider may cancel a pending booking, or a confirmed one still in the future (docs/rules/bookings.md#cancel-by-the-therapist). */
export function canProviderCancel(booking: PolicyBooking, now: DateInput): boolean {
  if (booking.status === 'PENDING_PROVIDER_CONFIRMATION') return true;
  if (booking.status !== 'CONFIRMED') return false;
  const time = timeMs(booking.confirmedTime);
  return time !== null && time > toDate(now).getTime();
}

/** 'Slutför' only for a CONFIRMED booking whose time has come (docs/rules/bookings.md#complete). */
export function canComplete(booking: PolicyBooking, now: DateInput): boolean {
  if (booking.status !== 'CONFIRMED') return false;
  const time = timeMs(booking.confirmedTime);
  return time !== null && time <= toDate(now).getTime();
}

/** Rebook needs a match with bookings, all of them cancelled, completed or expired (docs/rules/bookings.md#rebook). */
export function canRebook(bookings: readonly { status: BookingStatus }[]): boolean {
  return (
    bookings.length > 0 &&
    bookings.every(
      (b) => b.status === 'CANCELLED' || b.status === 'COMPLETED' || b.status === 'EXPIRED',
    )
  );
}

/**
 * A booking that still lies ahead: a request whose deadline has
 * not come, or a confirmed session not yet begun. These are the bookings
 * Samtalsmatch cancels (`cancelledBy: 'SYSTEM'`) when a party can no longer
 * take part: a therapist no longer verified, an account erased.
 */
export function isBookingAhead(
  booking: PolicyBooking & { suggestedTimes: readonly DateInput[] },
  now: DateInput,
): boolean {
  return canProviderCancel(booking, now) && !isRequestExpired(booking, now);
}

import type { BookingStatus } from '../enums';
import { toDate, type DateInput } from '../time';

/*
 * The rules of a therapist's confirm (PATCH /api/bookings/confirm/{id}): the
 * request must still wait for them, must not have expired, and the time
 * chosen must be one of the suggested ones.
 */

function timeMs(t: DateInput): number | null {
  const ms = toDate(t).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** Only a booking waiting for the provider can be confirmed. */
export function canConfirm(booking: { status: BookingStatus }): boolean {
  return booking.status === 'PENDING_PROVIDER_CONFIRMATION';
}

/** The confirmed time must be one of the suggested times (same instant). */
export function isSuggestedTime(suggestedTimes: readonly DateInput[], time: DateInput): boolean {
  const t = timeMs(time);
  return t !== null && suggestedTimes.some((s) => timeMs(s) === t);
}

/**
 * A request nobody answered stops blocking once its deadline has come: its
 * `expiresAt` (docs/rules/bookings.md#a-request-is-answered-within-48-hours),
 * or, for a request stored without one, its last suggested time (decision 170).
 */
export function isRequestExpired(
  booking: {
    status: BookingStatus;
    suggestedTimes: readonly DateInput[];
    expiresAt?: DateInput | null;
  },
  now: DateInput,
): boolean {
  if (booking.status !== 'PENDING_PROVIDER_CONFIRMATION') return false;
  if (booking.expiresAt != null)
    return toDate(booking.expiresAt).getTime() <= toDate(now).getTime();
  if (booking.suggestedTimes.length === 0) return false;
  const last = Math.max(...booking.suggestedTimes.map((t) => toDate(t).getTime()));
  return last <= toDate(now).getTime();
}

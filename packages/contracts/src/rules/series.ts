import type { BookingStatus, MatchStatus, SeriesInterval } from '../enums';
import type { ErrorCode } from '../error-codes';
import { errorCatalog } from '../error-codes';
import { MSG } from '../messages.sv';
import {
  addStockholmDays,
  isOnTheHour,
  startOfStockholmDay,
  stockholmDateTime,
  stockholmParts,
  toDate,
  type DateInput,
} from '../time';
import { hasMinimumLead, isWithinBookingHours, type BookingTimeError } from './booking-time';

/*
 * A weekly or biweekly series of sessions a therapist books after a first
 * one (docs/rules/bookings.md#a-series-of-sessions). Every time is the same
 * Stockholm wall-clock hour, whatever daylight saving does in between.
 */

/** Days between two sessions of a series. */
export const SERIES_INTERVAL_DAYS: Record<SeriesInterval, number> = { WEEKLY: 7, BIWEEKLY: 14 };
export const SERIES_MIN_COUNT = 2;
export const SERIES_MAX_COUNT = 12;
/** Every session of a series lies within this many months of the day it is booked. */
export const SERIES_HORIZON_MONTHS = 6;

/** The series' times: the first, then every 7 or 14 Stockholm days at the same wall-clock hour. */
export function seriesTimes(first: DateInput, interval: SeriesInterval, count: number): Date[] {
  const step = SERIES_INTERVAL_DAYS[interval];
  return Array.from({ length: Math.max(0, count) }, (_, i) => addStockholmDays(first, i * step));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The first instant past a series' horizon: 00:00 Stockholm on the day after
 * the same date six months on (the last day of a shorter month instead).
 */
export function seriesHorizonEnd(now: DateInput): Date {
  const p = stockholmParts(startOfStockholmDay(now));
  const monthIndex = p.month - 1 + SERIES_HORIZON_MONTHS;
  const year = p.year + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const day = Math.min(p.day, daysInMonth(year, month));
  return stockholmDateTime(year, month, day + 1, 0, 0);
}

type SeriesErrorCode = Extract<
  ErrorCode,
  | 'VALIDATION'
  | 'BOOKING_TIME_PAST'
  | 'BOOKING_TOO_SOON'
  | 'BOOKING_OUTSIDE_HOURS'
  | 'BOOKING_TOO_FAR'
>;

function fail(code: SeriesErrorCode, message = errorCatalog[code].message): BookingTimeError {
  return { code, message };
}

/**
 * A time checked like a rebook (docs/rules/bookings.md#rebook, in order: in the future, more than
 * 24 h ahead, 07-21 Stockholm), on the hour, and before `horizonEnd`
 * (a series' six months, or a single booking's two months when moving one).
 * The first failure, or null.
 */
export function checkTimeWithin(
  time: DateInput,
  now: DateInput,
  horizonEnd: DateInput,
  tooFarMessage: string = MSG.seriesTooFar,
): BookingTimeError | null {
  const t = toDate(time).getTime();
  const n = toDate(now).getTime();
  if (Number.isNaN(t) || Number.isNaN(n)) return fail('VALIDATION', MSG.dateTimeInvalid);
  if (t <= n) return fail('BOOKING_TIME_PAST');
  if (!hasMinimumLead(t, n)) return fail('BOOKING_TOO_SOON');
  if (!isWithinBookingHours(t)) return fail('BOOKING_OUTSIDE_HOURS');
  if (!isOnTheHour(t)) return fail('VALIDATION', MSG.bookingNotOnTheHour);
  if (t >= toDate(horizonEnd).getTime()) return fail('BOOKING_TOO_FAR', tooFarMessage);
  return null;
}

/**
 * Every time of a series, in order, through `checkTimeWithin` with the
 * series' horizon from `now`: the first failure, or null.
 */
export function checkSeriesTimes(
  times: readonly DateInput[],
  now: DateInput,
): BookingTimeError | null {
  const horizon = seriesHorizonEnd(now);
  for (const time of times) {
    const failure = checkTimeWithin(time, now, horizon);
    if (failure) return failure;
  }
  return null;
}

interface SeriesBooking {
  status: BookingStatus;
  confirmedTime?: DateInput | null;
}

/**
 * Whether the therapist is offered a series for a match: ACTIVE, with a
 * CONFIRMED or COMPLETED session and no request waiting
 * (docs/rules/bookings.md#a-series-of-sessions; the server's rule too).
 */
export function canStartSeries(match: {
  status: MatchStatus;
  bookings: readonly SeriesBooking[];
}): boolean {
  const { bookings } = match;
  return (
    match.status === 'ACTIVE' &&
    bookings.some((b) => b.status === 'CONFIRMED' || b.status === 'COMPLETED') &&
    !bookings.some((b) => b.status === 'PENDING_PROVIDER_CONFIRMATION')
  );
}

/** A match's CONFIRMED sessions still ahead, earliest first (both dashboards list them). */
export function sessionsAhead<B extends SeriesBooking>(
  bookings: readonly B[],
  now: DateInput,
): B[] {
  const n = toDate(now).getTime();
  const at = (b: B) => (b.confirmedTime == null ? NaN : toDate(b.confirmedTime).getTime());
  return bookings
    .filter((b) => b.status === 'CONFIRMED' && at(b) > n)
    .sort((a, b) => at(a) - at(b));
}

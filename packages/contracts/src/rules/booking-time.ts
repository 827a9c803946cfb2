import type { ErrorCode } from '../error-codes';
import { errorCatalog } from '../error-codes';
import { MSG } from '../messages.sv';
import {
  HOUR_MS,
  addStockholmDays,
  isOnTheHour,
  startOfStockholmDay,
  stockholmDateKey,
  stockholmDateTime,
  stockholmDateTimeFromKey,
  stockholmParts,
  toDate,
  tomorrowStockholm,
  type DateInput,
} from '../time';

export const BOOKING_MIN_LEAD_HOURS = 24;
export const BOOKING_FIRST_HOUR = 7;
/** Bookings end at 21:00, so the last one starts at 20:00. */
export const BOOKING_END_HOUR = 21;
export const BOOKING_LAST_START_HOUR = BOOKING_END_HOUR - 1;
export const SUGGESTED_TIMES_COUNT = 3;
/** The booking calendar starts tomorrow and reaches this many days past today. */
export const BOOKING_HORIZON_DAYS = 62;
export const SLOT_MINUTES = 60;
export const AVAILABILITY_WEEK_CHOICES = [1, 2, 6] as const;
export type AvailabilityWeeks = (typeof AVAILABILITY_WEEK_CHOICES)[number];
/** Default provider days: Monday to Friday (1 = Monday ... 7 = Sunday). */
export const DEFAULT_WORK_WEEKDAYS = [1, 2, 3, 4, 5] as const;
/** The rebook dialog's default: tomorrow at 08:00. */
export const REBOOK_DEFAULT_HOUR = 8;
/** The rebook dialog's hourly options, 07:00 to 20:00. */
export const REBOOK_TIME_OPTIONS: readonly string[] = Array.from(
  { length: BOOKING_END_HOUR - BOOKING_FIRST_HOUR },
  (_, i) => `${String(BOOKING_FIRST_HOUR + i).padStart(2, '0')}:00`,
);

export type BookingTimeErrorCode = Extract<
  ErrorCode,
  | 'VALIDATION'
  | 'BOOKING_TIME_PAST'
  | 'BOOKING_TOO_SOON'
  | 'BOOKING_OUTSIDE_HOURS'
  | 'BOOKING_TOO_FAR'
>;

export interface BookingTimeError {
  code: BookingTimeErrorCode;
  message: string;
}

function fail(code: BookingTimeErrorCode, message = errorCatalog[code].message): BookingTimeError {
  return { code, message };
}

/** More than 24 hours (real elapsed time) after now. */
export function hasMinimumLead(time: DateInput, now: DateInput): boolean {
  return toDate(time).getTime() - toDate(now).getTime() > BOOKING_MIN_LEAD_HOURS * HOUR_MS;
}

/** The first instant with `hasMinimumLead`: a millisecond past 24 hours after now. */
export function earliestBookableStart(now: DateInput): Date {
  return new Date(toDate(now).getTime() + BOOKING_MIN_LEAD_HOURS * HOUR_MS + 1);
}

/** The Stockholm hour is from 07 up to but not including 21. */
export function isWithinBookingHours(time: DateInput): boolean {
  const { hour } = stockholmParts(time);
  return hour >= BOOKING_FIRST_HOUR && hour < BOOKING_END_HOUR;
}

/** The first instant past the booking horizon: 00:00 Stockholm, 63 days after today's start. */
export function bookingHorizonEnd(now: DateInput): Date {
  return addStockholmDays(startOfStockholmDay(now), BOOKING_HORIZON_DAYS + 1);
}

/**
 * Provider rebook (docs/rules/bookings.md#rebook): the first failing check, in order (past, not
 * more than 24 h ahead, Stockholm hour outside 07-21, past the booking
 * horizon that a client's request has too), or null.
 */
export function checkRebookTime(time: DateInput, now: DateInput): BookingTimeError | null {
  const t = toDate(time).getTime();
  const n = toDate(now).getTime();
  if (Number.isNaN(t) || Number.isNaN(n)) return fail('VALIDATION', MSG.dateTimeInvalid);
  if (t <= n) return fail('BOOKING_TIME_PAST');
  if (!hasMinimumLead(t, n)) return fail('BOOKING_TOO_SOON');
  if (!isWithinBookingHours(t)) return fail('BOOKING_OUTSIDE_HOURS');
  if (t >= bookingHorizonEnd(n).getTime()) return fail('BOOKING_TOO_FAR');
  return null;
}

/**
 * Client booking request (docs/rules/bookings.md#booking-request): exactly 3 distinct times, each on the
 * hour, more than 24 h ahead, starting 07:00-20:00 Stockholm and within the
 * horizon. The first failure, or null. (That each is an AVAILABLE slot of
 * the provider only the server can check.)
 */
export function checkSuggestedTimes(
  times: readonly DateInput[],
  now: DateInput,
): BookingTimeError | null {
  if (times.length !== SUGGESTED_TIMES_COUNT) return fail('VALIDATION', MSG.suggestedTimesCount);
  const instants = times.map((t) => toDate(t).getTime());
  if (instants.some((t) => Number.isNaN(t))) return fail('VALIDATION', MSG.dateTimeInvalid);
  if (new Set(instants).size !== instants.length) {
    return fail('VALIDATION', MSG.suggestedTimesDistinct);
  }
  for (const t of instants) {
    if (!isOnTheHour(t)) return fail('VALIDATION', MSG.bookingNotOnTheHour);
    const failure = checkRebookTime(t, now);
    if (failure) return failure;
  }
  return null;
}

/** Client calendar: a slot can be picked if it starts more than 24 h ahead and within the horizon. */
export function isSelectableSlotStart(time: DateInput, now: DateInput): boolean {
  return (
    hasMinimumLead(time, now) &&
    isWithinBookingHours(time) &&
    toDate(time).getTime() < bookingHorizonEnd(now).getTime()
  );
}

/**
 * The same rule as `isSelectableSlotStart`, as time intervals: for each
 * Stockholm day from today to the horizon, [07:00, 21:00) cut to start more
 * than 24 h after `now` and to end at the horizon. A start is selectable
 * exactly when it lies in one of them (a test holds the two together), so a
 * database can filter with them (GET /availabilities for a client).
 */
export function selectableWindows(now: DateInput): { start: Date; end: Date }[] {
  const earliest = earliestBookableStart(now).getTime();
  const horizon = bookingHorizonEnd(now).getTime();
  const windows: { start: Date; end: Date }[] = [];
  for (let day = startOfStockholmDay(now); day.getTime() < horizon;) {
    const p = stockholmParts(day);
    const open = stockholmDateTime(p.year, p.month, p.day, BOOKING_FIRST_HOUR, 0).getTime();
    const close = stockholmDateTime(p.year, p.month, p.day, BOOKING_END_HOUR, 0).getTime();
    const start = Math.max(open, earliest);
    const end = Math.min(close, horizon);
    if (start < end) windows.push({ start: new Date(start), end: new Date(end) });
    day = addStockholmDays(day, 1);
  }
  return windows;
}

/** Manage calendar: an hour that has already started is disabled. */
export function isPastSlot(startTime: DateInput, now: DateInput): boolean {
  return toDate(startTime).getTime() < toDate(now).getTime();
}

/** Rebook date input: the minimum date is tomorrow ('YYYY-MM-DD', Stockholm). */
export function rebookMinDate(now: DateInput): string {
  return stockholmDateKey(tomorrowStockholm(now));
}

/** Rebook defaults: tomorrow at 08:00. */
export function rebookDefaults(now: DateInput): { date: string; time: string } {
  return { date: rebookMinDate(now), time: `${String(REBOOK_DEFAULT_HOUR).padStart(2, '0')}:00` };
}

/** The instant of a rebook form's date ('YYYY-MM-DD') and time ('HH:mm') in Stockholm; null if malformed. */
export function rebookInstant(date: string, time: string): Date | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  return stockholmDateTimeFromKey(date, Number(m[1]), Number(m[2]));
}

/** The whole hours a day is long in Stockholm (23 on the spring change, 25 on the autumn one). */
export function stockholmDayLengthHours(day: DateInput): number {
  const start = startOfStockholmDay(day);
  return (addStockholmDays(start, 1).getTime() - start.getTime()) / HOUR_MS;
}

/** 00:00 Stockholm of each day from `from`'s day, `days` days long (calendar rows). */
export function stockholmDays(from: DateInput, days: number): Date[] {
  const start = startOfStockholmDay(from);
  return Array.from({ length: Math.max(0, days) }, (_, i) => addStockholmDays(start, i));
}

/** Days covered by an availability choice of 1, 2 or 6 weeks. */
export function weeksToDays(weeks: AvailabilityWeeks): number {
  return weeks * 7;
}

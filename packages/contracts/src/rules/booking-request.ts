import {
  addStockholmDays,
  startOfStockholmWeek,
  stockholmDateKey,
  toDate,
  tomorrowStockholm,
  type DateInput,
} from '../time';
import { SUGGESTED_TIMES_COUNT, bookingHorizonEnd, checkSuggestedTimes } from './booking-time';

/**
 * The client's booking page (docs/rules/bookings.md#booking-request):
 * the calendar starts tomorrow and is browsed week by week, Monday first, up
 * to the booking horizon (about 2 months); at most and exactly 3 times.
 * Times are instants in ms; every day and week is a Stockholm one. Whether
 * one time may be picked (more than 24 h ahead) is `isSelectableSlotStart`.
 */

/** The first day the booking calendar shows: tomorrow, 00:00 Stockholm. */
export function bookingCalendarStart(now: DateInput): Date {
  return tomorrowStockholm(now);
}

/**
 * The Monday (00:00 Stockholm) of each week the calendar can show: from the
 * week of tomorrow to the week of the horizon's last day, in order.
 */
export function bookingCalendarWeeks(now: DateInput): Date[] {
  const lastDay = new Date(bookingHorizonEnd(now).getTime() - 1);
  const lastWeek = startOfStockholmWeek(lastDay).getTime();
  const weeks: Date[] = [];
  for (let w = startOfStockholmWeek(bookingCalendarStart(now)); w.getTime() <= lastWeek;) {
    weeks.push(w);
    w = addStockholmDays(w, 7);
  }
  return weeks;
}

/** True if the Stockholm day of `day` is one the calendar shows (tomorrow up to the horizon). */
export function isBookingCalendarDay(day: DateInput, now: DateInput): boolean {
  const key = stockholmDateKey(day);
  const t = toDate(day).getTime();
  return key >= stockholmDateKey(bookingCalendarStart(now)) && t < bookingHorizonEnd(now).getTime();
}

/** True when the selection holds as many times as a request may (3). */
export function isSelectionFull(selected: readonly number[]): boolean {
  return selected.length >= SUGGESTED_TIMES_COUNT;
}

/**
 * Picks or unpicks one time. A picked time is removed; a new one is added
 * only while fewer than 3 are picked (a fourth leaves the selection as it
 * is). The result is sorted by time and never holds a time twice.
 */
export function toggleSuggestedTime(selected: readonly number[], time: number): number[] {
  if (selected.includes(time)) return selected.filter((t) => t !== time);
  if (isSelectionFull(selected)) return [...selected];
  return [...selected, time].sort((a, b) => a - b);
}

/** Exactly 3 times, each passing the request rules at `now`: the request may be sent. */
export function canSendSuggestedTimes(selected: readonly number[], now: DateInput): boolean {
  return checkSuggestedTimes(selected, now) === null;
}

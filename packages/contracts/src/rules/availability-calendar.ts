import type { AvailabilitySlot, AvailabilitySlotInput } from '../availability';
import {
  HOUR_MS,
  addStockholmDays,
  startOfStockholmWeek,
  stockholmDateTime,
  stockholmParts,
  toDate,
  type DateInput,
} from '../time';
import {
  BOOKING_FIRST_HOUR,
  BOOKING_LAST_START_HOUR,
  DEFAULT_WORK_WEEKDAYS,
  isPastSlot,
  type AvailabilityWeeks,
} from './booking-time';

/**
 * The provider's manage calendar (SPEC §2 /availability, decision 151): one
 * row per bookable hour, one column per day, Monday first, week by week from
 * the current week. Every instant is computed from Stockholm wall-clock time,
 * so the weeks with a 23- or 25-hour Sunday are right too.
 */

/** The rows: every hour a client can book, 07:00 to 20:00 (SPEC §5). */
export const MANAGE_CALENDAR_HOURS: readonly number[] = Array.from(
  { length: BOOKING_LAST_START_HOUR - BOOKING_FIRST_HOUR + 1 },
  (_, i) => BOOKING_FIRST_HOUR + i,
);
/** The current week and the 8 after it: about 2 months ahead (SPEC §9). */
export const MANAGE_CALENDAR_WEEKS = 9;
/** Default working hours, Monday to Friday: 09:00-17:00, so the last slot starts 16:00 (decision 151). */
export const DEFAULT_WORK_START_HOUR = 9;
export const DEFAULT_WORK_END_HOUR = 17;

/** The Monday 00:00 (Stockholm) of the week `index` weeks after the week of `now`. */
export function manageWeekStart(now: DateInput, index: number): Date {
  return addStockholmDays(startOfStockholmWeek(now), index * 7);
}

/** 00:00 Stockholm of the seven days of the week that starts on `weekStart`, Monday first. */
export function weekDays(weekStart: DateInput): Date[] {
  return Array.from({ length: 7 }, (_, i) => addStockholmDays(weekStart, i));
}

/** The start instant of `hour`:00 Stockholm on the day of `day`. */
export function slotStartOn(day: DateInput, hour: number): Date {
  const p = stockholmParts(day);
  return stockholmDateTime(p.year, p.month, p.day, hour, 0);
}

/** The one-hour slot input that starts at `start`. */
export function slotInput(start: DateInput): AvailabilitySlotInput {
  const t = toDate(start).getTime();
  return { startTime: new Date(t).toISOString(), endTime: new Date(t + HOUR_MS).toISOString() };
}

/** Every slot start of the calendar grid in the `weeks` weeks from `weekStart`, in order. */
export function gridSlotStarts(weekStart: DateInput, weeks = 1): Date[] {
  const out: Date[] = [];
  for (let d = 0; d < weeks * 7; d += 1) {
    const day = addStockholmDays(weekStart, d);
    for (const hour of MANAGE_CALENDAR_HOURS) out.push(slotStartOn(day, hour));
  }
  return out;
}

/** The default hours of one week (Monday-Friday 09:00-16:00 starts) that have not started yet. */
export function defaultWeekStarts(weekStart: DateInput, now: DateInput): number[] {
  const days = weekDays(weekStart);
  const out: number[] = [];
  for (const weekday of DEFAULT_WORK_WEEKDAYS) {
    for (let hour = DEFAULT_WORK_START_HOUR; hour < DEFAULT_WORK_END_HOUR; hour += 1) {
      const start = slotStartOn(days[weekday - 1]!, hour);
      if (!isPastSlot(start, now)) out.push(start.getTime());
    }
  }
  return out;
}

/**
 * Applies the pattern of the week starting `weekStart` (which weekday and
 * hour is chosen) to that week and the `weeks - 1` weeks after it: the
 * chosen set of those weeks becomes exactly the pattern. Hours already
 * started are never added; `locked` instants (PENDING or BOOKED slots) are
 * left as they are. Other weeks keep their choice. Returns a new set.
 */
export function applyWeekPattern(
  selected: ReadonlySet<number>,
  weekStart: DateInput,
  weeks: AvailabilityWeeks,
  now: DateInput,
  locked: ReadonlySet<number> = new Set(),
): Set<number> {
  const pattern = new Set<string>();
  gridSlotStarts(weekStart, 1).forEach((start, i) => {
    if (selected.has(start.getTime())) pattern.add(patternKey(i));
  });
  const result = new Set(selected);
  for (let w = 0; w < weeks; w += 1) {
    const starts = gridSlotStarts(addStockholmDays(weekStart, w * 7), 1);
    starts.forEach((start, i) => {
      const t = start.getTime();
      if (locked.has(t)) return;
      if (pattern.has(patternKey(i)) && !isPastSlot(t, now)) result.add(t);
      else if (!isPastSlot(t, now)) result.delete(t);
    });
  }
  return result;
}

function patternKey(cellIndex: number): string {
  return String(cellIndex);
}

/** The instants of the future hours in the `weeks` weeks from `weekStart`. */
export function futureGridStarts(weekStart: DateInput, weeks: number, now: DateInput): number[] {
  return gridSlotStarts(weekStart, weeks)
    .map((d) => d.getTime())
    .filter((t) => !isPastSlot(t, now));
}

export interface SlotChanges {
  /** Slots to create (POST /availabilities/many). */
  add: AvailabilitySlotInput[];
  /** AVAILABLE slots to remove (POST /availabilities/delete-many). */
  removeIds: string[];
}

/**
 * What to send so the provider's AVAILABLE future slots become exactly
 * `selected`: new hours are added, AVAILABLE hours no longer chosen are
 * removed. PENDING and BOOKED slots and hours already started are never
 * touched.
 */
export function slotChanges(
  selected: ReadonlySet<number>,
  saved: readonly AvailabilitySlot[],
  now: DateInput,
): SlotChanges {
  const existing = new Map<number, AvailabilitySlot>();
  for (const slot of saved) existing.set(toDate(slot.startTime).getTime(), slot);
  const add: AvailabilitySlotInput[] = [];
  for (const t of [...selected].sort((a, b) => a - b)) {
    if (!existing.has(t) && !isPastSlot(t, now)) add.push(slotInput(t));
  }
  const removeIds: string[] = [];
  for (const [t, slot] of existing) {
    if (slot.status === 'AVAILABLE' && !selected.has(t) && !isPastSlot(t, now)) {
      removeIds.push(slot.id);
    }
  }
  return { add, removeIds };
}

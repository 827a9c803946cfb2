import type { AvailabilitySlot, AvailabilitySlotInput } from '../availability';
import {
  HOUR_MS,
  SWEDISH_MONTHS,
  addStockholmDays,
  startOfStockholmDay,
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
 * The provider's manage calendar (docs/rules/availability.md#manage-calendar, decisions 151 and
 * 323): one row per bookable hour, one column per day, seven days at a time
 * starting today ("hourly rows starting today"), so a page is always whole
 * days and the first one is today. Every instant is computed from Stockholm
 * wall-clock time, so the weeks with a 23- or 25-hour Sunday are right too.
 */

/** The rows: every hour a client can book, 07:00 to 20:00 (docs/rules/bookings.md#booking-hours). */
export const MANAGE_CALENDAR_HOURS: readonly number[] = Array.from(
  { length: BOOKING_LAST_START_HOUR - BOOKING_FIRST_HOUR + 1 },
  (_, i) => BOOKING_FIRST_HOUR + i,
);
/** The seven days from today and the 8 weeks after them: about 2 months ahead. */
export const MANAGE_CALENDAR_WEEKS = 9;
/** Default working hours, Monday to Friday: 09:00-17:00, so the last slot starts 16:00 (decision 151). */
export const DEFAULT_WORK_START_HOUR = 9;
export const DEFAULT_WORK_END_HOUR = 17;

/**
 * The first day (00:00 Stockholm) of the manage calendar's week `index`:
 * week 0 is today and the six days after it, week 1 the seven days after
 * those, and so on. The 1, 2 or 6 weeks of 'Använd veckans tider' count the
 * same way.
 */
export function manageWeekStart(now: DateInput, index: number): Date {
  return addStockholmDays(startOfStockholmDay(now), index * 7);
}

/** The last day (00:00 Stockholm) of the seven days from `weekStart`. */
export function manageWeekEnd(weekStart: DateInput): Date {
  return addStockholmDays(weekStart, 6);
}

/** 00:00 Stockholm of the seven days from `weekStart` (a Monday, or any first day). */
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

/**
 * The default hours (Monday-Friday, 09:00-16:00 starts) of the seven days
 * from `weekStart`, in order; with `now`, only those that have not started.
 */
export function defaultWeekStarts(weekStart: DateInput, now?: DateInput): number[] {
  const workdays: ReadonlySet<number> = new Set(DEFAULT_WORK_WEEKDAYS);
  const out: number[] = [];
  for (const day of weekDays(weekStart)) {
    if (!workdays.has(stockholmParts(day).weekday)) continue;
    for (let hour = DEFAULT_WORK_START_HOUR; hour < DEFAULT_WORK_END_HOUR; hour += 1) {
      const start = slotStartOn(day, hour);
      if (now === undefined || !isPastSlot(start, now)) out.push(start.getTime());
    }
  }
  return out;
}

/** A week's pattern: which weekday (1 = Monday ... 7 = Sunday) at which Stockholm hour. */
export type WeekPattern = ReadonlySet<string>;

function patternKey(start: DateInput): string {
  const p = stockholmParts(start);
  return `${p.weekday}:${p.hour}`;
}

/**
 * The pattern of the seven days from `weekStart`: the weekday and hour of
 * every published instant in them (`published`: the chosen free hours and
 * the requested or booked ones), hours that have already passed included.
 */
export function weekPattern(published: ReadonlySet<number>, weekStart: DateInput): WeekPattern {
  const pattern = new Set<string>();
  for (const start of gridSlotStarts(weekStart, 1)) {
    if (published.has(start.getTime())) pattern.add(patternKey(start));
  }
  return pattern;
}

/**
 * 'Använd veckans tider': the pattern of the seven days from `weekStart`
 * (weekPattern of the chosen and the `locked` hours, past ones included) is
 * applied to the future hours of those seven days and of the `weeks - 1`
 * weeks after them: there the chosen set becomes exactly the pattern, so a
 * weekday left empty stays empty. Hours that have started and `locked`
 * instants (PENDING or BOOKED slots) are left as they are; other weeks keep
 * their choice. Returns a new set.
 */
export function applyWeekPattern(
  selected: ReadonlySet<number>,
  weekStart: DateInput,
  weeks: AvailabilityWeeks,
  now: DateInput,
  locked: ReadonlySet<number> = new Set(),
): Set<number> {
  const pattern = weekPattern(new Set([...selected, ...locked]), weekStart);
  const result = new Set(selected);
  for (const start of gridSlotStarts(weekStart, weeks)) {
    const t = start.getTime();
    if (locked.has(t) || isPastSlot(t, now)) continue;
    if (pattern.has(patternKey(start))) result.add(t);
    else result.delete(t);
  }
  return result;
}

/** What a save or a clear does to one week of the period: its days and the counts. */
export interface WeekChange {
  /** 00:00 Stockholm of the week's first and last day. */
  first: Date;
  last: Date;
  /** Free hours that will be created. */
  added: number;
  /** Free hours that will be removed. */
  removed: number;
  /** Requested or booked hours in the week, never changed. */
  taken: number;
}

/**
 * Week by week (the seven-day weeks from `weekStart`), how many hours
 * `changes` creates and removes, and how many taken hours stay: what the
 * confirmation before a save or a clear names. Changes outside the `weeks`
 * weeks are not counted.
 */
export function changesByWeek(
  changes: SlotChanges,
  saved: readonly AvailabilitySlot[],
  weekStart: DateInput,
  weeks: number,
): WeekChange[] {
  const out: WeekChange[] = Array.from({ length: weeks }, (_, w) => {
    const first = addStockholmDays(weekStart, w * 7);
    return { first, last: manageWeekEnd(first), added: 0, removed: 0, taken: 0 };
  });
  const ends = out.map((w) => addStockholmDays(w.first, 7).getTime());
  const weekOf = (t: number): WeekChange | undefined => {
    if (t < out[0]!.first.getTime()) return undefined;
    const i = ends.findIndex((end) => t < end);
    return i === -1 ? undefined : out[i];
  };
  const removing = new Set(changes.removeIds);
  for (const slot of changes.add) {
    const week = weekOf(toDate(slot.startTime).getTime());
    if (week) week.added += 1;
  }
  for (const slot of saved) {
    const week = weekOf(toDate(slot.startTime).getTime());
    if (!week) continue;
    if (removing.has(slot.id)) week.removed += 1;
    else if (slot.status !== 'AVAILABLE') week.taken += 1;
  }
  return out;
}

/**
 * 'Rensa': the AVAILABLE slots of the future hours in the `weeks` weeks
 * from `weekStart`. PENDING and BOOKED slots are never among them.
 */
export function clearableSlots(
  saved: readonly AvailabilitySlot[],
  weekStart: DateInput,
  weeks: number,
  now: DateInput,
): AvailabilitySlot[] {
  const period = new Set(futureGridStarts(weekStart, weeks, now));
  return saved.filter((s) => s.status === 'AVAILABLE' && period.has(toDate(s.startTime).getTime()));
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

/**
 * Two days in Stockholm as a Swedish range, e.g. '9–15 december',
 * '30 december – 5 januari' (the confirmations name weeks this way). With
 * the year (a calendar's week title): '9–15 december 2026', '30 november –
 * 6 december 2026', '28 december 2026 – 3 januari 2027'.
 */
export function formatDayRange(
  first: DateInput,
  last: DateInput,
  { withYear = false }: { withYear?: boolean } = {},
): string {
  const a = stockholmParts(first);
  const b = stockholmParts(last);
  const end = `${b.day} ${SWEDISH_MONTHS[b.month - 1]}${withYear ? ` ${b.year}` : ''}`;
  if (a.year === b.year && a.month === b.month) return `${a.day}–${end}`;
  const start = `${a.day} ${SWEDISH_MONTHS[a.month - 1]}${withYear && a.year !== b.year ? ` ${a.year}` : ''}`;
  return `${start} – ${end}`;
}

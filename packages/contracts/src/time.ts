import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { sv } from 'date-fns/locale';

/**
 * Stockholm time helpers (docs/rules/bookings.md#stockholm-time, decision 010). Every rule about hours
 * and days is evaluated in Europe/Stockholm, whatever the process time zone.
 */
export const STOCKHOLM = 'Europe/Stockholm';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Swedish weekday names, Monday first. */
export const SWEDISH_WEEKDAYS = [
  'måndag',
  'tisdag',
  'onsdag',
  'torsdag',
  'fredag',
  'lördag',
  'söndag',
] as const;
export const SWEDISH_WEEKDAYS_SHORT = ['mån', 'tis', 'ons', 'tor', 'fre', 'lör', 'sön'] as const;

export type DateInput = Date | string | number;

export function toDate(input: DateInput): Date {
  return input instanceof Date ? new Date(input.getTime()) : new Date(input);
}

export interface StockholmParts {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  /** 1 = Monday ... 7 = Sunday */
  weekday: number;
}

/**
 * The Stockholm wall-clock parts of an instant: the instant moved by the
 * zone's offset at that instant, read as UTC (exact: the offset is what
 * Intl says for Europe/Stockholm, see stockholmOffsetMs).
 */
export function stockholmParts(input: DateInput): StockholmParts {
  const t = toDate(input).getTime();
  const d = new Date(t + stockholmOffsetMs(t));
  const jsDay = d.getUTCDay();
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    weekday: jsDay === 0 ? 7 : jsDay,
  };
}

/**
 * The instant at which Stockholm's clocks show this wall-clock time. Month
 * is 1-12; day, hour and minute may overflow (day 32 is the 1st of the next
 * month), like `Date`.
 */
export function stockholmDateTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): Date {
  // Computed from the zone's UTC offset (Intl), never from the process time zone.
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  const firstOffset = stockholmOffsetMs(wallAsUtc);
  let instant = wallAsUtc - firstOffset;
  const secondOffset = stockholmOffsetMs(instant);
  if (secondOffset !== firstOffset) {
    // Near a change: a wall time in the spring gap (02:00-02:59 does not exist) resolves
    // to the instant one hour earlier (02:30 -> 01:30 CET); an ambiguous autumn time
    // resolves to its second occurrence (standard time).
    const retry = wallAsUtc - secondOffset;
    if (stockholmOffsetMs(retry) === secondOffset) instant = retry;
  }
  return new Date(instant);
}

/** Stockholm's UTC offset per UTC hour since 1970 (see stockholmOffsetMs). */
const offsetByUtcHour = new Map<number, number>();
/** About eleven years of hours; then the memo starts again. */
const OFFSET_MEMO_LIMIT = 100_000;

/**
 * Stockholm's UTC offset at the instant, in ms (+1 h in winter, +2 h in
 * summer), from the runtime's time-zone data (Intl, through @date-fns/tz).
 * Since 1970 the zone has changed its offset only at whole UTC hours (01:00
 * UTC), so the offset is asked once per UTC hour and remembered: every rule
 * about hours and days asks it many times (a calendar, a request's checks),
 * and each Intl call cost microseconds. A test compares it with Intl across
 * 1970-2100 and every change.
 */
export function stockholmOffsetMs(input: DateInput): number {
  const t = toDate(input).getTime();
  if (!(t >= 0)) return tzOffset(STOCKHOLM, new Date(t)) * 60 * 1000;
  const hour = Math.floor(t / HOUR_MS);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    offset = tzOffset(STOCKHOLM, new Date(hour * HOUR_MS)) * 60 * 1000;
    if (offsetByUtcHour.size >= OFFSET_MEMO_LIMIT) offsetByUtcHour.clear();
    offsetByUtcHour.set(hour, offset);
  }
  return offset;
}

/** 00:00 Stockholm time of the day the instant falls on. */
export function startOfStockholmDay(input: DateInput): Date {
  const p = stockholmParts(input);
  return stockholmDateTime(p.year, p.month, p.day, 0, 0);
}

/** The same Stockholm wall-clock time `days` calendar days later (23 or 25 h across DST). */
export function addStockholmDays(input: DateInput, days: number): Date {
  const date = toDate(input);
  const p = stockholmParts(date);
  const seconds = date.getUTCSeconds() * 1000 + date.getUTCMilliseconds();
  return new Date(
    stockholmDateTime(p.year, p.month, p.day + days, p.hour, p.minute).getTime() + seconds,
  );
}

/** 00:00 Stockholm time on the Monday of the week the instant falls in (weeks start on Monday). */
export function startOfStockholmWeek(input: DateInput): Date {
  const p = stockholmParts(input);
  return stockholmDateTime(p.year, p.month, p.day - (p.weekday - 1), 0, 0);
}

/** 00:00 Stockholm time of the day after `now`. */
export function tomorrowStockholm(now: DateInput): Date {
  const p = stockholmParts(now);
  return stockholmDateTime(p.year, p.month, p.day + 1, 0, 0);
}

/** 'YYYY-MM-DD' of the Stockholm calendar day of the instant. */
export function stockholmDateKey(input: DateInput): string {
  const p = stockholmParts(input);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant of hour:00 Stockholm time on a 'YYYY-MM-DD' day; null if the key is malformed. */
export function stockholmDateTimeFromKey(dateKey: string, hour = 0, minute = 0): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateKey);
  if (!m) return null;
  return stockholmDateTime(Number(m[1]), Number(m[2]), Number(m[3]), hour, minute);
}

/** True if the instant is exactly on a whole hour (Stockholm's offsets are whole hours). */
export function isOnTheHour(input: DateInput): boolean {
  const t = toDate(input).getTime();
  return Number.isFinite(t) && t % HOUR_MS === 0;
}

export const DEFAULT_STOCKHOLM_PATTERN = "EEEE d MMMM yyyy 'kl.' HH:mm";

/**
 * Swedish date in Stockholm time with the suffix ' (svensk tid)', e.g.
 * 'måndag 30 mars 2026 kl. 14:00 (svensk tid)'.
 */
export function formatStockholm(input: DateInput, pattern = DEFAULT_STOCKHOLM_PATTERN): string {
  return `${formatStockholmPlain(input, pattern)} (svensk tid)`;
}

/** Swedish month names as date-fns's `sv` locale writes them ('MMMM'). */
export const SWEDISH_MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/**
 * Like formatStockholm without the suffix (table cells, time pickers).
 * The default pattern and 'HH:mm' (every mail's times, every booking's
 * start and end) are written from stockholmParts, whose offset is asked once
 * per UTC hour; any other pattern goes through date-fns with a Stockholm
 * TZDate, which asks Intl for the offset on every call (decision 227). A test
 * holds the two equal across years and both DST changes.
 */
export function formatStockholmPlain(
  input: DateInput,
  pattern = DEFAULT_STOCKHOLM_PATTERN,
): string {
  const t = toDate(input).getTime();
  if (t >= 0 && t < MAX_FAST_FORMAT_MS) {
    if (pattern === DEFAULT_STOCKHOLM_PATTERN) {
      const p = stockholmParts(t);
      return `${SWEDISH_WEEKDAYS[p.weekday - 1]} ${p.day} ${SWEDISH_MONTHS[p.month - 1]} ${p.year} kl. ${pad(p.hour)}:${pad(p.minute)}`;
    }
    if (pattern === 'HH:mm') {
      const p = stockholmParts(t);
      return `${pad(p.hour)}:${pad(p.minute)}`;
    }
  }
  return format(new TZDate(t, STOCKHOLM), pattern, { locale: sv });
}

/*
 * Dates as the product writes them, in Stockholm time (Swedish norm): the
 * weekday and the month in lower case inside a sentence ('fredag 27
 * november'), a capital only where a line or a heading starts
 * (atLineStart). Screens use these and formatStockholm, never a pattern of
 * their own, so a date reads the same everywhere.
 */

/**
 * 'fredag 27 november 2026 kl. 14:00': formatStockholm without the suffix,
 * for a list that says once, above it, that its times are Swedish time.
 */
export function formatStockholmDateTime(input: DateInput): string {
  return formatStockholmPlain(input);
}

/** 'fredag 27 november': a day. */
export function formatStockholmDay(input: DateInput): string {
  const p = stockholmParts(input);
  return `${SWEDISH_WEEKDAYS[p.weekday - 1]} ${p.day} ${SWEDISH_MONTHS[p.month - 1]}`;
}

/** 'fredag 27 november kl. 14:00': a time on a day of the weeks ahead (no year). */
export function formatStockholmDayTime(input: DateInput): string {
  return `${formatStockholmDay(input)} kl. ${formatStockholmTime(input)}`;
}

/** '27 november': a day without its weekday (a calendar's column). */
export function formatStockholmDayMonth(input: DateInput): string {
  const p = stockholmParts(input);
  return `${p.day} ${SWEDISH_MONTHS[p.month - 1]}`;
}

/** '27 november 2026': a date (when a licence was checked). */
export function formatStockholmDate(input: DateInput): string {
  return `${formatStockholmDayMonth(input)} ${stockholmParts(input).year}`;
}

/** '14:00'. */
export function formatStockholmTime(input: DateInput): string {
  const p = stockholmParts(input);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** The ISO week number (Monday first, as Swedish calendars count) of the Stockholm day. */
export function stockholmIsoWeek(input: DateInput): number {
  return Number(formatStockholmPlain(input, 'I'));
}

/**
 * The text with a capital first letter, for where a line or a heading
 * starts: atLineStart(formatStockholm(t)) → 'Fredag 27 november 2026 kl. 14:00 (svensk tid)'.
 */
export function atLineStart(text: string): string {
  return text.charAt(0).toLocaleUpperCase('sv-SE') + text.slice(1);
}

/** 9999-12-31T00:00Z: Stockholm is then still in year 9999, four digits, as 'yyyy' writes it. */
const MAX_FAST_FORMAT_MS = Date.UTC(9999, 11, 31, 0, 0);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

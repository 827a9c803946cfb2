/**
 * Demo availability in Europe/Stockholm time (daylight saving included),
 * with Intl only, so the seed needs no date library.
 */

const STOCKHOLM = 'Europe/Stockholm';
const HOUR_MS = 3_600_000;

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: STOCKHOLM,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The Stockholm wall-clock time of an instant. */
export function stockholmWallClock(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatter.formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Stockholm's offset from UTC at an instant, in milliseconds (+1 h or +2 h). */
function offsetAt(instantMs: number): number {
  const w = stockholmWallClock(new Date(instantMs));
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant at which Stockholm's clocks show year-month-day hour:00. */
function stockholmTime(year: number, month: number, day: number, hour: number): Date {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour);
  let instant = wallAsUtc - offsetAt(wallAsUtc);
  // Once more with the offset at the first guess: right across a DST change.
  instant = wallAsUtc - offsetAt(instant);
  return new Date(instant);
}

export interface SlotTime {
  startTime: Date;
  endTime: Date;
}

/**
 * One-hour slots on weekdays from `firstHour`:00 to `lastHour`:00 Stockholm
 * time (the last slot ends at lastHour), from tomorrow (in Stockholm) for
 * `days` days.
 */
export function weekdaySlots(
  now: Date,
  options: { days?: number; firstHour?: number; lastHour?: number } = {},
): SlotTime[] {
  const { days = 28, firstHour = 8, lastHour = 16 } = options;
  const today = stockholmWallClock(now);
  const slots: SlotTime[] = [];
  for (let offset = 1; offset <= days; offset += 1) {
    // Calendar arithmetic on a UTC date: no time zone can shift the day.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let hour = firstHour; hour < lastHour; hour += 1) {
      const startTime = stockholmTime(
        date.getUTCFullYear(),
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        hour,
      );
      slots.push({ startTime, endTime: new Date(startTime.getTime() + HOUR_MS) });
    }
  }
  return slots;
}

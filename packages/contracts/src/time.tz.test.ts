import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { sv } from 'date-fns/locale';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SWEDISH_WEEKDAYS,
  addStockholmDays,
  atLineStart,
  formatStockholm,
  formatStockholmDate,
  formatStockholmDateTime,
  formatStockholmDay,
  formatStockholmDayMonth,
  formatStockholmDayTime,
  formatStockholmPlain,
  formatStockholmTime,
  stockholmIsoWeek,
  HOUR_MS,
  isOnTheHour,
  startOfStockholmDay,
  stockholmDateKey,
  stockholmDateTime,
  stockholmDateTimeFromKey,
  stockholmOffsetMs,
  stockholmParts,
  tomorrowStockholm,
} from './time';

describe('the process time zone', () => {
  it('is New York in the tz project, so these tests prove zone independence', ({ task }) => {
    // The same files also run in the unit project (the machine's zone).
    if (task.file.projectName !== 'tz') return;
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date('2026-01-15T12:00:00Z').getTimezoneOffset()).toBe(300);
    expect(new Date('2026-07-15T12:00:00Z').getTimezoneOffset()).toBe(240);
  });
});

describe('stockholmDateTime', () => {
  it('maps winter wall-clock time to UTC+1', () => {
    expect(stockholmDateTime(2026, 3, 28, 7).toISOString()).toBe('2026-03-28T06:00:00.000Z');
  });
  it('maps 07:00 on the spring change day (2026-03-29) to UTC+2', () => {
    expect(stockholmDateTime(2026, 3, 29, 7).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(stockholmDateTime(2026, 3, 29, 0).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(stockholmDateTime(2026, 3, 29, 20).toISOString()).toBe('2026-03-29T18:00:00.000Z');
  });
  it('maps times on the autumn change day (2026-10-25)', () => {
    expect(stockholmDateTime(2026, 10, 25, 0).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(stockholmDateTime(2026, 10, 25, 7).toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(stockholmDateTime(2026, 10, 25, 21).toISOString()).toBe('2026-10-25T20:00:00.000Z');
  });
  it('resolves the spring gap and the ambiguous autumn hour deterministically', () => {
    expect(stockholmDateTime(2026, 3, 29, 2, 30).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(stockholmDateTime(2026, 10, 25, 2, 30).toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });
  it('lets the day overflow into the next month', () => {
    expect(stockholmDateTime(2026, 3, 32, 7).toISOString()).toBe('2026-04-01T05:00:00.000Z');
  });
});

describe('stockholmParts', () => {
  it('reads the Stockholm wall clock around the spring change', () => {
    expect(stockholmParts('2026-03-29T00:59:00.000Z')).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 1,
      minute: 59,
      weekday: 7,
    });
    expect(stockholmParts('2026-03-29T01:00:00.000Z')).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 3,
      minute: 0,
      weekday: 7,
    });
  });
  it('crosses midnight in Stockholm before UTC does', () => {
    expect(stockholmParts('2026-03-29T22:30:00.000Z')).toEqual({
      year: 2026,
      month: 3,
      day: 30,
      hour: 0,
      minute: 30,
      weekday: 1,
    });
  });
  it('reads both 02:xx hours of the autumn change', () => {
    expect(stockholmParts('2026-10-25T00:30:00.000Z').hour).toBe(2);
    expect(stockholmParts('2026-10-25T01:30:00.000Z').hour).toBe(2);
    expect(stockholmParts('2026-10-25T02:30:00.000Z').hour).toBe(3);
  });
});

describe('offsets', () => {
  it('is +1 h in winter and +2 h in summer', () => {
    expect(stockholmOffsetMs('2026-01-15T12:00:00Z')).toBe(3_600_000);
    expect(stockholmOffsetMs('2026-07-15T12:00:00Z')).toBe(7_200_000);
  });
});

describe('days', () => {
  it('starts the Stockholm day at local midnight on both change days', () => {
    expect(startOfStockholmDay('2026-03-29T15:00:00Z').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfStockholmDay('2026-10-25T15:00:00Z').toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
  });
  it('adds calendar days keeping the wall-clock time (23 h / 25 h across a change)', () => {
    expect(addStockholmDays('2026-03-28T09:00:00.000Z', 1).toISOString()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    expect(addStockholmDays('2026-10-24T08:00:00.000Z', 1).toISOString()).toBe(
      '2026-10-25T09:00:00.000Z',
    );
    expect(addStockholmDays('2026-03-30T08:00:00.000Z', -2).toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
  });
  it('gives tomorrow as Stockholm midnight', () => {
    // 23:30 UTC on the 28th is already 00:30 on the 29th in Stockholm.
    expect(tomorrowStockholm('2026-03-28T23:30:00Z').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(tomorrowStockholm('2026-03-28T22:30:00Z').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(tomorrowStockholm('2026-10-24T12:00:00Z').toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    expect(tomorrowStockholm('2026-10-25T12:00:00Z').toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });
  it('keys and parses Stockholm dates', () => {
    expect(stockholmDateKey('2026-03-28T23:30:00Z')).toBe('2026-03-29');
    expect(stockholmDateTimeFromKey('2026-10-25', 8)?.toISOString()).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    expect(stockholmDateTimeFromKey('25/10/2026', 8)).toBeNull();
  });
  it('knows whole hours', () => {
    expect(isOnTheHour('2026-03-29T05:00:00.000Z')).toBe(true);
    expect(isOnTheHour('2026-03-29T05:00:01.000Z')).toBe(false);
    expect(isOnTheHour('2026-03-29T05:30:00.000Z')).toBe(false);
  });
});

describe('formatStockholm', () => {
  it('writes the default pattern and HH:mm as date-fns does across 2025-2029: every 7 h 1 min, and each DST change minute by minute', () => {
    // Decision 227: those two patterns are written from stockholmParts; any
    // other goes through date-fns. Both must agree on every instant. The
    // instants: a stride of 7 h 1 min (it walks through every hour and
    // minute of the day over the years), plus every minute of the four hours
    // around each change to and from summer time, where a slip would show.
    // About 8,600 instants, compared in one assertion: cheap enough on a busy
    // machine (the budget at the end is room, not a target).
    const viaDateFns = (t: number, pattern: string) =>
      format(new TZDate(t, 'Europe/Stockholm'), pattern, { locale: sv });
    const instants: number[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2030, 0, 1); t += 421 * 60_000)
      instants.push(t);
    for (let year = 2025; year <= 2029; year++) {
      for (const month of [2, 9]) {
        // The last Sunday of March / October; the change is at 01:00 UTC.
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const sunday = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (let t = sunday - 2 * 3_600_000; t < sunday + 2 * 3_600_000; t += 60_000)
          instants.push(t);
      }
    }
    const mismatches = instants.filter(
      (t) =>
        formatStockholmPlain(t) !== viaDateFns(t, "EEEE d MMMM yyyy 'kl.' HH:mm") ||
        formatStockholmPlain(t, 'HH:mm') !== viaDateFns(t, 'HH:mm'),
    );
    expect(mismatches.map((t) => new Date(t).toISOString())).toEqual([]);
    expect(instants.length).toBeGreaterThan(8_000);
    // Seconds and milliseconds are cut, not rounded; before 1970 and a bad date as date-fns.
    expect(formatStockholmPlain('2026-10-25T01:59:59.999Z')).toBe(
      'söndag 25 oktober 2026 kl. 02:59',
    );
    expect(formatStockholmPlain('1969-07-20T20:17:40Z')).toBe(
      viaDateFns(Date.UTC(1969, 6, 20, 20, 17, 40), "EEEE d MMMM yyyy 'kl.' HH:mm"),
    );
    expect(() => formatStockholmPlain('not a date')).toThrow(RangeError);
  }, 60_000);

  it('formats in Swedish, Stockholm time, with the suffix', () => {
    expect(formatStockholm('2026-03-30T12:00:00.000Z')).toBe(
      'måndag 30 mars 2026 kl. 14:00 (svensk tid)',
    );
    expect(formatStockholm('2026-10-25T06:00:00.000Z')).toBe(
      'söndag 25 oktober 2026 kl. 07:00 (svensk tid)',
    );
  });
  it('formats both change days in their own offset', () => {
    // Spring: 01:59 CET is followed by 03:00 CEST.
    expect(formatStockholm('2026-03-29T00:59:00.000Z')).toBe(
      'söndag 29 mars 2026 kl. 01:59 (svensk tid)',
    );
    expect(formatStockholm('2026-03-29T01:00:00.000Z')).toBe(
      'söndag 29 mars 2026 kl. 03:00 (svensk tid)',
    );
    expect(formatStockholm('2026-03-29T05:00:00.000Z')).toBe(
      'söndag 29 mars 2026 kl. 07:00 (svensk tid)',
    );
    expect(formatStockholm('2026-03-29T18:00:00.000Z')).toBe(
      'söndag 29 mars 2026 kl. 20:00 (svensk tid)',
    );
    // Autumn: 02:30 happens twice.
    expect(formatStockholmPlain('2026-10-25T00:30:00.000Z', 'HH:mm')).toBe('02:30');
    expect(formatStockholmPlain('2026-10-25T01:30:00.000Z', 'HH:mm')).toBe('02:30');
    expect(formatStockholm('2026-10-25T19:00:00.000Z')).toBe(
      'söndag 25 oktober 2026 kl. 20:00 (svensk tid)',
    );
  });
  it('takes a pattern', () => {
    expect(formatStockholm('2026-03-28T23:30:00Z', 'yyyy-MM-dd HH:mm')).toBe(
      '2026-03-29 00:30 (svensk tid)',
    );
    expect(formatStockholmPlain('2026-03-28T23:30:00Z', 'd MMM')).toBe('29 mars');
  });
  it('lists weekdays Monday first', () => {
    expect(SWEDISH_WEEKDAYS).toEqual([
      'måndag',
      'tisdag',
      'onsdag',
      'torsdag',
      'fredag',
      'lördag',
      'söndag',
    ]);
  });
});

describe('dates as the product writes them (Swedish norm)', () => {
  // Friday 27 November 2026, 14:00 in Stockholm (UTC+1); 23:30Z on the 26th is already the 27th.
  const friday = '2026-11-27T13:00:00Z';
  const justAfterMidnight = '2026-11-26T23:30:00Z';

  it('keeps the weekday and the month in lower case inside a sentence', () => {
    expect(formatStockholm(friday)).toBe('fredag 27 november 2026 kl. 14:00 (svensk tid)');
    expect(formatStockholmDateTime(friday)).toBe('fredag 27 november 2026 kl. 14:00');
    expect(formatStockholmDay(friday)).toBe('fredag 27 november');
    expect(formatStockholmDayTime(friday)).toBe('fredag 27 november kl. 14:00');
    expect(formatStockholmDayMonth(friday)).toBe('27 november');
    expect(formatStockholmDate(friday)).toBe('27 november 2026');
    expect(formatStockholmTime(friday)).toBe('14:00');
  });

  it('writes the full month, never a short one, and no seconds', () => {
    const all = [
      formatStockholm,
      formatStockholmDateTime,
      formatStockholmDay,
      formatStockholmDayTime,
      formatStockholmDate,
    ];
    for (const format of all) {
      const text = format('2026-12-02T13:00:05Z');
      expect(text).toContain('december');
      expect(text).not.toMatch(/\bdec\.|:05/);
    }
  });

  it('capitalises only where a line starts', () => {
    expect(atLineStart(formatStockholm(friday))).toBe(
      'Fredag 27 november 2026 kl. 14:00 (svensk tid)',
    );
    expect(atLineStart(formatStockholmDay(friday))).toBe('Fredag 27 november');
    expect(atLineStart('ödet')).toBe('Ödet');
    expect(atLineStart('27 november 2026')).toBe('27 november 2026');
  });

  it('reads the Stockholm day, not the process zone or UTC', () => {
    expect(formatStockholmDay(justAfterMidnight)).toBe('fredag 27 november');
    expect(formatStockholmDayTime(justAfterMidnight)).toBe('fredag 27 november kl. 00:30');
    // Summer time: 07:00Z is 09:00 in Stockholm.
    expect(formatStockholmDayTime('2026-07-01T07:00:00Z')).toBe('onsdag 1 juli kl. 09:00');
  });

  it('numbers the weeks as Swedish calendars do (ISO, Monday first)', () => {
    expect(stockholmIsoWeek(friday)).toBe(48);
    // Sunday 3 January 2027 still belongs to week 53 of 2026; Monday the 4th starts week 1.
    expect(stockholmIsoWeek('2027-01-03T12:00:00Z')).toBe(53);
    expect(stockholmIsoWeek('2027-01-04T12:00:00Z')).toBe(1);
    // Sunday 23:30Z is Monday 00:30 in Stockholm: the next week.
    expect(stockholmIsoWeek('2026-11-29T23:30:00Z')).toBe(49);
  });
});

describe('the last Sundays of March and October, other years', () => {
  /** The last Sunday of a month, computed without any time-zone library. */
  const lastSunday = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month, 0)); // day 0 of the next month
    return last.getUTCDate() - last.getUTCDay();
  };
  it.each([2025, 2026, 2027, 2028])('%i: 23 hours in March, 25 in October', (year) => {
    const march = lastSunday(year, 3);
    const october = lastSunday(year, 10);
    const noon = (month: number, day: number) => stockholmDateTime(year, month, day, 12);
    const dayLength = (month: number, day: number) =>
      (addStockholmDays(startOfStockholmDay(noon(month, day)), 1).getTime() -
        startOfStockholmDay(noon(month, day)).getTime()) /
      3_600_000;
    expect(dayLength(3, march)).toBe(23);
    expect(dayLength(3, march - 1)).toBe(24);
    expect(dayLength(10, october)).toBe(25);
    expect(dayLength(10, october - 1)).toBe(24);
    expect(stockholmParts(noon(3, march)).weekday).toBe(7);
    expect(stockholmParts(noon(10, october)).weekday).toBe(7);
  });
});

describe('the remembered offset (one Intl call per UTC hour)', () => {
  /** What Intl says, asked afresh: the reference the fast path must equal. */
  function reference(t: number) {
    const d = new TZDate(t, 'Europe/Stockholm');
    const jsDay = d.getDay();
    return {
      offset: tzOffset('Europe/Stockholm', new Date(t)) * 60 * 1000,
      parts: {
        year: d.getFullYear(),
        month: d.getMonth() + 1,
        day: d.getDate(),
        hour: d.getHours(),
        minute: d.getMinutes(),
        weekday: jsDay === 0 ? 7 : jsDay,
      },
    };
  }

  it('equals Intl at any instant from 1970 to 2100', () => {
    const max = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max }), (t) => {
        const ref = reference(t);
        expect(stockholmOffsetMs(t)).toBe(ref.offset);
        expect(stockholmParts(t)).toEqual(ref.parts);
      }),
      { numRuns: 2000 },
    );
    // A deliberate budget: room for a busy machine, not a target.
  }, 60_000);

  it('equals Intl around each change from 1980 to 2040 (every Sunday of the months with one: the millisecond before, at and after 01:00 UTC, and each hour from 00:00 to 03:00 UTC)', () => {
    // About 6,000 instants, each read once from the reference, compared in one
    // assertion: cheap enough on a busy machine (the budget below is room, not a target).
    const mismatches: string[] = [];
    for (let year = 1980; year <= 2040; year += 1) {
      for (const month of [2, 3, 8, 9]) {
        for (let day = 1; day <= 31; day += 1) {
          const sunday = new Date(Date.UTC(year, month, day));
          if (sunday.getUTCMonth() !== month || sunday.getUTCDay() !== 0) continue;
          const change = Date.UTC(year, month, day, 1);
          for (const t of [
            change - HOUR_MS,
            change - 1,
            change,
            change + 1,
            change + HOUR_MS,
            change + 2 * HOUR_MS,
          ]) {
            const ref = reference(t);
            if (
              stockholmOffsetMs(t) !== ref.offset ||
              JSON.stringify(stockholmParts(t)) !== JSON.stringify(ref.parts)
            ) {
              mismatches.push(new Date(t).toISOString());
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('reads an instant before 1970 without the memo', () => {
    const t = Date.UTC(1960, 5, 1, 12);
    expect(stockholmOffsetMs(t)).toBe(reference(t).offset);
    expect(stockholmParts(t)).toEqual(reference(t).parts);
  });
});

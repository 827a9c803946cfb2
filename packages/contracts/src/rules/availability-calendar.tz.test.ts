import { describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '../availability';
import { startOfStockholmWeek, stockholmParts } from '../time';
import {
  MANAGE_CALENDAR_HOURS,
  applyWeekPattern,
  changesByWeek,
  clearableSlots,
  defaultWeekStarts,
  formatDayRange,
  futureGridStarts,
  gridSlotStarts,
  manageWeekEnd,
  manageWeekStart,
  slotChanges,
  slotInput,
  slotStartOn,
  weekDays,
  weekPattern,
} from './availability-calendar';

const iso = (d: Date | number) => new Date(d).toISOString();

describe('startOfStockholmWeek', () => {
  it('is Monday 00:00 Stockholm, for any instant of the week', () => {
    // Sunday 2026-03-29 23:30 Stockholm (summer time) is 21:30Z.
    expect(iso(startOfStockholmWeek('2026-03-29T21:30:00Z'))).toBe('2026-03-22T23:00:00.000Z');
    // Monday 2026-03-30 00:30 Stockholm is Sunday 22:30Z: already the next week.
    expect(iso(startOfStockholmWeek('2026-03-29T22:30:00Z'))).toBe('2026-03-29T22:00:00.000Z');
    // A Monday itself.
    expect(iso(startOfStockholmWeek('2026-10-26T10:00:00Z'))).toBe('2026-10-25T23:00:00.000Z');
  });
});

describe('the manage calendar grid', () => {
  it('has rows 07:00 to 20:00', () => {
    expect(MANAGE_CALENDAR_HOURS).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('starts today: weeks of seven whole days from today, not from Monday', () => {
    const now = '2026-12-09T12:00:00Z'; // Wednesday 9 December, 13:00 Stockholm
    const days = weekDays(manageWeekStart(now, 0));
    expect(days.map((d) => stockholmParts(d).day)).toEqual([9, 10, 11, 12, 13, 14, 15]);
    expect(days.map((d) => stockholmParts(d).weekday)).toEqual([3, 4, 5, 6, 7, 1, 2]);
    expect(days.every((d) => stockholmParts(d).hour === 0)).toBe(true);
    expect(stockholmParts(manageWeekStart(now, 1)).day).toBe(16);
    expect(stockholmParts(manageWeekEnd(manageWeekStart(now, 1))).day).toBe(22);
    expect(stockholmParts(manageWeekStart(now, 8)).day).toBe(3); // 2027-02-03
    // Just after midnight Stockholm (still the day before in UTC) it is already the new day.
    expect(iso(manageWeekStart('2026-12-09T23:30:00Z', 0))).toBe('2026-12-09T23:00:00.000Z');
  });

  it('keeps whole days across the clock changes (00:00 every day, 23- and 25-hour days)', () => {
    for (const now of ['2027-03-24T11:00:00Z', '2027-10-27T10:00:00Z']) {
      for (let w = 0; w < 3; w += 1) {
        for (const day of weekDays(manageWeekStart(now, w))) {
          expect(stockholmParts(day)).toMatchObject({ hour: 0, minute: 0 });
        }
      }
    }
  });

  it('keeps every hour on its wall-clock time across the spring change (23-hour Sunday)', () => {
    const starts = gridSlotStarts(startOfStockholmWeek('2026-03-25T12:00:00Z'));
    expect(starts).toHaveLength(7 * 14);
    // Every cell shows its own Stockholm hour, also after the change.
    starts.forEach((s, i) => expect(stockholmParts(s).hour).toBe(7 + (i % 14)));
    // Saturday 07:00 is still winter time (UTC+1), Sunday 07:00 already summer time (UTC+2).
    expect(iso(starts[5 * 14]!)).toBe('2026-03-28T06:00:00.000Z');
    expect(iso(starts[6 * 14]!)).toBe('2026-03-29T05:00:00.000Z');
    expect(iso(starts[6 * 14 + 13]!)).toBe('2026-03-29T18:00:00.000Z');
  });

  it('keeps every hour on its wall-clock time across the autumn change (25-hour Sunday)', () => {
    const starts = gridSlotStarts(startOfStockholmWeek('2026-10-21T12:00:00Z'), 2);
    starts.forEach((s, i) => expect(stockholmParts(s).hour).toBe(7 + (i % 14)));
    expect(iso(starts[5 * 14]!)).toBe('2026-10-24T05:00:00.000Z');
    expect(iso(starts[6 * 14]!)).toBe('2026-10-25T06:00:00.000Z');
    // The Monday after: still 07:00, now UTC+1.
    expect(iso(starts[7 * 14]!)).toBe('2026-10-26T06:00:00.000Z');
    expect(new Set(starts.map((s) => s.getTime())).size).toBe(starts.length);
  });
});

describe('default hours', () => {
  it('follow the weekday of each day when the week starts on a Wednesday', () => {
    const wednesday = manageWeekStart('2026-12-09T07:00:00Z', 0);
    const starts = defaultWeekStarts(wednesday);
    expect(starts).toHaveLength(5 * 8);
    const days = new Set(starts.map((t) => stockholmParts(t).day));
    expect(days).toEqual(new Set([9, 10, 11, 14, 15]));
  });

  it('are Monday to Friday 09:00-16:00 starts, none on the weekend', () => {
    const week = startOfStockholmWeek('2026-12-07T12:00:00Z');
    const starts = defaultWeekStarts(week, '2026-12-01T00:00:00Z');
    expect(starts).toHaveLength(5 * 8);
    const parts = starts.map((t) => stockholmParts(t));
    expect(new Set(parts.map((p) => p.weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(parts.map((p) => p.hour))).toEqual(new Set([9, 10, 11, 12, 13, 14, 15, 16]));
  });

  it('leave out hours that have started', () => {
    const week = startOfStockholmWeek('2026-12-07T12:00:00Z');
    // Wednesday 2026-12-09 10:30 Stockholm: Monday, Tuesday and Wednesday 09-10 are gone.
    const starts = defaultWeekStarts(week, '2026-12-09T09:30:00Z');
    expect(starts).toHaveLength(5 * 8 - 2 * 8 - 2);
  });
});

describe('weekPattern', () => {
  it('is the weekday and hour of every published hour of the seven days, past ones included', () => {
    const now = '2026-12-09T09:30:00Z'; // Wednesday 10:30 Stockholm
    const week = manageWeekStart(now, 0);
    const days = weekDays(week);
    const published = new Set([
      slotStartOn(days[0]!, 9).getTime(), // Wednesday 09:00, already past
      slotStartOn(days[5]!, 14).getTime(), // Monday 14:00
      slotStartOn(weekDays(manageWeekStart(now, 1))[0]!, 8).getTime(), // next week: not in it
    ]);
    expect(weekPattern(published, week)).toEqual(new Set(['3:9', '1:14']));
  });
});

describe('applyWeekPattern', () => {
  const now = '2026-03-16T06:00:00Z'; // Monday 2026-03-16 07:00 Stockholm
  const week = manageWeekStart(now, 0);

  it('copies weekday and hour onto the next weeks, across the spring change', () => {
    const tuesday10 = slotStartOn(weekDays(week)[1]!, 10).getTime();
    const sunday8 = slotStartOn(weekDays(week)[6]!, 8).getTime();
    const result = applyWeekPattern(new Set([tuesday10, sunday8]), week, 2, now);
    expect([...result].sort().map(iso)).toEqual([
      '2026-03-17T09:00:00.000Z', // Tuesday 10:00 CET
      '2026-03-22T07:00:00.000Z', // Sunday 08:00 CET
      '2026-03-24T09:00:00.000Z', // Tuesday 10:00 CET
      '2026-03-29T06:00:00.000Z', // Sunday 08:00 CEST: the day clocks change
    ]);
  });

  it('replaces the choice of the covered weeks, keeps other weeks and locked hours', () => {
    const week2 = manageWeekStart(now, 1);
    const week3 = manageWeekStart(now, 2);
    const mon9 = slotStartOn(weekDays(week)[0]!, 9).getTime();
    const week2Fri = slotStartOn(weekDays(week2)[4]!, 15).getTime();
    const week2Locked = slotStartOn(weekDays(week2)[2]!, 12).getTime();
    const week3Wed = slotStartOn(weekDays(week3)[2]!, 12).getTime();
    const result = applyWeekPattern(
      new Set([mon9, week2Fri, week2Locked, week3Wed]),
      week,
      2,
      now,
      new Set([week2Locked]),
    );
    expect(result.has(week2Fri)).toBe(false);
    expect(result.has(week2Locked)).toBe(true);
    expect(result.has(week3Wed)).toBe(true);
    expect(result.has(slotStartOn(weekDays(week2)[0]!, 9).getTime())).toBe(true);
  });

  it('applies for 6 weeks and never adds an hour that has started', () => {
    const mon7 = slotStartOn(weekDays(week)[0]!, 7).getTime(); // has started (now = 07:00)
    const mon8 = slotStartOn(weekDays(week)[0]!, 8).getTime();
    const result = applyWeekPattern(new Set([mon7, mon8]), week, 6, now);
    expect(result.size).toBe(1 + 6 * 2 - 1);
    const last = manageWeekStart(now, 5);
    expect(result.has(slotStartOn(weekDays(last)[0]!, 8).getTime())).toBe(true);
    expect(result.has(slotStartOn(weekDays(manageWeekStart(now, 6))[0]!, 8).getTime())).toBe(false);
  });

  describe('a therapist who signs up on a Wednesday at 10:30 with the default hours', () => {
    const wednesday = '2026-12-09T09:30:00Z';
    const first = manageWeekStart(wednesday, 0);
    const result = applyWeekPattern(new Set(defaultWeekStarts(first)), first, 6, wednesday);
    const future = [...result].filter((t) => t > Date.parse(wednesday));
    const byWeekday = (weekday: number) =>
      future.filter((t) => stockholmParts(t).weekday === weekday).length;

    it('gets every weekday, Monday to Friday, in all 6 weeks, not only Wednesday to Friday', () => {
      // Wednesday 09:00 and 10:00 had passed today, but are in the pattern for the weeks after.
      expect(byWeekday(3)).toBe(6 * 8 - 2);
      for (const weekday of [1, 2, 4, 5]) expect(byWeekday(weekday)).toBe(6 * 8);
      expect(future).toHaveLength(6 * 40 - 2);
    });

    it('leaves Saturday and Sunday empty, as the week left them', () => {
      expect(byWeekday(6)).toBe(0);
      expect(byWeekday(7)).toBe(0);
    });

    it('covers exactly the 6 weeks from today, to the Tuesday 41 days on', () => {
      const last = Math.max(...future);
      expect(stockholmParts(last)).toMatchObject({ year: 2027, month: 1, day: 19, hour: 16 });
      expect(stockholmParts(last).weekday).toBe(2);
    });
  });

  it('counts a requested or booked hour of the week as published, and a weekday left empty clears it', () => {
    const wed = manageWeekStart('2026-12-09T09:30:00Z', 0);
    const next = weekDays(manageWeekStart('2026-12-09T09:30:00Z', 1));
    const thu14 = slotStartOn(weekDays(wed)[1]!, 14).getTime();
    const nextFri9 = slotStartOn(next[2]!, 9).getTime(); // chosen, but Friday is empty this week
    const result = applyWeekPattern(
      new Set([nextFri9]),
      wed,
      2,
      '2026-12-09T09:30:00Z',
      new Set([thu14]),
    );
    expect(result.has(slotStartOn(next[1]!, 14).getTime())).toBe(true);
    expect(result.has(nextFri9)).toBe(false);
    expect(result.has(thu14)).toBe(false); // locked: kept out of the chosen set, as it was
  });
});

describe('changesByWeek and clearableSlots', () => {
  const now = '2026-12-09T09:30:00Z'; // Wednesday 10:30 Stockholm
  const first = manageWeekStart(now, 0);
  const slot = (id: string, start: number, status: AvailabilitySlot['status'] = 'AVAILABLE') => ({
    id,
    status,
    ...slotInput(start),
  });
  const at = (week: number, day: number, hour: number) =>
    slotStartOn(weekDays(manageWeekStart(now, week))[day]!, hour).getTime();

  it('counts per seven-day week what a save creates and removes, and the taken hours kept', () => {
    const saved = [
      slot('a', at(0, 1, 9)),
      slot('b', at(1, 2, 9)),
      slot('p', at(1, 2, 10), 'PENDING'),
      slot('k', at(1, 2, 11), 'BOOKED'),
    ];
    const changes = {
      add: [slotInput(at(0, 1, 10)), slotInput(at(1, 0, 9)), slotInput(at(1, 6, 20))],
      removeIds: ['b'],
    };
    const weeks = changesByWeek(changes, saved, first, 2);
    expect(weeks.map((w) => [stockholmParts(w.first).day, stockholmParts(w.last).day])).toEqual([
      [9, 15],
      [16, 22],
    ]);
    expect(weeks.map(({ added, removed, taken }) => ({ added, removed, taken }))).toEqual([
      { added: 1, removed: 0, taken: 0 },
      { added: 2, removed: 1, taken: 2 },
    ]);
  });

  it('clears only free future hours of the period, never requested or booked ones', () => {
    const saved = [
      slot('past', at(0, 0, 9)), // Wednesday 09:00: has passed
      slot('free', at(0, 0, 11)),
      slot('p', at(0, 1, 9), 'PENDING'),
      slot('k', at(1, 1, 9), 'BOOKED'),
      slot('free2', at(1, 6, 20)),
      slot('later', at(2, 0, 9)),
    ];
    expect(clearableSlots(saved, first, 1, now).map((s) => s.id)).toEqual(['free']);
    expect(clearableSlots(saved, first, 2, now).map((s) => s.id)).toEqual(['free', 'free2']);
    expect(clearableSlots(saved, manageWeekStart(now, 1), 2, now).map((s) => s.id)).toEqual([
      'free2',
      'later',
    ]);
  });
});

describe('slotChanges', () => {
  const now = '2026-12-07T08:30:00Z'; // Monday 09:30 Stockholm
  const slot = (id: string, start: string, status: AvailabilitySlot['status']) => ({
    id,
    status,
    ...slotInput(start),
  });

  it('adds new hours and removes unchosen AVAILABLE ones, never PENDING, BOOKED or past', () => {
    const saved = [
      slot('a', '2026-12-08T08:00:00Z', 'AVAILABLE'), // kept
      slot('b', '2026-12-08T09:00:00Z', 'AVAILABLE'), // unchosen: removed
      slot('c', '2026-12-08T10:00:00Z', 'PENDING'), // unchosen but pending: kept
      slot('d', '2026-12-08T11:00:00Z', 'BOOKED'),
      slot('e', '2026-12-07T07:00:00Z', 'AVAILABLE'), // past: kept
    ];
    const selected = new Set(
      ['2026-12-08T08:00:00Z', '2026-12-09T08:00:00Z', '2026-12-07T06:00:00Z'].map((s) =>
        new Date(s).getTime(),
      ),
    );
    expect(slotChanges(selected, saved, now)).toEqual({
      add: [{ startTime: '2026-12-09T08:00:00.000Z', endTime: '2026-12-09T09:00:00.000Z' }],
      removeIds: ['b'],
    });
  });

  it('lists the future hours of a period for clearing', () => {
    const week = startOfStockholmWeek(now);
    // Monday 07:00, 08:00 and 09:00 have started.
    expect(futureGridStarts(week, 1, now)).toHaveLength(7 * 14 - 3);
    expect(futureGridStarts(week, 2, now)).toHaveLength(14 * 14 - 3);
  });
});

describe('formatDayRange', () => {
  it('names a week within a month, across months and across the year', () => {
    const wed = manageWeekStart('2026-12-09T09:30:00Z', 0);
    expect(formatDayRange(wed, manageWeekEnd(wed))).toBe('9–15 december');
    const late = manageWeekStart('2026-12-30T09:30:00Z', 0);
    expect(formatDayRange(late, manageWeekEnd(late))).toBe('30 december – 5 januari');
    // 23:30Z on 31 October is already 1 November in Stockholm.
    expect(formatDayRange('2026-10-31T23:30:00Z', '2026-11-06T12:00:00Z')).toBe('1–6 november');
  });

  it('adds the year for a week title, both years when the week crosses the new year', () => {
    const wed = manageWeekStart('2026-12-09T09:30:00Z', 0);
    expect(formatDayRange(wed, manageWeekEnd(wed), { withYear: true })).toBe('9–15 december 2026');
    expect(formatDayRange('2026-11-30T09:00:00Z', '2026-12-06T09:00:00Z', { withYear: true })).toBe(
      '30 november – 6 december 2026',
    );
    const late = manageWeekStart('2026-12-30T09:30:00Z', 0);
    expect(formatDayRange(late, manageWeekEnd(late), { withYear: true })).toBe(
      '30 december 2026 – 5 januari 2027',
    );
  });
});

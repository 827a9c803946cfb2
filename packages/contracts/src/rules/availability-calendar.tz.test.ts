import { describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '../availability';
import { startOfStockholmWeek, stockholmParts } from '../time';
import {
  MANAGE_CALENDAR_HOURS,
  applyWeekPattern,
  defaultWeekStarts,
  futureGridStarts,
  gridSlotStarts,
  manageWeekStart,
  slotChanges,
  slotInput,
  slotStartOn,
  weekDays,
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

  it('gives weeks from the current Monday, Monday first', () => {
    const now = '2026-12-09T12:00:00Z'; // a Wednesday
    const days = weekDays(manageWeekStart(now, 0));
    expect(days.map((d) => stockholmParts(d).day)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(days.map((d) => stockholmParts(d).weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(stockholmParts(manageWeekStart(now, 8)).day).toBe(1); // 2027-02-01
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

describe('applyWeekPattern', () => {
  const now = '2026-03-16T06:00:00Z'; // Monday 2026-03-16 07:00 Stockholm
  const week = startOfStockholmWeek(now);

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

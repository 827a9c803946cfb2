import { describe, expect, it } from 'vitest';
import { stockholmDateKey, stockholmDateTime } from '../time';
import { isSelectableSlotStart as isBookableByClient } from './booking-time';
import {
  bookingCalendarStart,
  bookingCalendarWeeks,
  canSendSuggestedTimes,
  isBookingCalendarDay,
  isSelectionFull,
  toggleSuggestedTime,
} from './booking-request';

const at = (y: number, m: number, d: number, h = 0) => stockholmDateTime(y, m, d, h).getTime();

describe('the client booking calendar', () => {
  // Wednesday 18 March 2026, 10:30 Stockholm (winter time; the spring change is 29 March).
  const now = stockholmDateTime(2026, 3, 18, 10, 30);

  it('starts tomorrow and runs week by week, Monday first, to the horizon (about 2 months)', () => {
    expect(stockholmDateKey(bookingCalendarStart(now))).toBe('2026-03-19');
    const weeks = bookingCalendarWeeks(now);
    expect(weeks.map(stockholmDateKey)).toEqual([
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
      '2026-04-20',
      '2026-04-27',
      '2026-05-04',
      '2026-05-11',
      '2026-05-18',
    ]);
    // Every Monday at 00:00 Stockholm, across the spring change too.
    expect(weeks.every((w) => w.getTime() === at(...ymd(stockholmDateKey(w))))).toBe(true);
  });

  it('shows the days from tomorrow up to the last day of the horizon', () => {
    expect(isBookingCalendarDay(stockholmDateTime(2026, 3, 18, 12), now)).toBe(false);
    expect(isBookingCalendarDay(stockholmDateTime(2026, 3, 19, 0), now)).toBe(true);
    // Today + 62 days is the last day (19 May); the 20th is past the horizon.
    expect(isBookingCalendarDay(stockholmDateTime(2026, 5, 19, 20), now)).toBe(true);
    expect(isBookingCalendarDay(stockholmDateTime(2026, 5, 20, 7), now)).toBe(false);
  });

  it('a time within 24 hours cannot be picked; just over 24 hours can', () => {
    expect(isBookableByClient(at(2026, 3, 19, 10), now)).toBe(false);
    expect(isBookableByClient(at(2026, 3, 19, 11), now)).toBe(true);
    expect(isBookableByClient(at(2026, 3, 19, 6), now)).toBe(false);
  });
});

describe('picking the three times', () => {
  const now = stockholmDateTime(2026, 3, 18, 10, 30);
  const a = at(2026, 3, 20, 9);
  const b = at(2026, 3, 20, 10);
  const c = at(2026, 3, 23, 8);
  const d = at(2026, 3, 24, 8);

  it('adds in time order, removes a picked time, and refuses a fourth', () => {
    let s = toggleSuggestedTime([], c);
    s = toggleSuggestedTime(s, a);
    expect(s).toEqual([a, c]);
    expect(isSelectionFull(s)).toBe(false);
    s = toggleSuggestedTime(s, b);
    expect(s).toEqual([a, b, c]);
    expect(isSelectionFull(s)).toBe(true);
    expect(toggleSuggestedTime(s, d)).toEqual([a, b, c]);
    expect(toggleSuggestedTime(s, b)).toEqual([a, c]);
  });

  it('may be sent with exactly three bookable times only', () => {
    expect(canSendSuggestedTimes([a, b], now)).toBe(false);
    expect(canSendSuggestedTimes([a, b, c], now)).toBe(true);
    expect(canSendSuggestedTimes([a, b, at(2026, 3, 19, 9)], now)).toBe(false);
    expect(canSendSuggestedTimes([a, b, c, d], now)).toBe(false);
  });
});

function ymd(key: string): [number, number, number] {
  const [y, m, d] = key.split('-').map(Number);
  return [y!, m!, d!];
}

import { describe, expect, it } from 'vitest';
import { calendarFeedPath, calendarFeedWindow } from './calendar-feed';

describe('calendarFeedWindow', () => {
  it('starts at 00:00 Stockholm 30 days back and ends at the series’ six-month horizon', () => {
    // 12:00 Stockholm (CET) on 27 November 2026.
    const { from, to } = calendarFeedWindow('2026-11-27T11:00:00Z');
    // 28 October 2026 was still CET (the change was on 25 October).
    expect(from.toISOString()).toBe('2026-10-27T23:00:00.000Z');
    // 00:00 on 28 May 2027, summer time (CEST).
    expect(to.toISOString()).toBe('2027-05-27T22:00:00.000Z');
  });

  it('counts Stockholm days across the change to summer time', () => {
    // 10:00 Stockholm (CEST) on 15 April 2027: 30 days back is 16 March, still CET.
    const { from } = calendarFeedWindow('2027-04-15T08:00:00Z');
    expect(from.toISOString()).toBe('2027-03-15T23:00:00.000Z');
  });

  it('takes the secret into the path under /api/calendar', () => {
    expect(calendarFeedPath('abc')).toBe('/api/calendar/abc.ics');
  });
});

import { describe, expect, it } from 'vitest';
import { stockholmParts } from '../time';
import { checkSeriesTimes, checkTimeWithin, seriesHorizonEnd, seriesTimes } from './series';

const iso = (dates: readonly Date[]) => dates.map((d) => d.toISOString());
const PAST = { code: 'BOOKING_TIME_PAST', message: 'Kan inte boka tid som redan har passerat' };
const TOO_SOON = { code: 'BOOKING_TOO_SOON', message: 'Måste boka minst 24 timmar i förväg' };
const HOURS = { code: 'BOOKING_OUTSIDE_HOURS', message: 'Bokningar endast mellan 7:00-21:00' };
const TOO_FAR = {
  code: 'BOOKING_TOO_FAR',
  message: 'En serie kan sträcka sig högst sex månader framåt.',
};

describe('seriesTimes: the same Stockholm hour across daylight saving', () => {
  it('weekly across the spring change (29 March 2026) stays at 10:00', () => {
    // 10:00 CET is 09:00 UTC; after the change 10:00 CEST is 08:00 UTC.
    const times = seriesTimes(new Date('2026-03-19T09:00:00Z'), 'WEEKLY', 3);
    expect(iso(times)).toEqual([
      '2026-03-19T09:00:00.000Z',
      '2026-03-26T09:00:00.000Z',
      '2026-04-02T08:00:00.000Z',
    ]);
    expect(times.map((t) => stockholmParts(t).hour)).toEqual([10, 10, 10]);
  });

  it('biweekly across the autumn change (25 October 2026) stays at 18:00', () => {
    const times = seriesTimes(new Date('2026-10-15T16:00:00Z'), 'BIWEEKLY', 3);
    expect(iso(times)).toEqual([
      '2026-10-15T16:00:00.000Z',
      '2026-10-29T17:00:00.000Z',
      '2026-11-12T17:00:00.000Z',
    ]);
    expect(times.map((t) => stockholmParts(t).hour)).toEqual([18, 18, 18]);
  });

  it('weekly across the autumn change and biweekly across the spring change', () => {
    expect(iso(seriesTimes(new Date('2026-10-22T06:00:00Z'), 'WEEKLY', 2))).toEqual([
      '2026-10-22T06:00:00.000Z', // 08:00 CEST
      '2026-10-29T07:00:00.000Z', // 08:00 CET
    ]);
    expect(iso(seriesTimes(new Date('2026-03-24T19:00:00Z'), 'BIWEEKLY', 2))).toEqual([
      '2026-03-24T19:00:00.000Z', // 20:00 CET
      '2026-04-07T18:00:00.000Z', // 20:00 CEST
    ]);
  });

  it('keeps the weekday: 12 weekly sessions are 12 Thursdays', () => {
    const times = seriesTimes(new Date('2026-03-19T09:00:00Z'), 'WEEKLY', 12);
    expect(times).toHaveLength(12);
    expect(new Set(times.map((t) => stockholmParts(t).weekday))).toEqual(new Set([4]));
  });
});

describe('seriesHorizonEnd: six months from the day it is booked', () => {
  it('is 00:00 Stockholm on the day after the same date six months on', () => {
    // 10 March 2026 → through 10 September 2026 (CEST: 22:00 UTC the day before).
    expect(seriesHorizonEnd(new Date('2026-03-10T10:00:00Z')).toISOString()).toBe(
      '2026-09-10T22:00:00.000Z',
    );
  });
  it('takes the last day of a shorter month (31 August → 28 February)', () => {
    expect(seriesHorizonEnd(new Date('2026-08-31T10:00:00Z')).toISOString()).toBe(
      '2027-02-28T23:00:00.000Z',
    );
  });
});

describe('checkSeriesTimes: the rebook checks in order, then the horizon', () => {
  const now = new Date('2026-03-10T10:00:00Z'); // 11:00 Stockholm

  it('accepts a weekly series within six months, across the spring change', () => {
    expect(checkSeriesTimes(seriesTimes('2026-03-19T09:00:00Z', 'WEEKLY', 12), now)).toBeNull();
  });

  it('refuses a first time in the past before anything else (even outside hours)', () => {
    expect(checkSeriesTimes(seriesTimes('2026-03-09T02:00:00Z', 'WEEKLY', 3), now)).toEqual(PAST);
  });

  it('refuses a first time less than 24 h ahead before checking the hour', () => {
    expect(checkSeriesTimes(seriesTimes('2026-03-11T02:00:00Z', 'WEEKLY', 3), now)).toEqual(
      TOO_SOON,
    );
  });

  it('refuses an hour outside 07-21 Stockholm (21:00 is outside, 20:00 inside)', () => {
    expect(checkSeriesTimes(seriesTimes('2026-03-19T20:00:00Z', 'WEEKLY', 2), now)).toEqual(HOURS);
    expect(checkSeriesTimes(seriesTimes('2026-03-19T19:00:00Z', 'WEEKLY', 2), now)).toBeNull();
  });

  it('refuses a time that is not on the hour', () => {
    expect(checkSeriesTimes(seriesTimes('2026-03-19T09:30:00Z', 'WEEKLY', 2), now)).toMatchObject({
      code: 'VALIDATION',
    });
  });

  it('refuses a series whose last session lies past six months', () => {
    // Biweekly from 2 July: the 6th session is 10 September (inside), the 7th 24 September.
    expect(checkSeriesTimes(seriesTimes('2026-07-02T08:00:00Z', 'BIWEEKLY', 6), now)).toBeNull();
    expect(checkSeriesTimes(seriesTimes('2026-07-02T08:00:00Z', 'BIWEEKLY', 7), now)).toEqual(
      TOO_FAR,
    );
  });

  it('checkTimeWithin names the horizon it was given', () => {
    const horizon = new Date('2026-04-01T00:00:00Z');
    expect(checkTimeWithin('2026-04-02T08:00:00Z', now, horizon, 'För långt.')).toEqual({
      code: 'BOOKING_TOO_FAR',
      message: 'För långt.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  REBOOK_TIME_OPTIONS,
  bookingHorizonEnd,
  checkRebookTime,
  checkSuggestedTimes,
  earliestBookableStart,
  hasMinimumLead,
  isSelectableSlotStart,
  isWithinBookingHours,
  rebookDefaults,
  rebookInstant,
  rebookMinDate,
  stockholmDayLengthHours,
} from './booking-time';

const PAST = { code: 'BOOKING_TIME_PAST', message: 'Kan inte boka tid som redan har passerat' };
const TOO_SOON = { code: 'BOOKING_TOO_SOON', message: 'Måste boka minst 24 timmar i förväg' };
const HOURS = { code: 'BOOKING_OUTSIDE_HOURS', message: 'Bokningar endast mellan 7:00-21:00' };
const H = 3_600_000;

describe('checkRebookTime: order of checks', () => {
  const now = new Date('2026-05-10T10:00:00.000Z'); // 12:00 Stockholm (CEST)
  it('refuses a time in the past first, even outside hours', () => {
    expect(checkRebookTime('2026-05-09T02:00:00.000Z', now)).toEqual(PAST);
  });
  it('refuses now itself as passed', () => {
    expect(checkRebookTime(now, now)).toEqual(PAST);
  });
  it('refuses a time less than 24 h ahead before checking the hour', () => {
    expect(checkRebookTime('2026-05-11T02:00:00.000Z', now)).toEqual(TOO_SOON);
  });
  it('refuses exactly 24 h ahead and accepts 24 h + 1 min', () => {
    expect(checkRebookTime(new Date(now.getTime() + 24 * H), now)).toEqual(TOO_SOON);
    expect(checkRebookTime(new Date(now.getTime() + 24 * H + 60_000), now)).toBeNull();
  });
  it('refuses 06:59 and accepts 07:00 Stockholm', () => {
    expect(checkRebookTime('2026-05-12T04:59:00.000Z', now)).toEqual(HOURS);
    expect(checkRebookTime('2026-05-12T05:00:00.000Z', now)).toBeNull();
  });
  it("refuses a time past the client's booking horizon (the same horizon), after the hours", () => {
    const horizon = bookingHorizonEnd(now);
    const lastDay = new Date(horizon.getTime() - 4 * H); // 20:00 on the last bookable day
    expect(checkRebookTime(lastDay, now)).toBeNull();
    expect(checkRebookTime(new Date(horizon.getTime() + 10 * H), now)).toEqual({
      code: 'BOOKING_TOO_FAR',
      message: 'Du kan boka högst två månader framåt.',
    });
    expect(checkRebookTime(new Date(horizon.getTime() + 2 * H), now)).toEqual(HOURS);
  });
  it('accepts 20:00 and refuses 21:00 Stockholm', () => {
    expect(checkRebookTime('2026-05-12T18:00:00.000Z', now)).toBeNull();
    expect(checkRebookTime('2026-05-12T19:00:00.000Z', now)).toEqual(HOURS);
  });
  it('reports an unreadable time as invalid input', () => {
    expect(checkRebookTime('not a date', now)).toEqual({
      code: 'VALIDATION',
      message: 'Ogiltig tidpunkt.',
    });
  });
});

describe('checkRebookTime on the spring change (2026-03-29)', () => {
  it('uses Stockholm summer time for 07:00 and 20:00/21:00', () => {
    const now = new Date('2026-03-27T12:00:00.000Z');
    expect(checkRebookTime('2026-03-29T04:00:00.000Z', now)).toEqual(HOURS); // 06:00 CEST
    expect(checkRebookTime('2026-03-29T05:00:00.000Z', now)).toBeNull(); // 07:00 CEST
    expect(checkRebookTime('2026-03-29T18:00:00.000Z', now)).toBeNull(); // 20:00 CEST
    expect(checkRebookTime('2026-03-29T19:00:00.000Z', now)).toEqual(HOURS); // 21:00 CEST
  });
  it('counts real hours: the same wall-clock time next day is only 23 h ahead', () => {
    const now = new Date('2026-03-28T09:00:00.000Z'); // Sat 10:00 CET
    expect(checkRebookTime('2026-03-29T08:00:00.000Z', now)).toEqual(TOO_SOON); // Sun 10:00 CEST
    expect(checkRebookTime('2026-03-29T09:00:00.000Z', now)).toEqual(TOO_SOON); // exactly 24 h
    expect(checkRebookTime('2026-03-29T09:01:00.000Z', now)).toBeNull(); // 24 h + 1 min
  });
});

describe('checkRebookTime on the autumn change (2026-10-25)', () => {
  it('uses Stockholm winter time for 07:00 and 20:00/21:00', () => {
    const now = new Date('2026-10-23T12:00:00.000Z');
    expect(checkRebookTime('2026-10-25T05:00:00.000Z', now)).toEqual(HOURS); // 06:00 CET
    expect(checkRebookTime('2026-10-25T06:00:00.000Z', now)).toBeNull(); // 07:00 CET
    expect(checkRebookTime('2026-10-25T19:00:00.000Z', now)).toBeNull(); // 20:00 CET
    expect(checkRebookTime('2026-10-25T20:00:00.000Z', now)).toEqual(HOURS); // 21:00 CET
  });
  it('counts real hours: exactly 24 h across the change is refused', () => {
    const now = new Date('2026-10-24T08:00:00.000Z'); // Sat 10:00 CEST
    expect(checkRebookTime('2026-10-25T08:00:00.000Z', now)).toEqual(TOO_SOON); // 09:00 CET, 24 h
    expect(checkRebookTime('2026-10-25T08:01:00.000Z', now)).toBeNull();
    expect(checkRebookTime('2026-10-25T09:00:00.000Z', now)).toBeNull(); // 10:00 CET, 25 h
  });
});

describe('checkSuggestedTimes', () => {
  const now = new Date('2026-05-10T10:00:00.000Z'); // 12:00 Stockholm
  const ok = ['2026-05-12T05:00:00.000Z', '2026-05-12T06:00:00.000Z', '2026-05-13T18:00:00.000Z'];
  it('accepts three distinct whole hours 07-20 more than 24 h ahead', () => {
    expect(checkSuggestedTimes(ok, now)).toBeNull();
  });
  it('needs exactly three', () => {
    const count = { code: 'VALIDATION', message: 'Välj exakt 3 tider.' };
    expect(checkSuggestedTimes(ok.slice(0, 2), now)).toEqual(count);
    expect(checkSuggestedTimes([...ok, '2026-05-14T06:00:00.000Z'], now)).toEqual(count);
  });
  it('needs distinct instants, whatever the notation', () => {
    expect(
      checkSuggestedTimes(['2026-05-12T05:00:00.000Z', '2026-05-12T07:00:00+02:00', ok[2]!], now),
    ).toEqual({ code: 'VALIDATION', message: 'Välj tre olika tider.' });
  });
  it('needs whole hours', () => {
    expect(checkSuggestedTimes([ok[0]!, ok[1]!, '2026-05-13T17:30:00.000Z'], now)).toEqual({
      code: 'VALIDATION',
      message: 'Bokningar börjar alltid på hel timme.',
    });
  });
  it('refuses a start at 21:00 and one exactly 24 h ahead', () => {
    expect(checkSuggestedTimes([ok[0]!, ok[1]!, '2026-05-13T19:00:00.000Z'], now)).toEqual(HOURS);
    expect(checkSuggestedTimes([ok[0]!, ok[1]!, '2026-05-11T10:00:00.000Z'], now)).toEqual(
      TOO_SOON,
    );
  });
  it('refuses a time past the horizon (62 days after today, Stockholm)', () => {
    // Today is 2026-05-10, so the last bookable day is 2026-07-11.
    expect(bookingHorizonEnd(now).toISOString()).toBe('2026-07-11T22:00:00.000Z');
    expect(checkSuggestedTimes([ok[0]!, ok[1]!, '2026-07-11T18:00:00.000Z'], now)).toBeNull();
    expect(checkSuggestedTimes([ok[0]!, ok[1]!, '2026-07-12T05:00:00.000Z'], now)).toEqual({
      code: 'BOOKING_TOO_FAR',
      message: 'Du kan boka högst två månader framåt.',
    });
  });
});

describe('helpers', () => {
  it('hasMinimumLead is strictly more than 24 h', () => {
    const now = new Date('2026-10-24T08:00:00.000Z');
    expect(hasMinimumLead(new Date(now.getTime() + 24 * H), now)).toBe(false);
    expect(hasMinimumLead(new Date(now.getTime() + 24 * H + 1), now)).toBe(true);
  });
  it('earliestBookableStart is the first instant hasMinimumLead accepts', () => {
    const now = new Date('2026-10-24T08:00:00.000Z');
    const earliest = earliestBookableStart(now);
    expect(hasMinimumLead(earliest, now)).toBe(true);
    expect(hasMinimumLead(new Date(earliest.getTime() - 1), now)).toBe(false);
  });
  it('isWithinBookingHours uses the Stockholm hour', () => {
    expect(isWithinBookingHours('2026-01-15T05:59:00.000Z')).toBe(false); // 06:59 CET
    expect(isWithinBookingHours('2026-01-15T06:00:00.000Z')).toBe(true); // 07:00 CET
    expect(isWithinBookingHours('2026-01-15T19:59:00.000Z')).toBe(true); // 20:59 CET
    expect(isWithinBookingHours('2026-01-15T20:00:00.000Z')).toBe(false); // 21:00 CET
  });
  it('isSelectableSlotStart disables slots less than 24 h ahead', () => {
    const now = new Date('2026-05-10T10:00:00.000Z');
    expect(isSelectableSlotStart('2026-05-11T10:00:00.000Z', now)).toBe(false);
    expect(isSelectableSlotStart('2026-05-11T11:00:00.000Z', now)).toBe(true);
  });
  it('rebook defaults to tomorrow 08:00 Stockholm, and the min date is tomorrow', () => {
    // 23:30 UTC on 2026-03-28 is already Sunday 29 March in Stockholm.
    expect(rebookMinDate('2026-03-28T23:30:00.000Z')).toBe('2026-03-30');
    expect(rebookDefaults('2026-03-28T12:00:00.000Z')).toEqual({
      date: '2026-03-29',
      time: '08:00',
    });
    expect(rebookInstant('2026-03-29', '08:00')?.toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(rebookInstant('2026-03-28', '08:00')?.toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(rebookInstant('2026-03-28', '8')).toBeNull();
  });
  it('knows the 23- and 25-hour days', () => {
    expect(stockholmDayLengthHours('2026-03-29T12:00:00Z')).toBe(23);
    expect(stockholmDayLengthHours('2026-10-25T12:00:00Z')).toBe(25);
    expect(stockholmDayLengthHours('2026-05-10T12:00:00Z')).toBe(24);
  });
});

describe('the client calendar (isSelectableSlotStart) on the change days', () => {
  it('spring (2026-03-29): 07:00 and 20:00 CEST open, 06:00 and 21:00 closed', () => {
    const now = new Date('2026-03-27T12:00:00.000Z');
    expect(isSelectableSlotStart('2026-03-29T04:00:00.000Z', now)).toBe(false); // 06:00
    expect(isSelectableSlotStart('2026-03-29T05:00:00.000Z', now)).toBe(true); // 07:00
    expect(isSelectableSlotStart('2026-03-29T18:00:00.000Z', now)).toBe(true); // 20:00
    expect(isSelectableSlotStart('2026-03-29T19:00:00.000Z', now)).toBe(false); // 21:00
  });
  it('autumn (2026-10-25): 07:00 and 20:00 CET open, 06:00 and 21:00 closed', () => {
    const now = new Date('2026-10-23T12:00:00.000Z');
    expect(isSelectableSlotStart('2026-10-25T05:00:00.000Z', now)).toBe(false); // 06:00
    expect(isSelectableSlotStart('2026-10-25T06:00:00.000Z', now)).toBe(true); // 07:00
    expect(isSelectableSlotStart('2026-10-25T19:00:00.000Z', now)).toBe(true); // 20:00
    expect(isSelectableSlotStart('2026-10-25T20:00:00.000Z', now)).toBe(false); // 21:00
  });
  it('a slot exactly 24 real hours ahead is disabled, across either change', () => {
    const spring = new Date('2026-03-28T09:00:00.000Z'); // Sat 10:00 CET
    expect(isSelectableSlotStart('2026-03-29T08:00:00.000Z', spring)).toBe(false); // Sun 10:00, 23 h
    expect(isSelectableSlotStart('2026-03-29T09:00:00.000Z', spring)).toBe(false); // Sun 11:00, 24 h
    expect(isSelectableSlotStart('2026-03-29T10:00:00.000Z', spring)).toBe(true); // Sun 12:00, 25 h
    const autumn = new Date('2026-10-24T08:00:00.000Z'); // Sat 10:00 CEST
    expect(isSelectableSlotStart('2026-10-25T08:00:00.000Z', autumn)).toBe(false); // Sun 09:00, 24 h
    expect(isSelectableSlotStart('2026-10-25T09:00:00.000Z', autumn)).toBe(true); // Sun 10:00, 25 h
  });
  it('closes at the horizon', () => {
    const now = new Date('2026-05-10T10:00:00.000Z');
    expect(isSelectableSlotStart('2026-07-11T18:00:00.000Z', now)).toBe(true); // last day 20:00
    expect(isSelectableSlotStart('2026-07-12T05:00:00.000Z', now)).toBe(false); // next day 07:00
  });
});

describe('the rebook form on the change days', () => {
  it.each(['2026-03-29', '2026-10-25'])(
    '%s: every option 07:00-20:00 passes the hour check; 21:00 does not',
    (date) => {
      const now = new Date(`${date.slice(0, 8)}20T12:00:00.000Z`);
      for (const option of REBOOK_TIME_OPTIONS) {
        expect(checkRebookTime(rebookInstant(date, option)!, now)).toBeNull();
      }
      expect(checkRebookTime(rebookInstant(date, '06:00')!, now)).toEqual(HOURS);
      expect(checkRebookTime(rebookInstant(date, '21:00')!, now)).toEqual(HOURS);
    },
  );
  it('the minimum date is tomorrow on the change days', () => {
    expect(rebookMinDate('2026-03-29T21:59:00.000Z')).toBe('2026-03-30'); // 23:59 CEST Sunday
    expect(rebookMinDate('2026-03-29T22:00:00.000Z')).toBe('2026-03-31'); // 00:00 Monday
    expect(rebookMinDate('2026-10-25T22:59:00.000Z')).toBe('2026-10-26'); // 23:59 CET Sunday
    expect(rebookMinDate('2026-10-25T23:00:00.000Z')).toBe('2026-10-27'); // 00:00 Monday
  });
});

describe('checkSuggestedTimes on a change day', () => {
  it('accepts 07:00, 12:00 and 20:00 Stockholm on 2026-03-29 and refuses 21:00', () => {
    const now = new Date('2026-03-27T12:00:00.000Z');
    const ok = ['2026-03-29T05:00:00.000Z', '2026-03-29T10:00:00.000Z', '2026-03-29T18:00:00.000Z'];
    expect(checkSuggestedTimes(ok, now)).toBeNull();
    expect(checkSuggestedTimes([ok[0]!, ok[1]!, '2026-03-29T19:00:00.000Z'], now)).toEqual(HOURS);
  });
});

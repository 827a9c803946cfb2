import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_WEEK_CHOICES,
  BOOKING_END_HOUR,
  BOOKING_FIRST_HOUR,
  BOOKING_HORIZON_DAYS,
  BOOKING_MIN_LEAD_HOURS,
  REBOOK_TIME_OPTIONS,
  SLOT_MINUTES,
  SUGGESTED_TIMES_COUNT,
  isPastSlot,
  stockholmDays,
  weeksToDays,
} from './booking-time';

describe('booking constants', () => {
  it('match the booking hours and lead time', () => {
    expect([
      BOOKING_MIN_LEAD_HOURS,
      BOOKING_FIRST_HOUR,
      BOOKING_END_HOUR,
      SUGGESTED_TIMES_COUNT,
      BOOKING_HORIZON_DAYS,
      SLOT_MINUTES,
    ]).toEqual([24, 7, 21, 3, 62, 60]);
    expect(AVAILABILITY_WEEK_CHOICES).toEqual([1, 2, 6]);
    expect(weeksToDays(6)).toBe(42);
  });
  it('offers hourly rebook times from 07:00 to 20:00', () => {
    expect(REBOOK_TIME_OPTIONS).toEqual([
      '07:00',
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
    ]);
  });
  it('disables an hour that has already started', () => {
    const now = new Date('2026-05-10T10:30:00.000Z');
    expect(isPastSlot('2026-05-10T10:00:00.000Z', now)).toBe(true);
    expect(isPastSlot('2026-05-10T10:30:00.000Z', now)).toBe(false);
    expect(isPastSlot('2026-05-10T11:00:00.000Z', now)).toBe(false);
  });
  it('lists calendar days from Stockholm midnight', () => {
    expect(stockholmDays('2026-03-28T12:00:00Z', 3).map((d) => d.toISOString())).toEqual([
      '2026-03-27T23:00:00.000Z',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
  });
});

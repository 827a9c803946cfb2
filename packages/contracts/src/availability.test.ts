import { describe, expect, it } from 'vitest';
import {
  availabilityHorizonEnd,
  availabilitySlotInputSchema,
  checkNewSlotStart,
  createManySlotsSchema,
} from './availability';
import { bookingHorizonEnd, isSelectableSlotStart, selectableWindows } from './rules/booking-time';
import { stockholmDateTime } from './time';

const NOW = stockholmDateTime(2027, 3, 27, 10, 30); // the day before the spring change

describe('checkNewSlotStart', () => {
  it('refuses an hour that has begun and the past, accepts the next hour', () => {
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 27, 10, 0), NOW)).toBe('SLOT_IN_PAST');
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 26, 12, 0), NOW)).toBe('SLOT_IN_PAST');
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 27, 11, 0), NOW)).toBeNull();
  });

  it('accepts up to a year ahead (Stockholm days), not beyond', () => {
    const end = availabilityHorizonEnd(NOW);
    expect(end.toISOString()).toBe(stockholmDateTime(2028, 3, 28, 0, 0).toISOString());
    expect(checkNewSlotStart(stockholmDateTime(2028, 3, 27, 20, 0), NOW)).toBeNull();
    expect(checkNewSlotStart(stockholmDateTime(2028, 3, 28, 7, 0), NOW)).toBe('SLOT_TOO_FAR');
  });

  it("refuses a start outside 07:00-20:00 Stockholm as 'Bokningar endast mellan 7:00-21:00'", () => {
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 29, 3, 0), NOW)).toBe(
      'BOOKING_OUTSIDE_HOURS',
    );
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 29, 6, 0), NOW)).toBe(
      'BOOKING_OUTSIDE_HOURS',
    );
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 29, 7, 0), NOW)).toBeNull();
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 29, 20, 0), NOW)).toBeNull();
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 29, 21, 0), NOW)).toBe(
      'BOOKING_OUTSIDE_HOURS',
    );
    // The past is said first, even at night.
    expect(checkNewSlotStart(stockholmDateTime(2027, 3, 26, 3, 0), NOW)).toBe('SLOT_IN_PAST');
  });
});

describe('slot payloads', () => {
  it('accepts the hour after the spring gap (01:00 → 03:00 is one real hour)', () => {
    const start = stockholmDateTime(2027, 3, 28, 1, 0);
    const end = stockholmDateTime(2027, 3, 28, 3, 0);
    expect(end.getTime() - start.getTime()).toBe(3_600_000);
    expect(
      availabilitySlotInputSchema.safeParse({
        startTime: start.toISOString(),
        endTime: end.toISOString(),
      }).success,
    ).toBe(true);
  });

  it('refuses the same start twice written in two offsets', () => {
    const res = createManySlotsSchema.safeParse({
      slots: [
        { startTime: '2027-04-01T08:00:00Z', endTime: '2027-04-01T09:00:00Z' },
        { startTime: '2027-04-01T10:00:00+02:00', endTime: '2027-04-01T11:00:00+02:00' },
      ],
    });
    expect(res.success).toBe(false);
  });
});

describe('selectableWindows', () => {
  it.each([
    stockholmDateTime(2027, 3, 20, 9, 0),
    stockholmDateTime(2027, 3, 27, 7, 0), // 24 h ahead is the day of the spring change
    stockholmDateTime(2027, 10, 30, 20, 15),
    stockholmDateTime(2026, 11, 23, 23, 59),
    stockholmDateTime(2027, 1, 5, 0, 0),
  ])(
    'holds exactly the hours isSelectableSlotStart accepts (now %s)',
    (now) => {
      const windows = selectableWindows(now);
      const inWindow = (t: number) =>
        windows.some((w) => t >= w.start.getTime() && t < w.end.getTime());
      const first = Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 24 * 3_600_000;
      const last = bookingHorizonEnd(now).getTime() + 48 * 3_600_000;
      let selectable = 0;
      const disagreements: string[] = [];
      for (let t = first; t <= last; t += 3_600_000) {
        if (inWindow(t) !== isSelectableSlotStart(t, now)) {
          disagreements.push(new Date(t).toISOString());
        }
        if (inWindow(t)) selectable += 1;
      }
      // About 1,600 hours compared in one assertion; the budget below is room, not a target.
      expect(disagreements).toEqual([]);
      expect(selectable).toBeGreaterThan(55 * 14);
      // Exactly 24 h ahead is not "more than 24 h".
      expect(inWindow(now.getTime() + 24 * 3_600_000)).toBe(false);
    },
    30_000,
  );
});

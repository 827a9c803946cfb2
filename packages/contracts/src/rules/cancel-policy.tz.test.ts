import { describe, expect, it } from 'vitest';
import { canClientCancel } from './cancel-policy';

describe('canClientCancel across daylight-saving changes (real hours)', () => {
  it('spring: the same wall-clock time a day later is 23 h away, so 24 h policy refuses', () => {
    const now = new Date('2026-03-28T09:00:00.000Z'); // Sat 10:00 CET
    const booking = (iso: string) => ({ status: 'CONFIRMED' as const, confirmedTime: iso });
    expect(canClientCancel(booking('2026-03-29T08:00:00.000Z'), 'TWENTY_FOUR_HOURS', now)).toBe(
      false,
    ); // Sun 10:00 CEST, 23 h
    expect(canClientCancel(booking('2026-03-29T09:00:00.000Z'), 'TWENTY_FOUR_HOURS', now)).toBe(
      false,
    ); // exactly 24 h
    expect(canClientCancel(booking('2026-03-29T09:01:00.000Z'), 'TWENTY_FOUR_HOURS', now)).toBe(
      true,
    );
  });
  it('autumn: the same wall-clock time a day later is 25 h away, so 24 h policy allows', () => {
    const now = new Date('2026-10-24T08:00:00.000Z'); // Sat 10:00 CEST
    const booking = (iso: string) => ({ status: 'CONFIRMED' as const, confirmedTime: iso });
    expect(canClientCancel(booking('2026-10-25T09:00:00.000Z'), 'TWENTY_FOUR_HOURS', now)).toBe(
      true,
    ); // Sun 10:00 CET, 25 h
    expect(canClientCancel(booking('2026-10-25T08:00:00.000Z'), 'TWENTY_FOUR_HOURS', now)).toBe(
      false,
    ); // exactly 24 h
  });
  it('TWELVE_HOURS and FORTY_EIGHT_HOURS count real hours across the changes too', () => {
    const booking = (iso: string) => ({ status: 'CONFIRMED' as const, confirmedTime: iso });
    // Sun 2026-03-29 20:00 CEST = 18:00Z; twelve real hours before is 06:00Z (08:00 CEST).
    const spring = booking('2026-03-29T18:00:00.000Z');
    expect(canClientCancel(spring, 'TWELVE_HOURS', '2026-03-29T06:00:00.000Z')).toBe(false);
    expect(canClientCancel(spring, 'TWELVE_HOURS', '2026-03-29T05:59:00.000Z')).toBe(true);
    // 48 real hours before Mon 2026-10-26 10:00 CET (09:00Z) is Sat 11:00 CEST (09:00Z).
    const autumn = booking('2026-10-26T09:00:00.000Z');
    expect(canClientCancel(autumn, 'FORTY_EIGHT_HOURS', '2026-10-24T09:00:00.000Z')).toBe(false);
    expect(canClientCancel(autumn, 'FORTY_EIGHT_HOURS', '2026-10-24T08:59:00.000Z')).toBe(true);
    // Sat 10:00 CEST is 49 real hours before Mon 10:00 CET.
    expect(canClientCancel(autumn, 'FORTY_EIGHT_HOURS', '2026-10-24T08:00:00.000Z')).toBe(true);
  });
});

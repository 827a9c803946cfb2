import { describe, expect, it } from 'vitest';
import { isBookableSlot, bookableSlotWindow } from './bookable-therapist';
import { earliestBookableSlot } from './matching';

// docs/rules/matching.md#a-therapist-a-client-may-see-or-book: the horizon is
// 56 Stockholm calendar days, so it keeps its wall-clock time across a
// daylight saving change; the 24 hours of lead stay elapsed hours.
describe('bookableSlotWindow', () => {
  it('ends at the same Stockholm time 56 days later across the change to winter time', () => {
    // 1 October 2026 10:00 Stockholm (CEST, UTC+2); 56 days later is
    // 26 November 10:00 Stockholm (CET, UTC+1): 56 × 24 + 1 elapsed hours.
    const now = new Date('2026-10-01T08:00:00.000Z');
    const { from, until } = bookableSlotWindow(now);
    expect(from.toISOString()).toBe('2026-10-02T08:00:00.000Z');
    expect(until.toISOString()).toBe('2026-11-26T09:00:00.000Z');
    const lastHour = { status: 'AVAILABLE' as const, startTime: '2026-11-26T09:00:00.000Z' };
    expect(isBookableSlot(lastHour, now)).toBe(true);
    expect(isBookableSlot({ ...lastHour, startTime: '2026-11-26T09:00:00.001Z' }, now)).toBe(false);
    expect(earliestBookableSlot([lastHour], now)?.toISOString()).toBe(lastHour.startTime);
  });

  it('ends at the same Stockholm time 56 days later across the change to summer time', () => {
    // 1 March 2027 10:00 Stockholm (CET); 26 April 2027 10:00 Stockholm (CEST):
    // 56 × 24 - 1 elapsed hours.
    const now = new Date('2027-03-01T09:00:00.000Z');
    expect(bookableSlotWindow(now).until.toISOString()).toBe('2027-04-26T08:00:00.000Z');
    const slot = { status: 'AVAILABLE' as const, startTime: '2027-04-26T08:30:00.000Z' };
    expect(isBookableSlot(slot, now)).toBe(false);
    expect(earliestBookableSlot([slot], now)).toBeNull();
  });

  it('keeps the lead in elapsed hours: exactly 24 h ahead is too soon', () => {
    const now = new Date('2026-10-24T12:00:00.000Z');
    const slot = (startTime: string) => ({ status: 'AVAILABLE' as const, startTime });
    // Across the night the clocks go back: 24 elapsed hours, not the same wall-clock time.
    expect(isBookableSlot(slot('2026-10-25T12:00:00.000Z'), now)).toBe(false);
    expect(isBookableSlot(slot('2026-10-25T12:00:00.001Z'), now)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { HOUR_MS, stockholmDateTime } from '../time';
import { isRequestExpired } from './confirm-rules';
import { requestDeadline, requestReminderAt, requestTimeLeft } from './request-deadline';

const hoursBetween = (a: Date, b: Date) => (b.getTime() - a.getTime()) / HOUR_MS;

describe('requestDeadline: the earlier of 48 hours after sending and 12 hours before the earliest time', () => {
  const sent = stockholmDateTime(2026, 5, 11, 9, 15);

  it('is 48 hours after sending when the earliest time is far enough away', () => {
    const times = [stockholmDateTime(2026, 5, 20, 10), stockholmDateTime(2026, 5, 18, 10)];
    expect(requestDeadline(sent, times)).toEqual(new Date(sent.getTime() + 48 * HOUR_MS));
  });

  it('is 12 hours before the earliest suggested time when that comes first', () => {
    const earliest = stockholmDateTime(2026, 5, 12, 13);
    const times = [stockholmDateTime(2026, 5, 14, 10), earliest, stockholmDateTime(2026, 5, 13, 8)];
    expect(requestDeadline(sent, times)).toEqual(new Date(earliest.getTime() - 12 * HOUR_MS));
  });

  it('meets at the bound: an earliest time exactly 60 hours away gives 48 hours either way', () => {
    const earliest = new Date(sent.getTime() + 60 * HOUR_MS);
    expect(hoursBetween(sent, requestDeadline(sent, [earliest]))).toBe(48);
    const oneMinuteSooner = new Date(earliest.getTime() - 60_000);
    expect(requestDeadline(sent, [oneMinuteSooner])).toEqual(
      new Date(oneMinuteSooner.getTime() - 12 * HOUR_MS),
    );
  });

  it('counts 48 real hours across the spring change (the wall clock shows 49)', () => {
    // Friday 27 March 2026 10:00 CET; the clocks go forward on Sunday 29 March.
    const friday = stockholmDateTime(2026, 3, 27, 10);
    const deadline = requestDeadline(friday, [stockholmDateTime(2026, 4, 6, 10)]);
    expect(hoursBetween(friday, deadline)).toBe(48);
    expect(deadline).toEqual(stockholmDateTime(2026, 3, 29, 11));
  });

  it('counts 48 real hours across the autumn change (the wall clock shows 47)', () => {
    // Friday 23 October 2026 10:00 CEST; the clocks go back on Sunday 25 October.
    const friday = stockholmDateTime(2026, 10, 23, 10);
    const deadline = requestDeadline(friday, [stockholmDateTime(2026, 11, 2, 10)]);
    expect(hoursBetween(friday, deadline)).toBe(48);
    expect(deadline).toEqual(stockholmDateTime(2026, 10, 25, 9));
  });

  it('takes 12 real hours before an earliest time just after a change', () => {
    // 08:00 on the Sunday of the spring change: 12 hours before is 19:00 the evening before.
    const earliest = stockholmDateTime(2026, 3, 29, 8);
    const sentFriday = stockholmDateTime(2026, 3, 27, 8);
    const deadline = requestDeadline(sentFriday, [earliest]);
    expect(hoursBetween(deadline, earliest)).toBe(12);
    expect(deadline).toEqual(stockholmDateTime(2026, 3, 28, 19));
    // Autumn: 08:00 on the Sunday the clocks go back; 12 hours before is 21:00 the evening before.
    const autumn = stockholmDateTime(2026, 10, 25, 8);
    const autumnDeadline = requestDeadline(stockholmDateTime(2026, 10, 23, 8), [autumn]);
    expect(hoursBetween(autumnDeadline, autumn)).toBe(12);
    expect(autumnDeadline).toEqual(stockholmDateTime(2026, 10, 24, 21));
  });
});

describe('requestReminderAt: halfway to the deadline', () => {
  it('is 24 hours after sending for a 48-hour deadline, across a change too', () => {
    const friday = stockholmDateTime(2026, 3, 28, 10);
    const deadline = requestDeadline(friday, [stockholmDateTime(2026, 4, 8, 10)]);
    expect(hoursBetween(friday, requestReminderAt(friday, deadline))).toBe(24);
  });
  it('is halfway for a shorter deadline', () => {
    const sent = stockholmDateTime(2026, 5, 11, 9);
    const deadline = requestDeadline(sent, [stockholmDateTime(2026, 5, 12, 15)]);
    expect(hoursBetween(sent, deadline)).toBe(18);
    expect(hoursBetween(sent, requestReminderAt(sent, deadline))).toBe(9);
  });
});

describe('isRequestExpired with a stored deadline', () => {
  const sent = stockholmDateTime(2026, 5, 11, 9);
  const times = [stockholmDateTime(2026, 5, 20, 10)];
  const pending = {
    status: 'PENDING_PROVIDER_CONFIRMATION' as const,
    suggestedTimes: times,
    expiresAt: requestDeadline(sent, times),
  };
  it('expires at the deadline, not a moment before', () => {
    const deadline = pending.expiresAt.getTime();
    expect(isRequestExpired(pending, deadline - 1)).toBe(false);
    expect(isRequestExpired(pending, deadline)).toBe(true);
  });
  it('keeps the last suggested time for a request stored without a deadline', () => {
    const old = { ...pending, expiresAt: null };
    expect(isRequestExpired(old, pending.expiresAt)).toBe(false);
    expect(isRequestExpired(old, times[0]!)).toBe(true);
  });
});

describe('requestTimeLeft', () => {
  const deadline = stockholmDateTime(2026, 5, 13, 9);
  const before = (hours: number) => new Date(deadline.getTime() - hours * HOUR_MS);
  it('says the whole hours left, rounded down', () => {
    expect(requestTimeLeft(deadline, before(47.5))).toBe('1 dygn och 23 timmar kvar');
    expect(requestTimeLeft(deadline, before(24))).toBe('1 dygn kvar');
    expect(requestTimeLeft(deadline, before(5.9))).toBe('5 timmar kvar');
    expect(requestTimeLeft(deadline, before(1))).toBe('1 timme kvar');
    expect(requestTimeLeft(deadline, before(0.5))).toBe('Mindre än en timme kvar');
  });
  it('is null once the deadline has come', () => {
    expect(requestTimeLeft(deadline, deadline)).toBeNull();
    expect(requestTimeLeft(deadline, before(-1))).toBeNull();
  });
});

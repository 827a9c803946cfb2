import { describe, expect, it } from 'vitest';
import { seriesFormSchema } from '../bookings';
import { canStartSeries, sessionsAhead } from './series';

const NOW = new Date('2026-03-10T10:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

describe('canStartSeries', () => {
  it('offers a series to an ACTIVE match with a confirmed or a completed session', () => {
    expect(
      canStartSeries({
        status: 'ACTIVE',
        bookings: [{ status: 'CONFIRMED', confirmedTime: at(48) }],
      }),
    ).toBe(true);
    expect(canStartSeries({ status: 'ACTIVE', bookings: [{ status: 'COMPLETED' }] })).toBe(true);
  });

  it('refuses while a request waits, before any session, and for a match that is not ACTIVE', () => {
    expect(
      canStartSeries({
        status: 'ACTIVE',
        bookings: [{ status: 'COMPLETED' }, { status: 'PENDING_PROVIDER_CONFIRMATION' }],
      }),
    ).toBe(false);
    expect(
      canStartSeries({
        status: 'ACTIVE',
        bookings: [{ status: 'CANCELLED' }, { status: 'EXPIRED' }],
      }),
    ).toBe(false);
    expect(canStartSeries({ status: 'ENDED', bookings: [{ status: 'COMPLETED' }] })).toBe(false);
  });
});

describe('sessionsAhead', () => {
  it('lists the confirmed sessions still ahead, earliest first', () => {
    const bookings = [
      { id: 'c', status: 'CONFIRMED' as const, confirmedTime: at(24 * 14) },
      { id: 'past', status: 'CONFIRMED' as const, confirmedTime: at(-1) },
      { id: 'a', status: 'CONFIRMED' as const, confirmedTime: at(2) },
      { id: 'gone', status: 'CANCELLED' as const, confirmedTime: at(24 * 7) },
      { id: 'now', status: 'CONFIRMED' as const, confirmedTime: at(0) },
      { id: 'b', status: 'CONFIRMED' as const, confirmedTime: at(24 * 7) },
    ];
    expect(sessionsAhead(bookings, NOW).map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('seriesFormSchema', () => {
  const form = { date: '2026-03-12', time: '08:00', messageFromProvider: '', interval: 'WEEKLY' };

  it('takes 2 to 12 sessions as the select gives them', () => {
    expect(seriesFormSchema.parse({ ...form, count: '2' }).count).toBe(2);
    expect(seriesFormSchema.parse({ ...form, count: '12' }).count).toBe(12);
  });

  it('refuses fewer than 2, more than 12, and an unknown interval', () => {
    for (const count of ['1', '13', '', 'x']) {
      const result = seriesFormSchema.safeParse({ ...form, count });
      expect(result.success, count).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('En serie har 2 till 12 tillfällen.');
    }
    expect(seriesFormSchema.safeParse({ ...form, count: '4', interval: 'DAILY' }).success).toBe(
      false,
    );
  });
});

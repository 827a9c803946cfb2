import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../enums';
import {
  clientVisibleBooking,
  hasOpenBooking,
  providerActiveBookings,
  providerHistoryBookings,
} from './booking-selection';

const b = (id: string, status: BookingStatus, extra: Record<string, string | null> = {}) => ({
  id,
  status,
  cancelledAt: null,
  ...extra,
});

describe('clientVisibleBooking', () => {
  it('prefers confirmed, then pending, then completed', () => {
    const all = [
      b('x', 'CANCELLED', { cancelledAt: '2026-05-01T10:00:00Z' }),
      b('c', 'COMPLETED'),
      b('p', 'PENDING_PROVIDER_CONFIRMATION'),
      b('k', 'CONFIRMED'),
    ];
    expect(clientVisibleBooking(all)?.id).toBe('k');
    expect(clientVisibleBooking(all.slice(0, 3))?.id).toBe('p');
    expect(clientVisibleBooking(all.slice(0, 2))?.id).toBe('c');
  });
  it('then the most recently cancelled', () => {
    expect(
      clientVisibleBooking([
        b('old', 'CANCELLED', { cancelledAt: '2026-05-01T10:00:00Z' }),
        b('new', 'CANCELLED', { cancelledAt: '2026-05-03T10:00:00Z' }),
        b('mid', 'CANCELLED', { cancelledAt: '2026-05-02T10:00:00Z' }),
      ])?.id,
    ).toBe('new');
  });
  it('treats an expired request like a cancellation, newest first (decision 170)', () => {
    const picked = clientVisibleBooking([
      b('cancelled', 'CANCELLED', { cancelledAt: '2026-05-01T10:00:00Z' }),
      b('expired', 'EXPIRED', { expiresAt: '2026-05-02T10:00:00Z' }),
    ]);
    expect(picked?.id).toBe('expired');
    expect(clientVisibleBooking([b('e', 'EXPIRED'), b('c', 'COMPLETED')])?.id).toBe('c');
    expect(hasOpenBooking([b('e', 'EXPIRED')])).toBe(false);
    const history = providerHistoryBookings([
      {
        bookings: [
          b('expired', 'EXPIRED', { expiresAt: '2026-05-02T10:00:00Z' }),
          b('cancelled', 'CANCELLED', { cancelledAt: '2026-05-03T10:00:00Z' }),
        ],
      },
    ]);
    expect(history.map((r) => r.booking.id)).toEqual(['cancelled', 'expired']);
  });
  it('returns null without bookings', () => {
    expect(clientVisibleBooking([])).toBeNull();
  });
});

describe('provider lists', () => {
  const matches = [
    {
      id: 'm1',
      bookings: [
        b('a', 'CANCELLED', { cancelledAt: '2026-05-01T10:00:00Z' }),
        b('b', 'PENDING_PROVIDER_CONFIRMATION'),
        b('c', 'CONFIRMED'),
      ],
    },
    { id: 'm2', bookings: [b('d', 'COMPLETED', { completedAt: '2026-05-05T10:00:00Z' })] },
    { id: 'm3', bookings: [b('e', 'CONFIRMED')] },
    { id: 'm4', bookings: [] },
  ];
  it('active: per match the first pending or confirmed booking', () => {
    expect(providerActiveBookings(matches).map((r) => `${r.match.id}:${r.booking.id}`)).toEqual([
      'm1:b',
      'm3:e',
    ]);
  });
  it('history: cancelled and completed, newest first', () => {
    expect(providerHistoryBookings(matches).map((r) => `${r.match.id}:${r.booking.id}`)).toEqual([
      'm2:d',
      'm1:a',
    ]);
  });
  it('hasOpenBooking: pending or confirmed', () => {
    expect(hasOpenBooking([{ status: 'CANCELLED' }, { status: 'CONFIRMED' }])).toBe(true);
    expect(hasOpenBooking([{ status: 'PENDING_PROVIDER_CONFIRMATION' }])).toBe(true);
    expect(hasOpenBooking([{ status: 'CANCELLED' }, { status: 'COMPLETED' }])).toBe(false);
  });
});

describe('selection edges', () => {
  it('the client sees a completed booking before any cancelled one, however recent', () => {
    expect(
      clientVisibleBooking([
        b('x', 'CANCELLED', { cancelledAt: '2026-06-01T10:00:00Z' }),
        b('c', 'COMPLETED'),
      ])?.id,
    ).toBe('c');
  });
  it('a cancelled booking with a date beats one without; equal dates keep the first', () => {
    expect(
      clientVisibleBooking([
        b('undated', 'CANCELLED'),
        b('dated', 'CANCELLED', { cancelledAt: '2026-05-01T10:00:00Z' }),
      ])?.id,
    ).toBe('dated');
    expect(
      clientVisibleBooking([
        b('first', 'CANCELLED', { cancelledAt: '2026-05-01T10:00:00Z' }),
        b('second', 'CANCELLED', { cancelledAt: '2026-05-01T12:00:00+02:00' }),
      ])?.id,
    ).toBe('first');
  });
  it('the active list takes the first open booking in list order, confirmed or pending', () => {
    const rows = providerActiveBookings([
      { id: 'm1', bookings: [b('k', 'CONFIRMED'), b('p', 'PENDING_PROVIDER_CONFIRMATION')] },
      { id: 'm2', bookings: [b('x', 'CANCELLED'), b('y', 'COMPLETED')] },
    ]);
    expect(rows.map((r) => `${r.match.id}:${r.booking.id}`)).toEqual(['m1:k']);
  });
  it('of several confirmed sessions (a series, created in no order) both sides take the earliest', () => {
    const bookings = [
      b('done', 'COMPLETED', { confirmedTime: '2026-05-01T08:00:00Z' }),
      b('third', 'CONFIRMED', { confirmedTime: '2026-05-22T08:00:00Z' }),
      b('first', 'CONFIRMED', { confirmedTime: '2026-05-08T08:00:00Z' }),
      b('second', 'CONFIRMED', { confirmedTime: '2026-05-15T08:00:00Z' }),
    ];
    expect(clientVisibleBooking(bookings)?.id).toBe('first');
    expect(providerActiveBookings([{ id: 'm', bookings }]).map((r) => r.booking.id)).toEqual([
      'first',
    ]);
  });
  it('history holds every closed booking of every match, undated ones last', () => {
    const rows = providerHistoryBookings([
      {
        id: 'm1',
        bookings: [
          b('undated', 'CANCELLED'),
          b('open', 'CONFIRMED'),
          b('done', 'COMPLETED', { confirmedTime: '2026-05-02T08:00:00Z' }),
        ],
      },
      { id: 'm2', bookings: [b('late', 'CANCELLED', { cancelledAt: '2026-05-03T08:00:00Z' })] },
    ]);
    expect(rows.map((r) => r.booking.id)).toEqual(['late', 'done', 'undated']);
  });
});

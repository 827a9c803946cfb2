import { describe, expect, it } from 'vitest';
import { createBookingSchema } from './bookings';
import {
  isRoomOpenFor,
  resolveSessionFormat,
  practiceAddress,
  roomState,
  roomUrl,
  roomWindow,
  sessionLocation,
  sessionPlace,
} from './video';

const ID = '7f1e2d3c-0000-4000-8000-000000000001';

describe('a booking’s meeting format', () => {
  it('is the client’s choice when the therapist offers both, and required then', () => {
    expect(resolveSessionFormat('BOTH', 'VIDEO')).toEqual({ ok: true, format: 'VIDEO' });
    expect(resolveSessionFormat('BOTH', 'IN_PERSON')).toEqual({ ok: true, format: 'IN_PERSON' });
    expect(resolveSessionFormat('BOTH', undefined)).toEqual({ ok: false, reason: 'REQUIRED' });
  });

  it('is the therapist’s only format otherwise; another choice is refused', () => {
    expect(resolveSessionFormat('VIDEO', undefined)).toEqual({ ok: true, format: 'VIDEO' });
    expect(resolveSessionFormat('VIDEO', 'VIDEO')).toEqual({ ok: true, format: 'VIDEO' });
    expect(resolveSessionFormat('VIDEO', 'IN_PERSON')).toEqual({
      ok: false,
      reason: 'NOT_OFFERED',
    });
    expect(resolveSessionFormat('IN_PERSON', 'VIDEO')).toEqual({
      ok: false,
      reason: 'NOT_OFFERED',
    });
  });

  it('is at the practice for a profile saved before the format existed', () => {
    expect(resolveSessionFormat(null, undefined)).toEqual({ ok: true, format: 'IN_PERSON' });
  });

  it('the request payload takes VIDEO or IN_PERSON, never BOTH', () => {
    const base = {
      matchId: ID,
      suggestedTimes: ['2026-03-10T09:00:00Z', '2026-03-10T10:00:00Z', '2026-03-10T11:00:00Z'],
    };
    expect(createBookingSchema.safeParse({ ...base, meetingFormat: 'VIDEO' }).success).toBe(true);
    expect(createBookingSchema.safeParse(base).success).toBe(true);
    const both = createBookingSchema.safeParse({ ...base, meetingFormat: 'BOTH' });
    expect(both.error?.issues[0]?.message).toBe('Välj mötesform');
  });
});

describe('where a session happens', () => {
  const url = 'https://samtalsmatch.example/';

  it('a video session is its room link, discreet or not, and never the address', () => {
    const video = { bookingId: ID, meetingFormat: 'VIDEO' as const, address: 'Storgatan 1' };
    const room = `https://samtalsmatch.example/samtal/${ID}`;
    expect(roomUrl(url, ID)).toBe(room);
    expect(sessionPlace(url, video)).toEqual({ format: 'VIDEO', roomUrl: room });
    expect(sessionLocation(url, video, true)).toBe(room);
    expect(sessionLocation(url, video, false)).toBe(room);
  });

  it('a session at the practice is the address, and nothing in a discreet invite', () => {
    const there = { bookingId: ID, meetingFormat: 'IN_PERSON' as const, address: 'Storgatan 1' };
    expect(sessionLocation(url, there, false)).toBe('Storgatan 1');
    expect(sessionLocation(url, there, true)).toBeNull();
  });

  it('the practice’s address is one line of what is known, or nothing', () => {
    const full = { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' };
    expect(practiceAddress(full)).toBe('Storgatan 1, 111 22 Stockholm');
    expect(practiceAddress({ ...full, street: null })).toBe('111 22 Stockholm');
    expect(practiceAddress({ ...full, zip: null })).toBe('Storgatan 1, Stockholm');
    expect(practiceAddress({ street: ' ', zip: null, city: null })).toBeNull();
    expect(practiceAddress(null)).toBeNull();
  });
});

describe('the room’s hours', () => {
  const start = new Date('2026-03-10T09:00:00Z');

  it('open from 10 minutes before the start to 15 minutes after the booked hour', () => {
    expect(roomWindow(start)).toEqual({
      opensAt: new Date('2026-03-10T08:50:00Z'),
      closesAt: new Date('2026-03-10T10:15:00Z'),
    });
    expect(roomState(start, new Date('2026-03-10T08:49:59Z'))).toBe('BEFORE');
    expect(roomState(start, new Date('2026-03-10T08:50:00Z'))).toBe('OPEN');
    expect(roomState(start, new Date('2026-03-10T10:14:59Z'))).toBe('OPEN');
    expect(roomState(start, new Date('2026-03-10T10:15:00Z'))).toBe('CLOSED');
  });

  it('a room can be entered only for a confirmed video session inside its hours', () => {
    const session = {
      status: 'CONFIRMED',
      meetingFormat: 'VIDEO' as const,
      confirmedTime: start.toISOString(),
    };
    const inside = new Date('2026-03-10T08:50:00Z');
    expect(isRoomOpenFor(session, inside)).toBe(true);
    expect(isRoomOpenFor(session, new Date('2026-03-10T08:49:59Z'))).toBe(false);
    expect(isRoomOpenFor(session, new Date('2026-03-10T10:15:00Z'))).toBe(false);
    expect(isRoomOpenFor({ ...session, meetingFormat: 'IN_PERSON' }, inside)).toBe(false);
    expect(isRoomOpenFor({ ...session, status: 'PENDING_PROVIDER_CONFIRMATION' }, inside)).toBe(
      false,
    );
    expect(isRoomOpenFor({ ...session, confirmedTime: null }, inside)).toBe(false);
  });
});

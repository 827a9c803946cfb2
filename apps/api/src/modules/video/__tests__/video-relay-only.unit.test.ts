import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { roomAnswer, type RoomAccess } from '../video.service';

const ACCESS: RoomAccess = {
  bookingId: '00000000-0000-4000-8000-000000000001',
  role: 'CLIENT',
  userId: 'u1',
  confirmedTime: new Date('2026-11-27T13:00:00Z'),
  opensAt: new Date('2026-11-27T12:50:00Z'),
  closesAt: new Date('2026-11-27T14:15:00Z'),
};
const TURN = { TURN_URLS: 'turn:127.0.0.1:3478', TURN_SECRET: 'hemlig' };

describe('relay only (TURN_RELAY_ONLY)', () => {
  it('gives the room iceTransportPolicy "relay" with its TURN servers', () => {
    const room = roomAnswer(loadConfig({ ...TURN, TURN_RELAY_ONLY: 'true' }), ACCESS);
    expect(room.iceTransportPolicy).toBe('relay');
    expect(room.iceServers[0]?.urls).toEqual(['turn:127.0.0.1:3478']);
  });

  it('is off unless set: the room says nothing, and the browser uses every candidate', () => {
    expect(roomAnswer(loadConfig(TURN), ACCESS)).not.toHaveProperty('iceTransportPolicy');
    expect(
      roomAnswer(loadConfig({ ...TURN, TURN_RELAY_ONLY: 'false' }), ACCESS),
    ).not.toHaveProperty('iceTransportPolicy');
  });

  it('is refused without TURN_URLS: no room could connect', () => {
    expect(() => loadConfig({ TURN_RELAY_ONLY: 'true' })).toThrow(
      /TURN_RELAY_ONLY=true needs TURN_URLS/,
    );
  });
});

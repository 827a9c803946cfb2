/*
 * The video room (docs/rules/video.md): GET /api/video/{id} over HTTP, and
 * the signalling socket over a real WebSocket against real Postgres. A
 * booking is put inside the room's hours by its confirmed time (the start of
 * the current hour), as the booking tests place sessions in the past.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNAL_MAX_BYTES, SIGNAL_MAX_MESSAGES, type VideoRoom } from '@samtalsmatch/contracts';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { openSignalSocket } from '../../../test/signal-socket';
import {
  createBookingRow,
  matchedPair,
  signIn,
  stockholmTimes,
} from '../../bookings/__tests__/fixtures';

let server: TestServer;
const TURN = { TURN_URLS: 'turn:127.0.0.1:3478?transport=udp', TURN_SECRET: 'hemlig-delad-nyckel' };
beforeAll(async () => {
  server = await startTestServer(TURN);
});
afterAll(async () => {
  await server.close();
});

/** The start of the current hour: the room is open now. */
function thisHour(): Date {
  const t = new Date();
  t.setUTCMinutes(0, 0, 0);
  return t;
}

async function videoSession(
  options: {
    format?: 'VIDEO' | 'IN_PERSON';
    at?: Date;
    status?: 'CONFIRMED' | 'PENDING_PROVIDER_CONFIRMATION';
  } = {},
) {
  const { clientUser, providerUser, match } = await matchedPair(server);
  const booking = await createBookingRow(
    server.database.db,
    match,
    options.status ?? 'CONFIRMED',
    [options.at ?? thisHour()],
    { meetingFormat: options.format ?? 'VIDEO' },
  );
  return {
    booking,
    clientUser,
    providerUser,
    client: await signIn(server, clientUser),
    provider: await signIn(server, providerUser),
  };
}

describe('GET /api/video/{bookingId}', () => {
  it('answers the booking’s two people with the hours, their role and TURN credentials', async () => {
    const s = await videoSession();
    for (const [http, role, user] of [
      [s.client, 'CLIENT', s.clientUser],
      [s.provider, 'PROVIDER', s.providerUser],
    ] as const) {
      const res = await http.get(`/api/video/${s.booking.id}`);
      expect(res.status).toBe(200);
      const room = (await res.json()) as VideoRoom;
      const start = s.booking.confirmedTime!.getTime();
      expect(room).toMatchObject({
        bookingId: s.booking.id,
        role,
        startsAt: new Date(start).toISOString(),
        opensAt: new Date(start - 10 * 60_000).toISOString(),
        closesAt: new Date(start + 75 * 60_000).toISOString(),
      });
      // coturn's shared-secret scheme: username "expiry:userId", password base64(HMAC-SHA1).
      const expiry = (start + 75 * 60_000) / 1000;
      const username = `${expiry}:${user.id}`;
      expect(room.iceServers).toEqual([
        {
          urls: [TURN.TURN_URLS],
          username,
          credential: createHmac('sha1', TURN.TURN_SECRET).update(username).digest('base64'),
        },
      ]);
    }
  });

  it('404 to anyone else: another client, another therapist, not signed in: 401', async () => {
    const s = await videoSession();
    const other = await videoSession();
    expect((await other.client.get(`/api/video/${s.booking.id}`)).status).toBe(404);
    expect((await other.provider.get(`/api/video/${s.booking.id}`)).status).toBe(404);
    expect((await new TestClient(server.baseUrl).get(`/api/video/${s.booking.id}`)).status).toBe(
      401,
    );
  });

  it('409 with a Swedish message for a session at the practice or a request not confirmed', async () => {
    for (const s of [
      await videoSession({ format: 'IN_PERSON' }),
      await videoSession({ status: 'PENDING_PROVIDER_CONFIRMATION' }),
    ]) {
      const res = await s.client.get(`/api/video/${s.booking.id}`);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        message: 'Det här är inte ett bekräftat videosamtal.',
      });
    }
  });
});

/** Opens the signalling socket as `http`'s user; resolves once open. */
function connect(http: TestClient, bookingId: string, origin = 'http://localhost:3000') {
  return openSignalSocket(server.baseUrl, bookingId, http.cookieHeader(), origin);
}

describe('the signalling socket is refused before the upgrade', () => {
  it('for a stranger (404), a wrong Origin (403), outside the hours (403), without a session (401)', async () => {
    const s = await videoSession();
    const stranger = await videoSession();
    await expect(connect(stranger.client, s.booking.id)).rejects.toThrow('HTTP 404');
    await expect(connect(s.client, s.booking.id, 'https://evil.example')).rejects.toThrow(
      'HTTP 403',
    );
    await expect(connect(new TestClient(server.baseUrl), s.booking.id)).rejects.toThrow('HTTP 401');
    const later = await videoSession({ at: stockholmTimes(new Date(), 2, [10])[0]! });
    await expect(connect(later.client, later.booking.id)).rejects.toThrow('HTTP 403');
  });
});

describe('the waiting room and the relay', () => {
  it('nothing reaches the client before "Släpp in"; then the two exchange, and only they', async () => {
    const s = await videoSession();
    const bystander = await videoSession();
    const therapist = await connect(s.provider, s.booking.id);
    await therapist.next('joined');
    const client = await connect(s.client, s.booking.id);
    await client.next('waiting');
    await therapist.next('client-waiting');
    const elsewhere = await connect(bystander.provider, bystander.booking.id);
    await elsewhere.next('joined');

    // Before "Släpp in": the therapist's offer goes nowhere, nor does the client's.
    therapist.ws.send(JSON.stringify({ type: 'signal', data: { sdp: 'tidig' } }));
    client.ws.send(JSON.stringify({ type: 'signal', data: { sdp: 'väntar' } }));
    therapist.ws.send(JSON.stringify({ type: 'admit' }));
    await client.next('admitted');
    await therapist.next('peer-ready');
    therapist.ws.send(JSON.stringify({ type: 'signal', data: { sdp: 'erbjudande' } }));
    expect((await client.next('signal')).data).toEqual({ sdp: 'erbjudande' });
    client.ws.send(JSON.stringify({ type: 'signal', data: { sdp: 'svar' } }));
    expect((await therapist.next('signal')).data).toEqual({ sdp: 'svar' });
    expect(client.messages.filter((m) => m.type === 'signal')).toEqual([
      { type: 'signal', data: { sdp: 'erbjudande' } },
    ]);
    expect(therapist.messages.filter((m) => m.type === 'signal')).toEqual([
      { type: 'signal', data: { sdp: 'svar' } },
    ]);
    expect(elsewhere.messages.map((m) => m.type)).toEqual(['joined']);

    // A rejoining client is let in without waiting; a newer tab takes over the older.
    const second = await connect(s.client, s.booking.id);
    await second.next('admitted');
    await client.next('replaced');
    expect(await client.closed).toBe(4001);
    client.ws.close();
    second.ws.close();
    therapist.ws.close();
    elsewhere.ws.close();
    await therapist.closed;
  });

  it('a message over the size bound closes the socket (1009); too many in a short time (1008)', async () => {
    const s = await videoSession();
    const big = await connect(s.provider, s.booking.id);
    big.ws.send(JSON.stringify({ type: 'signal', data: { sdp: 'x'.repeat(SIGNAL_MAX_BYTES) } }));
    expect(await big.closed).toBe(1009);
    const chatty = await connect(s.provider, s.booking.id);
    for (let i = 0; i <= SIGNAL_MAX_MESSAGES; i += 1) {
      chatty.ws.send(JSON.stringify({ type: 'signal', data: { candidate: String(i) } }));
    }
    expect(await chatty.closed).toBe(1008);
  });
});

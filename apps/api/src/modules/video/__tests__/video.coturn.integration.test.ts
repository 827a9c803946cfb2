/*
 * The room's TURN credentials against a real coturn (Debian's `turnserver`,
 * docs/rules/video.md#ice-servers): started on 127.0.0.1 with
 * `use-auth-secret` and the test's `static-auth-secret`, and stopped after.
 * A TURN Allocate through coturn's own client (turnutils_uclient) with what
 * GET /api/video/{bookingId} answers is accepted and relays; a changed
 * password, another secret's or an expired username is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRoom } from '@samtalsmatch/contracts';
import { loadConfig } from '../../../config';
import { startCoturn, turnAllocate, type Coturn } from '../../../test/coturn';
import { startTestServer, TEST_DEFAULT_ENV, type TestServer } from '../../../test/harness';
import { createBookingRow, matchedPair, signIn } from '../../bookings/__tests__/fixtures';
import { iceServersFor } from '../video.ice';

const SECRET = 'coturn-delad-hemlighet';
let coturn: Coturn;
let server: TestServer;

beforeAll(async () => {
  coturn = await startCoturn(SECRET);
  server = await startTestServer({ TURN_URLS: coturn.url, TURN_SECRET: SECRET });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await coturn?.stop();
});

/** The start of the current hour: the room is open now, and its credentials valid for an hour more. */
function thisHour(): Date {
  const t = new Date();
  t.setUTCMinutes(0, 0, 0);
  return t;
}

describe('TURN credentials from the room, against coturn', () => {
  it('coturn accepts both people’s credentials and relays; a changed password is refused', async () => {
    const { clientUser, providerUser, match } = await matchedPair(server);
    const booking = await createBookingRow(server.database.db, match, 'CONFIRMED', [thisHour()], {
      meetingFormat: 'VIDEO',
    });
    for (const user of [clientUser, providerUser]) {
      const http = await signIn(server, user);
      const res = await http.get(`/api/video/${booking.id}`);
      expect(res.status).toBe(200);
      const [ice] = ((await res.json()) as VideoRoom).iceServers;
      expect(ice?.urls).toEqual([coturn.url]);
      const ok = await turnAllocate(coturn.port, ice!.username!, ice!.credential!);
      expect(ok.accepted, ok.output).toBe(true);
      const tampered = await turnAllocate(coturn.port, ice!.username!, `${ice!.credential!}x`);
      expect(tampered.accepted, tampered.output).toBe(false);
    }
  }, 90_000);

  it('refuses credentials made with another secret, and a username whose time has passed', async () => {
    const turn = { urls: [coturn.url], secret: 'en-annan-hemlighet' };
    const inAnHour = new Date(Date.now() + 3_600_000);
    const [other] = iceServersFor(turn, 'someone', inAnHour);
    expect((await turnAllocate(coturn.port, other!.username!, other!.credential!)).accepted).toBe(
      false,
    );
    const config = loadConfig({ ...TEST_DEFAULT_ENV, TURN_URLS: coturn.url, TURN_SECRET: SECRET });
    const [expired] = iceServersFor(config.turn, 'someone', new Date(Date.now() - 60_000));
    expect(
      (await turnAllocate(coturn.port, expired!.username!, expired!.credential!)).accepted,
    ).toBe(false);
    // The same scheme, still valid: accepted (what differs above is only the secret or the time).
    const [valid] = iceServersFor(config.turn, 'someone', inAnHour);
    expect((await turnAllocate(coturn.port, valid!.username!, valid!.credential!)).accepted).toBe(
      true,
    );
  }, 90_000);
});

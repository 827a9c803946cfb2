/*
 * cancelOpenBookingsOf for either party: what account erasure calls, for a
 * client as well as a therapist (unverifying is tested over HTTP in the admin
 * module's tests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox } from '../../../test/accounts';
import {
  createBooking,
  createClient,
  createMatch,
  createProvider,
  slotsAt,
  stockholmHour,
} from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { cancelOpenBookingsOf } from '../bookings.system-cancel';
import { bookingById } from './fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { publicUrlIsBaseUrl: true });
});

afterAll(async () => {
  await server?.close();
});

describe('cancelOpenBookingsOf', () => {
  it("cancels a closing client's bookings ahead as SYSTEM and tells each therapist, without the client's name", async () => {
    const client = await createClient(server, { name: 'Greta Går' });
    const first = await createProvider(server, { email: `forsta.${Date.now()}@exempel.se` });
    const second = await createProvider(server, { email: `andra.${Date.now()}@exempel.se` });
    const confirmedTime = stockholmHour(3, 15);
    const confirmed = await createBooking(
      server,
      (await createMatch(server, { clientId: client.id, providerId: first.id })).id,
      { status: 'CONFIRMED', suggestedTimes: [confirmedTime] },
    );
    const requestTimes = [stockholmHour(4, 9), stockholmHour(4, 10), stockholmHour(4, 11)];
    const request = await createBooking(
      server,
      (await createMatch(server, { clientId: client.id, providerId: second.id })).id,
      { suggestedTimes: requestTimes },
    );

    const now = new Date();
    const cancelled = await server.database.db.transaction((tx) =>
      cancelOpenBookingsOf(tx, { config: server.config, now }, client.id, 'ACCOUNT_CLOSED'),
    );

    expect(cancelled.map((c) => c.bookingId).sort()).toEqual([confirmed.id, request.id].sort());
    for (const id of [confirmed.id, request.id]) {
      expect(await bookingById(server.database.db, id)).toMatchObject({
        status: 'CANCELLED',
        cancelledBy: 'SYSTEM',
        cancelledAt: now,
      });
    }
    for (const slot of [
      ...(await slotsAt(server, first.id, [confirmedTime])),
      ...(await slotsAt(server, second.id, requestTimes)),
    ]) {
      expect(slot).toMatchObject({ status: 'AVAILABLE', bookingId: null });
    }

    const [toFirst] = await mailbox(server.baseUrl, first.email!);
    expect(toFirst!.text).toContain(
      'har avbokats av Samtalsmatch eftersom klientens konto har avslutats',
    );
    expect(toFirst!.text).toContain('(svensk tid)');
    expect(toFirst!.text).toContain('Tiden är ledig igen i din kalender.');
    const [toSecond] = await mailbox(server.baseUrl, second.email!);
    expect(toSecond!.text).toContain('En bokningsförfrågan till dig har avbokats av Samtalsmatch');
    for (const mail of [toFirst!, toSecond!]) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('Greta');
    }
    expect(await mailbox(server.baseUrl, client.email!)).toHaveLength(0);
  });

  it('rolls back with the caller: nothing cancelled, nothing mailed', async () => {
    const client = await createClient(server);
    const provider = await createProvider(server, { email: `rull.${Date.now()}@exempel.se` });
    const booking = await createBooking(
      server,
      (await createMatch(server, { clientId: client.id, providerId: provider.id })).id,
    );
    await expect(
      server.database.db.transaction(async (tx) => {
        await cancelOpenBookingsOf(
          tx,
          { config: server.config, now: new Date() },
          client.id,
          'ACCOUNT_CLOSED',
        );
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    expect((await bookingById(server.database.db, booking.id)).status).toBe(
      'PENDING_PROVIDER_CONFIRMATION',
    );
    expect(await mailbox(server.baseUrl, provider.email!)).toHaveLength(0);
  });
});

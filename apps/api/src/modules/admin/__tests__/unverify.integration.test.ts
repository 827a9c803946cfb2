/*
 * Unverifying a therapist pauses the account at once, everywhere: client
 * data answers 403 to the therapist, open bookings end as cancelled by
 * SYSTEM (slots freed, each client mailed discreetly), recommendations
 * vanish from clients' lists and answer 404 by id, an ACTIVE match stays as
 * history with the name only, and a new request is refused.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProviderDetailSchema,
  matchesResponseSchema,
  userSchema,
  type Match,
} from '@samtalsmatch/contracts';
import { availabilitySlots, bookings, mailOutbox } from '@samtalsmatch/db';
import { mailbox } from '../../../test/accounts';
import {
  createBooking,
  createClient,
  createMatch,
  createProvider,
  signInAs,
  slotsAt,
  stockholmHour,
} from '../../../test/factories';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { signedInAdmin } from './admin-fixtures';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  server = await startTestServer({}, { publicUrlIsBaseUrl: true });
  admin = await signedInAdmin(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function signedIn(user: { id: string; sessionVersion: number }): Promise<TestClient> {
  const http = new TestClient(server.baseUrl);
  await signInAs(server, http, user);
  return http;
}

async function bookingRow(id: string) {
  const [row] = await server.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function clientList(http: TestClient): Promise<Match[]> {
  const res = await http.get('/api/matches');
  expect(res.status).toBe(200);
  return matchesResponseSchema.parse(await res.json());
}

/** A verified therapist with three clients in every state a match can be in. */
async function therapistWithClients() {
  const provider = await createProvider(server, {
    name: 'Tova Terapeut',
    email: `tova.${Date.now()}.${Math.random().toString(36).slice(2)}@exempel.se`,
    // A free hour: until the admin acts, the therapist can be booked (and recommended).
    slots: [{ daysAhead: 6, hour: 15 }],
  });
  const confirmedClient = await createClient(server, { name: 'Klara Bekräftad' });
  const pendingClient = await createClient(server, { name: 'Pelle Väntar' });
  const historyClient = await createClient(server, { name: 'Hanna Historik' });
  const recommendedClient = await createClient(server, { name: 'Rut Rekommenderad' });

  const confirmedMatch = await createMatch(server, {
    clientId: confirmedClient.id,
    providerId: provider.id,
  });
  const confirmedTime = stockholmHour(4, 10);
  const confirmed = await createBooking(server, confirmedMatch.id, {
    status: 'CONFIRMED',
    suggestedTimes: [confirmedTime, stockholmHour(4, 11), stockholmHour(4, 12)],
  });
  // A confirmed session that has already begun is not ahead: it stays.
  const pastConfirmed = await createBooking(server, confirmedMatch.id, {
    status: 'COMPLETED',
    suggestedTimes: [stockholmHour(-7, 10)],
    holdSlots: false,
  });

  const pendingMatch = await createMatch(server, {
    clientId: pendingClient.id,
    providerId: provider.id,
  });
  const pendingTimes = [stockholmHour(5, 9), stockholmHour(5, 10), stockholmHour(5, 11)];
  const pending = await createBooking(server, pendingMatch.id, { suggestedTimes: pendingTimes });

  const historyMatch = await createMatch(server, {
    clientId: historyClient.id,
    providerId: provider.id,
  });
  const completed = await createBooking(server, historyMatch.id, {
    status: 'COMPLETED',
    suggestedTimes: [stockholmHour(-3, 14)],
    holdSlots: false,
  });

  const recommendation = await createMatch(server, {
    clientId: recommendedClient.id,
    providerId: provider.id,
  });
  return {
    provider,
    confirmedClient,
    pendingClient,
    historyClient,
    recommendedClient,
    confirmedMatch,
    pendingMatch,
    historyMatch,
    recommendation,
    confirmed,
    confirmedTime,
    pastConfirmed,
    pending,
    pendingTimes,
    completed,
  };
}

async function unverify(providerId: string) {
  const res = await admin.client.patch(`/api/admin/providers/${providerId}/verify`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ isVerified: false, verifiedAt: null });
}

describe('unverifying a therapist', () => {
  it('tells the admin beforehand how many bookings still ahead will be cancelled', async () => {
    const world = await therapistWithClients();
    const detail = async () => {
      const res = await admin.client.get(`/api/admin/providers/${world.provider.id}`);
      expect(res.status).toBe(200);
      return adminProviderDetailSchema.parse(await res.json());
    };
    // The confirmed session ahead and the pending request; not the completed ones.
    expect((await detail()).bookingsAhead).toBe(2);
    await unverify(world.provider.id);
    expect((await detail()).bookingsAhead).toBe(0);
  });

  /** The 403 a paused therapist gets: the account is paused, not under review. */
  const PAUSED = {
    code: 'PROVIDER_PAUSED',
    message:
      'Ditt konto är pausat. Så länge kontot är pausat kan du inte hantera bokningar eller se klienters uppgifter.',
  };

  it("answers the therapist 403 'Ditt konto är pausat' on every endpoint with clients' data, at once", async () => {
    const world = await therapistWithClients();
    const therapist = await signedIn(world.provider);
    const reads = [
      () => therapist.get('/api/matches'),
      () => therapist.get(`/api/matches/${world.confirmedMatch.id}`),
      () => therapist.get(`/api/matches/${world.historyMatch.id}`),
    ];
    for (const read of reads) expect((await read()).status).toBe(200);

    await unverify(world.provider.id);

    for (const read of reads) {
      const res = await read();
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject(PAUSED);
    }
    const writes = [
      () =>
        therapist.patch(`/api/bookings/confirm/${world.pending.id}`, {
          confirmedTime: world.pendingTimes[0]!.toISOString(),
        }),
      () => therapist.patch(`/api/bookings/cancel/${world.confirmed.id}`, {}),
      () => therapist.patch(`/api/bookings/complete/${world.pastConfirmed.id}`, {}),
      () =>
        therapist.post('/api/bookings/rebook', {
          matchId: world.historyMatch.id,
          confirmedTime: stockholmHour(6, 10).toISOString(),
        }),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject(PAUSED);
    }
  });

  it('cancels every booking still ahead as SYSTEM, frees the slots, and leaves the past alone', async () => {
    const world = await therapistWithClients();
    await unverify(world.provider.id);

    const confirmed = await bookingRow(world.confirmed.id);
    expect(confirmed).toMatchObject({ status: 'CANCELLED', cancelledBy: 'SYSTEM' });
    expect(confirmed.cancelledAt).toBeInstanceOf(Date);
    expect(confirmed.icsSequence).toBe(world.confirmed.icsSequence + 1);
    const pending = await bookingRow(world.pending.id);
    expect(pending).toMatchObject({ status: 'CANCELLED', cancelledBy: 'SYSTEM' });
    expect((await bookingRow(world.completed.id)).status).toBe('COMPLETED');
    expect((await bookingRow(world.pastConfirmed.id)).status).toBe('COMPLETED');

    const slots = await slotsAt(server, world.provider.id, [
      world.confirmedTime,
      ...world.pendingTimes,
    ]);
    expect(slots).toHaveLength(4);
    for (const slot of slots) expect(slot).toMatchObject({ status: 'AVAILABLE', bookingId: null });

    // The client reads it as cancelled by SYSTEM in the match's bookings.
    const list = await clientList(await signedIn(world.confirmedClient));
    const booking = list[0]!.bookings.find((b) => b.id === world.confirmed.id)!;
    expect(booking).toMatchObject({ status: 'CANCELLED', cancelledBy: 'SYSTEM' });
  });

  it('mails each client discreetly (with the calendar CANCEL) and the therapist that the account is paused', async () => {
    const world = await therapistWithClients();
    await unverify(world.provider.id);

    for (const client of [world.confirmedClient, world.pendingClient]) {
      const mails = await mailbox(server.baseUrl, client.email!);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('En bokning har avbokats av Samtalsmatch');
      expect(mail.text).toContain(
        'eftersom den du skulle träffa inte kan ta emot bokningar just nu',
      );
      expect(mail.text).toContain('Logga in för att välja någon annan bland dina matchningar.');
      expect(mail.links).toContain(`${server.config.publicUrl}/dashboard`);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('Tova');
        expect(part).not.toContain('Terapeut ');
        expect(part).not.toMatch(/terapeut|terapi|psykolog|kurator|socionom|sexolog/i);
      }
    }
    const [confirmedMail] = await mailbox(server.baseUrl, world.confirmedClient.email!);
    expect(confirmedMail!.text).toContain('(svensk tid)');
    const [pendingMail] = await mailbox(server.baseUrl, world.pendingClient.email!);
    expect(pendingMail!.text).toContain('Din bokningsförfrågan har avbokats av Samtalsmatch');

    const [outboxRow] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, world.confirmedClient.email!));
    const attachments = outboxRow!.attachments as { content: string }[];
    expect(attachments).toHaveLength(1);
    const ics = Buffer.from(attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain(`UID:booking-${world.confirmed.id}@`);

    // Nothing to the client whose bookings were all in the past, nor to the recommended one.
    expect(await mailbox(server.baseUrl, world.historyClient.email!)).toHaveLength(0);
    expect(await mailbox(server.baseUrl, world.recommendedClient.email!)).toHaveLength(0);

    const paused = await mailbox(server.baseUrl, world.provider.email!);
    expect(paused.map((m) => m.subject)).toEqual(['Ditt konto hos Samtalsmatch är pausat']);
    expect(paused[0]!.text).toContain('Hej Tova Terapeut!');
    expect(paused[0]!.links).toContain(`${server.config.publicUrl}/dashboard`);
  });

  it("hides the therapist's recommendations (404 by id, no photo URL), keeps ACTIVE matches as history by name only", async () => {
    const world = await therapistWithClients();
    const recommended = await signedIn(world.recommendedClient);
    const history = await signedIn(world.historyClient);

    const before = await clientList(recommended);
    expect(before.map((m) => m.id)).toEqual([world.recommendation.id]);
    expect(before[0]!.provider.providerProfile?.profileImageSignedUrl).toEqual(expect.any(String));
    expect((await recommended.get(`/api/matches/${world.recommendation.id}`)).status).toBe(200);

    await unverify(world.provider.id);

    expect(await clientList(recommended)).toEqual([]);
    const byId = await recommended.get(`/api/matches/${world.recommendation.id}`);
    expect(byId.status).toBe(404);
    const potential = await recommended.get('/api/matches/potential');
    expect(potential.status).toBe(200);
    const recomputed = matchesResponseSchema.parse(await potential.json());
    expect(recomputed.map((m) => m.providerId)).not.toContain(world.provider.id);

    const kept = await clientList(history);
    expect(kept).toHaveLength(1);
    const match = kept[0]!;
    expect(match).toMatchObject({ id: world.historyMatch.id, status: 'ACTIVE' });
    expect(match.provider).toEqual({
      name: 'Tova Terapeut',
      email: null,
      phoneNumber: null,
      address: null,
      providerProfile: null,
      answer: [],
      paused: true,
    });
    expect(match.bookings.map((b) => [b.id, b.status])).toEqual([
      [world.completed.id, 'COMPLETED'],
    ]);
    expect(JSON.stringify(kept)).not.toContain('/api/images/');
    const one = await history.get(`/api/matches/${world.historyMatch.id}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as Match).provider).toMatchObject({
      providerProfile: null,
      paused: true,
    });
  });

  it('refuses a new request to the therapist', async () => {
    const world = await therapistWithClients();
    const history = await signedIn(world.historyClient);
    await unverify(world.provider.id);
    const res = await history.post('/api/bookings', {
      matchId: world.historyMatch.id,
      suggestedTimes: [stockholmHour(6, 9), stockholmHour(6, 10), stockholmHour(6, 11)].map((t) =>
        t.toISOString(),
      ),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
  });

  it('leaves no booking open when rebooks race the unverify: each either commits first and is cancelled, or is refused', async () => {
    const provider = await createProvider(server, {
      email: `kapplopning.${Date.now()}@exempel.se`,
    });
    const therapist = await signedIn(provider);
    await therapist.csrfToken();
    const matchIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const client = await createClient(server);
      const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
      await createBooking(server, match.id, {
        status: 'COMPLETED',
        suggestedTimes: [stockholmHour(-2, 10)],
        holdSlots: false,
      });
      matchIds.push(match.id);
    }
    await admin.client.csrfToken();
    const rebooks = matchIds.flatMap((matchId, i) =>
      [0, 1, 2].map(() =>
        therapist.post('/api/bookings/rebook', {
          matchId,
          confirmedTime: stockholmHour(3 + (i % 5), 8 + Math.floor(i / 5)).toISOString(),
        }),
      ),
    );
    const [toggle, ...answers] = await Promise.all([
      admin.client.patch(`/api/admin/providers/${provider.id}/verify`),
      ...rebooks,
    ]);
    expect(toggle.status).toBe(200);
    for (const res of answers) expect([201, 403, 409]).toContain(res.status);
    const rows = await server.database.db
      .select()
      .from(bookings)
      .where(inArray(bookings.matchId, matchIds));
    const open = rows.filter(
      (b) => b.status === 'CONFIRMED' || b.status === 'PENDING_PROVIDER_CONFIRMATION',
    );
    expect(open).toEqual([]);
    // What was created before the unverify committed was cancelled by SYSTEM.
    const created = answers.filter((r) => r.status === 201).length;
    expect(rows.filter((b) => b.cancelledBy === 'SYSTEM')).toHaveLength(created);
  });

  it('leaves no request open when client requests race the unverify', async () => {
    const provider = await createProvider(server, { email: `forfragan.${Date.now()}@exempel.se` });
    const times = (day: number) => [9, 10, 11].map((h) => stockholmHour(3 + day, h));
    const requests: (() => Promise<Response>)[] = [];
    const matchIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const client = await createClient(server);
      const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
      matchIds.push(match.id);
      await server.database.db.insert(availabilitySlots).values(
        times(i).map((start) => ({
          providerId: provider.id,
          startTime: start,
          endTime: new Date(start.getTime() + 3_600_000),
        })),
      );
      const http = await signedIn(client);
      await http.csrfToken();
      for (let k = 0; k < 3; k++) {
        requests.push(() =>
          http.post('/api/bookings', {
            matchId: match.id,
            suggestedTimes: times(i).map((t) => t.toISOString()),
          }),
        );
      }
    }
    await admin.client.csrfToken();
    const [toggle, ...answers] = await Promise.all([
      admin.client.patch(`/api/admin/providers/${provider.id}/verify`),
      ...requests.map((r) => r()),
    ]);
    expect(toggle.status).toBe(200);
    for (const res of answers) expect([201, 404, 409]).toContain(res.status);
    const rows = await server.database.db
      .select()
      .from(bookings)
      .where(inArray(bookings.matchId, matchIds));
    expect(rows.filter((b) => b.status === 'PENDING_PROVIDER_CONFIRMATION')).toEqual([]);
    expect(rows.filter((b) => b.cancelledBy === 'SYSTEM')).toHaveLength(
      answers.filter((r) => r.status === 201).length,
    );
  });

  it("marks the therapist's own account as paused, and a new verification clears it", async () => {
    const world = await therapistWithClients();
    const therapist = await signedIn(world.provider);
    const me = async () => userSchema.parse(await (await therapist.get('/api/users/me')).json());
    expect((await me()).profile).toMatchObject({ isVerified: true, pausedAt: null });
    await unverify(world.provider.id);
    expect((await me()).profile).toMatchObject({ isVerified: false, pausedAt: expect.any(String) });
    const res = await admin.client.patch(`/api/admin/providers/${world.provider.id}/verify`);
    expect(res.status).toBe(200);
    expect((await me()).profile).toMatchObject({ isVerified: true, pausedAt: null });
  });
});

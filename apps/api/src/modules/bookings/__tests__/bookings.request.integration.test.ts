/*
 * POST /api/bookings, the client's request: one transaction that locks the
 * match, its bookings and the slots, and writes the booking, the held slots,
 * the match made ACTIVE and the therapist's mail together, or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, matches, providerProfiles, users } from '@samtalsmatch/db';
import type { Booking } from '@samtalsmatch/contracts';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  bookingById,
  bookingsOf,
  createBookingRow,
  createClientUser,
  createMatch,
  createSlots,
  matchedPair,
  signInForWrites,
  slotsOf,
  stockholmTimes,
} from './fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
const db = () => server.database.db;
const iso = (d: Date) => d.toISOString();

async function setup() {
  const { clientUser, providerUser, match, times } = await matchedPair(server);
  await createSlots(db(), providerUser.id, times);
  const client = await signInForWrites(server, clientUser);
  return { clientUser, providerUser, match, times, client };
}

describe('POST /api/bookings, one transaction', () => {
  it("writes the booking, holds its three slots, makes the match ACTIVE and queues the therapist's mail", async () => {
    const { match, times, providerUser, client } = await setup();
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Booking;
    const row = await bookingById(db(), body!.id);
    expect(row.status).toBe('PENDING_PROVIDER_CONFIRMATION');
    const slots = await slotsOf(db(), providerUser.id);
    expect(slots.map((s) => [s.status, s.bookingId])).toEqual(
      times.map(() => ['PENDING', body!.id]),
    );
    const [m] = await db().select().from(matches).where(eq(matches.id, match.id));
    expect(m!.status).toBe('ACTIVE');
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, providerUser.email!));
    expect(mails.map((mail) => mail.subject)).toEqual(['Ny bokningsförfrågan']);
  });

  it('a stale request on the match is expired first, its slots freed, and the new one made', async () => {
    const { match, times, providerUser, client } = await setup();
    const past = [3, 2, 1].map((h) => new Date(Date.now() - h * 3_600_000 - 60_000));
    past.forEach((t) => t.setUTCMinutes(0, 0, 0));
    const stale = await createBookingRow(db(), match, 'PENDING_PROVIDER_CONFIRMATION', past);
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(201);
    expect((await bookingById(db(), stale.id)).status).toBe('EXPIRED');
    const slots = await slotsOf(db(), providerUser.id);
    const old = slots.filter((s) => past.some((t) => t.getTime() === s.startTime.getTime()));
    expect(old.map((s) => [s.status, s.bookingId])).toEqual(past.map(() => ['AVAILABLE', null]));
  });

  it('an open booking: 409 BOOKING_ALREADY_OPEN and nothing written (no slot held, no mail)', async () => {
    const { match, times, providerUser, client } = await setup();
    const later = stockholmTimes(new Date(), 5, [10, 11, 12]);
    const open = await createBookingRow(db(), match, 'CONFIRMED', later);
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'BOOKING_ALREADY_OPEN' });
    expect((await bookingsOf(db(), match.id)).map((b) => b.id)).toEqual([open.id]);
    const free = (await slotsOf(db(), providerUser.id)).filter((s) =>
      times.some((t) => t.getTime() === s.startTime.getTime()),
    );
    expect(free.map((s) => s.status)).toEqual(['AVAILABLE', 'AVAILABLE', 'AVAILABLE']);
    expect(
      await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, providerUser.email!)),
    ).toEqual([]);
  });

  it('one slot taken: 409 SLOT_TAKEN, the match stays PENDING, no booking, no slot held, no mail', async () => {
    const { match, times, providerUser, client } = await setup();
    const otherClient = await createClientUser(server);
    const otherMatch = await createMatch(server, otherClient.id, providerUser.id);
    const theirs = [times[1]!, ...stockholmTimes(new Date(), 6, [10, 11])];
    const taken = await createBookingRow(db(), otherMatch, 'PENDING_PROVIDER_CONFIRMATION', theirs);
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'SLOT_TAKEN' });
    expect(await bookingsOf(db(), match.id)).toEqual([]);
    const [m] = await db().select().from(matches).where(eq(matches.id, match.id));
    expect(m!.status).toBe('PENDING');
    const held = (await slotsOf(db(), providerUser.id)).filter((s) => s.bookingId !== null);
    expect(held.map((s) => s.bookingId)).toEqual([taken.id, taken.id, taken.id]);
    expect(
      await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, providerUser.email!)),
    ).toEqual([]);
  });

  it('a therapist without an e-mail address: the request is made, no mail queued', async () => {
    const { match, times, providerUser, client } = await setup();
    await db().update(users).set({ email: null }).where(eq(users.id, providerUser.id));
    const before = (await db().select().from(mailOutbox)).length;
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(201);
    expect((await db().select().from(mailOutbox)).length).toBe(before);
  });

  it('the mail names the therapist as they are named when the request is made', async () => {
    const { match, times, providerUser, client } = await setup();
    await db().update(users).set({ name: 'Nytt Namn' }).where(eq(users.id, providerUser.id));
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(201);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, providerUser.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Hej Nytt Namn!');
    expect(mails[0]!.html).toContain('Nytt Namn');
  });

  it('a therapist no longer verified: 404 PROVIDER_NOT_FOUND, nothing written', async () => {
    const { match, times, providerUser, client } = await setup();
    await db()
      .update(providerProfiles)
      .set({ isVerified: false })
      .where(eq(providerProfiles.userId, providerUser.id));
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
    expect(await bookingsOf(db(), match.id)).toEqual([]);
    expect((await slotsOf(db(), providerUser.id)).map((s) => s.status)).toEqual(
      times.map(() => 'AVAILABLE'),
    );
    const [m] = await db().select().from(matches).where(eq(matches.id, match.id));
    expect(m!.status).toBe('PENDING');
    expect(
      await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, providerUser.email!)),
    ).toEqual([]);
  });

  it("another client's match: 404 NOT_FOUND, nothing written", async () => {
    const { match, times, providerUser } = await setup();
    const stranger = await signInForWrites(server, await createClientUser(server));
    const res = await stranger.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await bookingsOf(db(), match.id)).toEqual([]);
    expect((await slotsOf(db(), providerUser.id)).map((s) => s.status)).toEqual(
      times.map(() => 'AVAILABLE'),
    );
  });
});

/*
 * POST /api/bookings is the hot path of issue 12's speed budget (decision
 * 205): these tests pin how many statements one request sends to Postgres,
 * so the path cannot quietly grow back, and hold that the one transaction
 * still does everything a request must (booking, slots, match, mail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, matches, users } from '@samtalsmatch/db';
import type { Booking } from '@samtalsmatch/contracts';
import { recordQueries, startTestServer, type TestServer } from '../../../test/harness';
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

/** The statements from BEGIN to COMMIT. */
function transaction(queries: string[]): string[] {
  return queries.slice(queries.indexOf('begin'), queries.indexOf('commit') + 1);
}

async function setup() {
  const { clientUser, providerUser, match, times } = await matchedPair(server);
  await createSlots(db(), providerUser.id, times);
  const client = await signInForWrites(server, clientUser);
  return { clientUser, providerUser, match, times, client };
}

describe('POST /api/bookings round trips', () => {
  it('sends five statements: session with user, BEGIN, the locked match with its people, one statement for the rest, COMMIT', async () => {
    const { match, times, providerUser, client } = await setup();
    let status = 0;
    let body: Booking | undefined;
    const queries = await recordQueries(async () => {
      const res = await client.post('/api/bookings', {
        matchId: match.id,
        suggestedTimes: times.map(iso),
      });
      status = res.status;
      body = (await res.json()) as Booking;
    });
    expect(status).toBe(201);
    // One for the session and its user (decision 220), four for the booking (decision 205).
    expect(queries).toHaveLength(5);
    expect(transaction(queries)).toEqual([
      'begin',
      expect.stringContaining('for update of m'),
      expect.stringContaining('insert into bookings'),
      'commit',
    ]);
    // Everything the request must do happened, in that one transaction.
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
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Ny bokningsförfrågan från /),
    ]);
  });

  it('a stale request on the match is expired first (two statements more), its slots freed, and the new one made', async () => {
    const { match, times, providerUser, client } = await setup();
    const past = [3, 2, 1].map((h) => new Date(Date.now() - h * 3_600_000 - 60_000));
    past.forEach((t) => t.setUTCMinutes(0, 0, 0));
    const stale = await createBookingRow(db(), match, 'PENDING_PROVIDER_CONFIRMATION', past);
    let res: Response | undefined;
    const queries = await recordQueries(async () => {
      res = await client.post('/api/bookings', {
        matchId: match.id,
        suggestedTimes: times.map(iso),
      });
    });
    expect(res!.status).toBe(201);
    expect(queries).toHaveLength(7);
    expect(transaction(queries)).toEqual([
      'begin',
      expect.stringContaining('for update of m'),
      expect.stringContaining('insert into bookings'),
      expect.stringContaining("set status = 'EXPIRED'"),
      expect.stringContaining('insert into bookings'),
      'commit',
    ]);
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
});

/*
 * POST /api/bookings is the hot path of issue 12's speed budget (decisions
 * 205 and 226): these tests pin how many statements one request sends to
 * Postgres, so the path cannot quietly grow back, and hold that the one
 * transaction (one call of request_booking) still does everything a request
 * must (booking, slots, match, mail) and checks again under the lock what the
 * mail was rendered from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { mailOutbox, matches, providerProfiles, users } from '@samtalsmatch/db';
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

/** The statements after the session's (which reads the user too, decision 220). */
function ownStatements(queries: string[]): string[] {
  return queries.slice(1);
}

const READ_MATCH = expect.stringMatching(
  /^\s*select m\.id[\s\S]*from matches m(?![\s\S]*for update)/,
);
const REQUEST = expect.stringContaining('from request_booking(');

async function setup() {
  const { clientUser, providerUser, match, times } = await matchedPair(server);
  await createSlots(db(), providerUser.id, times);
  const client = await signInForWrites(server, clientUser);
  return { clientUser, providerUser, match, times, client };
}

describe('POST /api/bookings round trips', () => {
  it('sends three statements: session with user, the match with its people, one call that is the whole transaction', async () => {
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
    // One for the session and its user (decision 220), two for the booking
    // (decision 226): no BEGIN, no COMMIT, nothing else.
    expect(queries).toHaveLength(3);
    expect(ownStatements(queries)).toEqual([READ_MATCH, REQUEST]);
    // Everything the request must do happened, in that one statement.
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
    expect(queries).toHaveLength(5);
    expect(ownStatements(queries)).toEqual([
      READ_MATCH,
      REQUEST,
      expect.stringContaining("set status = 'EXPIRED'"),
      REQUEST,
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

  it('the therapist renamed between the read and the lock: read again, the mail names the new name', async () => {
    const { match, times, providerUser, client } = await setup();
    let res: Response | undefined;
    const queries = await duringFirstRequestCall(
      () => db().update(users).set({ name: 'Nytt Namn' }).where(eq(users.id, providerUser.id)),
      async () => {
        res = await client.post('/api/bookings', {
          matchId: match.id,
          suggestedTimes: times.map(iso),
        });
      },
    );
    expect(res!.status).toBe(201);
    // The first call found the name changed and wrote nothing; read, render, call again.
    expect(ownStatements(queries)).toEqual([READ_MATCH, REQUEST, READ_MATCH, REQUEST]);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, providerUser.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Hej Nytt Namn!');
    expect(mails[0]!.html).toContain('Nytt Namn');
  });

  it('the therapist unverified between the read and the lock: 404 PROVIDER_NOT_FOUND, nothing written', async () => {
    const { match, times, providerUser, client } = await setup();
    let res: Response | undefined;
    await duringFirstRequestCall(
      () =>
        db()
          .update(providerProfiles)
          .set({ isVerified: false })
          .where(eq(providerProfiles.userId, providerUser.id)),
      async () => {
        res = await client.post('/api/bookings', {
          matchId: match.id,
          suggestedTimes: times.map(iso),
        });
      },
    );
    expect(res!.status).toBe(404);
    expect(await res!.json()).toMatchObject({ code: 'PROVIDER_NOT_FOUND' });
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

  it("request_booking refuses another client's match (NOT_FOUND) under the lock and writes nothing", async () => {
    const { match, times, providerUser } = await setup();
    const stranger = await createClientUser(server);
    const [row] = (
      await server.database.pool.query<{ outcome: string; id: string | null }>(
        `select outcome, id from request_booking($1, $2, $3, 'x', 'y', null, $4::timestamptz[],
           $5, '{PENDING_PROVIDER_CONFIRMATION,CONFIRMED}', now(), null, null, null, null, '[]')`,
        [match.id, stranger.id, providerUser.id, times.map(iso), iso(times[2]!)],
      )
    ).rows;
    expect(row).toEqual({ outcome: 'NOT_FOUND', id: null });
    expect(await bookingsOf(db(), match.id)).toEqual([]);
  });
});

/**
 * Runs `change` (on its own connection, committed) just before the first
 * call of request_booking is sent, then lets that call go: what the API read
 * for the mail is then no longer what the locked match shows. Returns every
 * statement sent while `fn` ran.
 */
async function duringFirstRequestCall(
  change: () => Promise<unknown>,
  fn: () => Promise<unknown>,
): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: string[] = [];
  let pending = true;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string } | undefined;
    const text = typeof q === 'string' ? q : (q?.text ?? '');
    if (pending && text.includes('from request_booking(')) {
      pending = false;
      proto.query = original;
      return change().then(() => {
        proto.query = recording;
        seen.push(text);
        return original.apply(this, args);
      });
    }
    seen.push(text);
    return original.apply(this, args);
  };
  const recording = proto.query;
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

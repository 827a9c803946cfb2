/*
 * Never two winners (docs/rules/bookings.md#transactions): concurrent transitions over HTTP,
 * each race repeated 20 times. Exactly one request wins, the rest get 409
 * with a Swedish message (never a 500), and slots and bookings agree after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { bookings, matches } from '@samtalsmatch/db';
import type { Booking } from '@samtalsmatch/contracts';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness';
import {
  bookingById,
  bookingsOfMatches,
  createBookingRow,
  createClientUser,
  createMatch,
  createProviderUser,
  createSlots,
  firstSessionDone,
  matchedPair,
  signInForWrites,
  slotsOf,
  stockholmTimes,
  therapistWithMatches,
} from './fixtures';

const REPEAT = 20;
const PARALLEL = 50;
// 20 rounds of 50 requests on a busy 2-core CI machine: generous, not a timing assertion.
const RACE_TIMEOUT_MS = 240_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
const db = () => server.database.db;
const iso = (d: Date) => d.toISOString();

async function statusesAndCodes(responses: Response[]) {
  const bodies = await Promise.all(
    responses.map(async (r) => ({
      status: r.status,
      body: (await r.json()) as Record<string, unknown>,
    })),
  );
  const winners = bodies.filter((b) => b.status < 300);
  const losers = bodies.filter((b) => b.status >= 300);
  for (const l of losers) {
    expect(l.status).toBe(409);
    expect(typeof l.body.message).toBe('string');
    expect(l.body.message).toMatch(/[åäö]|redan|inte/);
  }
  return { winners, losers };
}

describe('never two winners', () => {
  it(
    `${PARALLEL} parallel confirms of one booking, ${REPEAT} times`,
    async () => {
      for (let round = 0; round < REPEAT; round++) {
        const { providerUser, match, times } = await matchedPair(server);
        const booking = await createBookingRow(db(), match, 'PENDING_PROVIDER_CONFIRMATION', times);
        const provider = await signInForWrites(server, providerUser);

        const responses = await Promise.all(
          Array.from({ length: PARALLEL }, (_, i) =>
            provider.patch(`/api/bookings/confirm/${booking.id}`, {
              confirmedTime: iso(times[i % 3]!),
            }),
          ),
        );
        const { winners, losers } = await statusesAndCodes(responses);
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(PARALLEL - 1);
        const won = winners[0]!.body as unknown as Booking;
        const row = await bookingById(db(), booking.id);
        expect(row.status).toBe('CONFIRMED');
        expect(iso(row.confirmedTime!)).toBe(won.confirmedTime);
        const slots = await slotsOf(db(), providerUser.id);
        expect(slots.map((s) => [iso(s.startTime), s.status, s.bookingId])).toEqual(
          times.map((t) =>
            iso(t) === won.confirmedTime
              ? [iso(t), 'BOOKED', booking.id]
              : [iso(t), 'AVAILABLE', null],
          ),
        );
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `${PARALLEL} clients requesting the same three slots, ${REPEAT} times`,
    async () => {
      const clientUsers = await Promise.all(
        Array.from({ length: PARALLEL }, () => createClientUser(server)),
      );
      const clients: TestClient[] = [];
      for (const u of clientUsers) {
        clients.push(await signInForWrites(server, u));
      }
      for (let round = 0; round < REPEAT; round++) {
        const providerUser = await createProviderUser(server);
        const times = stockholmTimes(new Date(), 3, [10, 11, 12]);
        await createSlots(db(), providerUser.id, times);
        const matchRows = await db()
          .insert(matches)
          .values(
            clientUsers.map((c) => ({ clientId: c.id, providerId: providerUser.id, score: 0.8 })),
          )
          .returning();

        const responses = await Promise.all(
          clients.map((c, i) =>
            c.post('/api/bookings', { matchId: matchRows[i]!.id, suggestedTimes: times.map(iso) }),
          ),
        );
        const { winners, losers } = await statusesAndCodes(responses);
        expect(winners).toHaveLength(1);
        expect(losers.every((l) => l.body.code === 'SLOT_TAKEN')).toBe(true);
        const won = winners[0]!.body as unknown as Booking;
        const all = await bookingsOfMatches(db(), matchRows);
        expect(all.map((b) => b.id)).toEqual([won.id]);
        const slots = await slotsOf(db(), providerUser.id);
        expect(slots.every((s) => s.status === 'PENDING' && s.bookingId === won.id)).toBe(true);
        // Only the winner's match became ACTIVE.
        const active = await db()
          .select({ id: matches.id })
          .from(matches)
          .where(
            inArray(
              matches.id,
              matchRows.map((m) => m.id),
            ),
          );
        expect(active).toHaveLength(PARALLEL);
        const activeRows = (
          await db().select().from(matches).where(eq(matches.providerId, providerUser.id))
        ).filter((m) => m.status === 'ACTIVE');
        expect(activeRows.map((m) => m.id)).toEqual([won.matchId]);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `one client sending 10 requests at once on one match, each for its own free hours, ${REPEAT} times: one booking, the rest BOOKING_ALREADY_OPEN`,
    async () => {
      const clientUser = await createClientUser(server);
      const client = await signInForWrites(server, clientUser);
      for (let round = 0; round < REPEAT; round++) {
        const providerUser = await createProviderUser(server);
        const match = await createMatch(server, clientUser.id, providerUser.id);
        // Ten disjoint triples: days 3-5 at 07-16, so no two requests share a slot.
        const triples = Array.from({ length: 10 }, (_, i) =>
          stockholmTimes(
            new Date(),
            3 + (i % 3),
            [7, 8, 9].map((h) => h + 3 * Math.floor(i / 3)),
          ),
        );
        await createSlots(db(), providerUser.id, triples.flat());

        const responses = await Promise.all(
          triples.map((times) =>
            client.post('/api/bookings', { matchId: match.id, suggestedTimes: times.map(iso) }),
          ),
        );
        const { winners, losers } = await statusesAndCodes(responses);
        expect(winners).toHaveLength(1);
        expect(losers.map((l) => l.body.code)).toEqual(losers.map(() => 'BOOKING_ALREADY_OPEN'));
        const won = winners[0]!.body as unknown as Booking;
        const all = await db().select().from(bookings).where(eq(bookings.matchId, match.id));
        expect(all.map((b) => b.id)).toEqual([won.id]);
        // Exactly the winner's three slots are held, by the winner.
        const held = (await slotsOf(db(), providerUser.id)).filter((s) => s.status !== 'AVAILABLE');
        expect(held.map((s) => [s.status, s.bookingId, s.startTime.toISOString()])).toEqual(
          won.suggestedTimes.map((t) => ['PENDING', won.id, t]),
        );
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `a confirm racing the therapist's cancel, ${REPEAT} times: the outcome is one of the two orders, never a mix`,
    async () => {
      const seen = new Set<string>();
      for (let round = 0; round < REPEAT; round++) {
        const { providerUser, match, times } = await matchedPair(server);
        const booking = await createBookingRow(db(), match, 'PENDING_PROVIDER_CONFIRMATION', times);
        const provider = await signInForWrites(server, providerUser);
        const [confirm, cancel] = await Promise.all([
          provider.patch(`/api/bookings/confirm/${booking.id}`, { confirmedTime: iso(times[1]!) }),
          provider.patch(`/api/bookings/cancel/${booking.id}`, {}),
        ]);
        const row = await bookingById(db(), booking.id);
        expect(cancel.status).toBe(200);
        expect(row.status).toBe('CANCELLED');
        if (confirm.status === 200) {
          // Confirm first, then the cancel of a confirmed booking (allowed before its time).
          seen.add('confirm-then-cancel');
          expect(iso(row.confirmedTime!)).toBe(iso(times[1]!));
          expect(row.icsSequence).toBe(1);
        } else {
          // Cancel first: the confirm finds a cancelled request.
          seen.add('cancel-first');
          expect(confirm.status).toBe(409);
          expect(((await confirm.json()) as { code: string }).code).toBe('STATE_CONFLICT');
          expect(row.confirmedTime).toBeNull();
        }
        const slots = await slotsOf(db(), providerUser.id);
        expect(slots.every((s) => s.status === 'AVAILABLE' && s.bookingId === null)).toBe(true);
      }
      expect(seen.size).toBeGreaterThan(0);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `the therapist's cancel racing the client's cancel of one confirmed booking, ${REPEAT} times: exactly one winner`,
    async () => {
      for (let round = 0; round < REPEAT; round++) {
        const { clientUser, providerUser, match, times } = await matchedPair(server);
        const booking = await createBookingRow(db(), match, 'CONFIRMED', times);
        const provider = await signInForWrites(server, providerUser);
        const client = await signInForWrites(server, clientUser);
        const [byProvider, byClient] = await Promise.all([
          provider.patch(`/api/bookings/cancel/${booking.id}`, {}),
          client.patch(`/api/bookings/cancel/${booking.id}`, {}),
        ]);
        const { winners } = await statusesAndCodes([byProvider, byClient]);
        expect(winners).toHaveLength(1);
        const row = await bookingById(db(), booking.id);
        expect(row.status).toBe('CANCELLED');
        expect(row.cancelledBy).toBe(byProvider.status === 200 ? 'PROVIDER' : 'CLIENT');
        expect(row.icsSequence).toBe(1);
        const slots = await slotsOf(db(), providerUser.id);
        expect(slots.every((s) => s.status === 'AVAILABLE' && s.bookingId === null)).toBe(true);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `a booking racing the therapist's delete-many of its slots, ${REPEAT} times`,
    async () => {
      const outcomes = new Set<string>();
      for (let round = 0; round < REPEAT; round++) {
        const { clientUser, providerUser, match, times } = await matchedPair(server);
        const slots = await createSlots(db(), providerUser.id, times);
        const client = await signInForWrites(server, clientUser);
        const provider = await signInForWrites(server, providerUser);
        const [res, deletion] = await Promise.all([
          client.post('/api/bookings', { matchId: match.id, suggestedTimes: times.map(iso) }),
          provider.post('/api/availabilities/delete-many', { ids: slots.map((s) => s.id) }),
        ]);
        const { winners } = await statusesAndCodes([res, deletion]);
        expect(winners).toHaveLength(1);
        const after = await slotsOf(db(), providerUser.id);
        const matchBookings = await db()
          .select()
          .from(bookings)
          .where(eq(bookings.matchId, match.id));
        if (res.status === 201) {
          outcomes.add('booking');
          expect(after).toHaveLength(3);
          expect(
            after.every((s) => s.status === 'PENDING' && s.bookingId === matchBookings[0]!.id),
          ).toBe(true);
        } else {
          outcomes.add('deletion');
          expect(after).toHaveLength(0);
          expect(matchBookings).toHaveLength(0);
        }
      }
      expect(outcomes.size).toBeGreaterThan(0);
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '30 parallel series over the same hours for two matches of one therapist, 5 times: one wins every hour',
    async () => {
      const SERIES_PARALLEL = 30;
      for (let round = 0; round < 5; round++) {
        const { providerUser, matches: pairs } = await therapistWithMatches(server, 2);
        await Promise.all(pairs.map((match) => firstSessionDone(db(), match)));
        const [first] = stockholmTimes(new Date(), 3, [10]);
        // One of the hours is published, the others are not.
        await createSlots(db(), providerUser.id, [new Date(first!.getTime() + 7 * 24 * 3_600_000)]);
        const provider = await signInForWrites(server, providerUser);
        const responses = await Promise.all(
          Array.from({ length: SERIES_PARALLEL }, (_, i) =>
            provider.post('/api/bookings/series', {
              matchId: pairs[i % 2]!.id,
              firstTime: iso(first!),
              interval: 'WEEKLY',
              count: 4,
            }),
          ),
        );
        const { winners, losers } = await statusesAndCodes(responses);
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(SERIES_PARALLEL - 1);
        for (const l of losers) expect(l.body.conflicts).toHaveLength(4);
        const rows = await bookingsOfMatches(db(), pairs);
        const confirmed = rows.filter((b) => b.status === 'CONFIRMED');
        expect(confirmed).toHaveLength(4);
        const slots = (await slotsOf(db(), providerUser.id)).filter(
          (sl) => sl.startTime.getTime() >= first!.getTime(),
        );
        expect(slots).toHaveLength(4);
        for (const slot of slots) {
          const holder = confirmed.find((b) => b.id === slot.bookingId);
          expect(slot.status).toBe('BOOKED');
          expect(holder?.confirmedTime?.getTime()).toBe(slot.startTime.getTime());
        }
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '30 parallel series with skipConflicts over overlapping hours for two matches, 5 times: each hour booked once',
    async () => {
      const SERIES_PARALLEL = 30;
      for (let round = 0; round < 5; round++) {
        const { providerUser, matches: pairs } = await therapistWithMatches(server, 2);
        await Promise.all(pairs.map((match) => firstSessionDone(db(), match)));
        // Weekly from day 3 and biweekly from day 10: they share days 10, 24 and 38.
        const starts = [
          stockholmTimes(new Date(), 3, [14])[0]!,
          stockholmTimes(new Date(), 10, [14])[0]!,
        ];
        const provider = await signInForWrites(server, providerUser);
        const responses = await Promise.all(
          Array.from({ length: SERIES_PARALLEL }, (_, i) =>
            provider.post('/api/bookings/series', {
              matchId: pairs[i % 2]!.id,
              firstTime: iso(starts[Math.floor(i / 2) % 2]!),
              interval: Math.floor(i / 2) % 2 === 0 ? 'WEEKLY' : 'BIWEEKLY',
              count: 6,
              skipConflicts: true,
            }),
          ),
        );
        const { winners } = await statusesAndCodes(responses);
        expect(winners.length).toBeGreaterThanOrEqual(1);
        const rows = await bookingsOfMatches(db(), pairs);
        const confirmed = rows.filter((b) => b.status === 'CONFIRMED');
        const hours = confirmed.map((b) => b.confirmedTime!.getTime());
        // Never two sessions at one hour, and every hour any series asked for is booked.
        expect(new Set(hours).size).toBe(hours.length);
        const asked = new Set(
          [0, 7, 14, 21, 28, 35]
            .map((d) => stockholmTimes(new Date(), 3 + d, [14])[0]!.getTime())
            .concat(
              [0, 14, 28, 42, 56, 70].map((d) =>
                stockholmTimes(new Date(), 10 + d, [14])[0]!.getTime(),
              ),
            ),
        );
        expect(new Set(hours)).toEqual(asked);
        const won = winners.flatMap((w) => (w.body.bookings as Booking[]).map((b) => b.id));
        expect(new Set(won)).toEqual(new Set(confirmed.map((b) => b.id)));
        const slots = (await slotsOf(db(), providerUser.id)).filter((sl) =>
          asked.has(sl.startTime.getTime()),
        );
        expect(slots.map((sl) => sl.status)).toEqual(Array(asked.size).fill('BOOKED'));
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    '30 parallel moves of two sessions of one therapist to the same hour, 5 times: one wins',
    async () => {
      for (let round = 0; round < 5; round++) {
        const { providerUser, matches } = await therapistWithMatches(server, 2);
        // One session at 09:00, the other at 10:00.
        const sessions = await Promise.all(
          matches.map((match, i) =>
            createBookingRow(db(), match, 'CONFIRMED', stockholmTimes(new Date(), 3, [9 + i])),
          ),
        );
        const [target] = stockholmTimes(new Date(), 5, [15]);
        const provider = await signInForWrites(server, providerUser);
        const responses = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            provider.patch(`/api/bookings/move/${sessions[i % 2]!.id}`, { time: iso(target!) }),
          ),
        );
        const { winners } = await statusesAndCodes(responses);
        expect(winners).toHaveLength(1);
        const won = winners[0]!.body as unknown as Booking;
        const slots = await slotsOf(db(), providerUser.id);
        expect(slots.map((sl) => [iso(sl.startTime), sl.status, sl.bookingId])).toEqual([
          ...sessions.map((b) =>
            b.id === won.id
              ? [iso(b.confirmedTime!), 'AVAILABLE', null]
              : [iso(b.confirmedTime!), 'BOOKED', b.id],
          ),
          [iso(target!), 'BOOKED', won.id],
        ]);
        expect((await bookingById(db(), won.id)).icsSequence).toBe(1);
      }
    },
    RACE_TIMEOUT_MS,
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addStockholmDays,
  HOUR_MS,
  MATCHING_SLOT_HORIZON_DAYS,
  matchesResponseSchema,
  type AvailabilitySlot,
  type EmptyMatchesReason,
  type Match,
} from '@samtalsmatch/contracts';
import { availabilitySlots, matches } from '@samtalsmatch/db';
import {
  answersPayload,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  questionIdsByKey,
  stockholmHour,
  type AnswersByKey,
} from '../../../test/factories';
import {
  signedInClient,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { signedInAdmin } from '../../admin/__tests__/admin-fixtures';

/*
 * A client's recommendations are the best bookable candidates at each read
 * (docs/rules/matching.md#recommendations-at-read): a therapist who stops
 * being bookable leaves the list at the client's next read and the next best
 * takes the place; ACTIVE matches stay. A short list says why
 * (docs/rules/matching.md#a-short-match-list), and a cancelled or
 * expired request can be sent again to the same therapist.
 *
 * The tests share one database: each uses a language of its own, marked very
 * important, so only its own therapists are its client's candidates.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  // The admin signs in with BankID, whose callback needs the public URL to be the server's.
  server = await startTestServer({}, { publicUrlIsBaseUrl: true });
  admin = await signedInAdmin(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const THERAPIST_ANSWERS: AnswersByKey = {
  age: ['18-24', '25-34', '35-49', '50-64', '65+'],
  therapy_methods: ['kbt', 'act'],
  problem_areas: ['angest', 'stress'],
  knowledge_areas: ['none'],
};

/** A client who wants `language` above all (importance 3), and nothing else in particular. */
function clientAnswers(language: string, extra: AnswersByKey = {}): AnswersByKey {
  return {
    age: ['25-34'],
    language: { value: [language], importance: 3 },
    therapy_methods: ['any'],
    problem_areas: { value: ['angest'], importance: 1 },
    knowledge_areas: ['any'],
    ...extra,
  };
}

/**
 * `n` therapists speaking `language`, equally good for the client: therapist
 * i (from 1) has three hours on day 2 + i, so they rank by that day.
 */
async function therapists(language: string, n: number, extra: AnswersByKey = {}) {
  const made = [];
  for (let i = 1; i <= n; i += 1) {
    const t = await createProvider(server, {
      name: `Terapeut ${language} ${i}`,
      answers: { ...THERAPIST_ANSWERS, language: [language], ...extra },
      slots: [9, 10, 11].map((hour) => ({ daysAhead: 2 + i, hour })),
    });
    made.push({ ...t, http: await signedInClient(server, t) });
  }
  return made;
}

/** A client who saved `answers` (over HTTP: saving recomputes the recommendations). */
async function clientWhoAnswered(answers: AnswersByKey) {
  const client = await createClient(server, { answers });
  const http = await signedInClient(server, client);
  const ids = await questionIdsByKey(server.database.db);
  expect((await http.post('/api/answers', answersPayload(ids, answers))).status).toBe(200);
  return { client, http };
}

async function list(http: TestClient): Promise<Match[]> {
  const res = await http.get('/api/matches');
  expect(res.status).toBe(200);
  return matchesResponseSchema.parse(await res.json());
}

const names = (ms: readonly Match[], status: Match['status']) =>
  ms.filter((m) => m.status === status).map((m) => m.provider.name);

/** The therapist removes every AVAILABLE hour of their own (the calendar's delete). */
async function emptyCalendar(therapist: { id: string; http: TestClient }) {
  const res = await therapist.http.get(`/api/availabilities/${therapist.id}`);
  expect(res.status).toBe(200);
  const slots = ((await res.json()) as AvailabilitySlot[]).filter((s) => s.status === 'AVAILABLE');
  if (slots.length === 0) return;
  const removed = await therapist.http.post('/api/availabilities/delete-many', {
    ids: slots.map((s) => s.id),
  });
  expect(removed.status).toBe(200);
}

async function reason(http: TestClient): Promise<EmptyMatchesReason> {
  const res = await http.get('/api/matches/empty-reason');
  expect(res.status).toBe(200);
  return (await res.json()) as EmptyMatchesReason;
}

describe('recommendations at read', () => {
  it('a therapist who empties their calendar leaves the list at the next read, and the next best fills in', async () => {
    const ts = await therapists('fi', 6);
    const { client, http } = await clientWhoAnswered(clientAnswers('fi'));
    const first = await list(http);
    expect(names(first, 'PENDING')).toEqual(ts.slice(0, 5).map((t) => t.name));

    await emptyCalendar(ts[1]!);
    // Read twice: the first read replaces, the second finds the list as it was left.
    for (let i = 0; i < 2; i += 1) {
      const next = await list(http);
      expect(names(next, 'PENDING')).toEqual([ts[0]!, ...ts.slice(2, 6)].map((t) => t.name));
    }
    // The recommendation is gone, not hidden: the stored list is the one shown.
    const stored = await server.database.db
      .select({ providerId: matches.providerId })
      .from(matches)
      .where(and(eq(matches.clientId, client.id), eq(matches.status, 'PENDING')));
    expect(stored.map((m) => m.providerId).sort()).toEqual(
      [ts[0]!, ...ts.slice(2, 6)].map((t) => t.id).sort(),
    );
    // A match kept its id while it stayed recommended.
    const firstId = first.find((m) => m.providerId === ts[0]!.id)!.id;
    expect((await list(http)).find((m) => m.providerId === ts[0]!.id)!.id).toBe(firstId);
  });

  it('a therapist whose only hours are now within 24 hours or booked by someone else is not shown', async () => {
    const ts = await therapists('de', 6);
    const { http } = await clientWhoAnswered(clientAnswers('de'));
    expect(names(await list(http), 'PENDING')).toEqual(ts.slice(0, 5).map((t) => t.name));
    // Another client's confirmed session takes the first therapist's three hours, one by one.
    const other = await createClient(server);
    const match = await createMatch(server, { clientId: other.id, providerId: ts[0]!.id });
    for (const hour of [9, 10, 11]) {
      await createBooking(server, match.id, {
        status: 'CONFIRMED',
        suggestedTimes: [stockholmHour(3, hour)],
      });
    }
    // The second therapist's hours are now one within 24 hours and one beyond 8 weeks
    // (rows written by the test: the calendar itself refuses such hours).
    const soon = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 3 * HOUR_MS);
    const late = addStockholmDays(stockholmHour(0, 10), MATCHING_SLOT_HORIZON_DAYS + 1);
    await server.database.db
      .delete(availabilitySlots)
      .where(eq(availabilitySlots.providerId, ts[1]!.id));
    await server.database.db.insert(availabilitySlots).values(
      [soon, late].map((start) => ({
        providerId: ts[1]!.id,
        startTime: start,
        endTime: new Date(start.getTime() + HOUR_MS),
      })),
    );
    expect(names(await list(http), 'PENDING')).toEqual(ts.slice(2, 6).map((t) => t.name));
  });

  it('a therapist an admin no longer verifies leaves the list at the next read, and the next best fills in', async () => {
    const ts = await therapists('pl', 6);
    const { http } = await clientWhoAnswered(clientAnswers('pl'));
    expect(names(await list(http), 'PENDING')).toEqual(ts.slice(0, 5).map((t) => t.name));
    const res = await admin.client.patch(`/api/admin/providers/${ts[0]!.id}/verify`);
    expect(res.status).toBe(200);
    expect(names(await list(http), 'PENDING')).toEqual(ts.slice(1, 6).map((t) => t.name));
  });

  it('keeps an ACTIVE match whose therapist is no longer bookable; the recommendations around it change', async () => {
    const ts = await therapists('ar', 6);
    const { http } = await clientWhoAnswered(clientAnswers('ar'));
    const recommended = (await list(http)).find((m) => m.providerId === ts[0]!.id)!;
    const request = await http.post('/api/bookings', {
      matchId: recommended.id,
      suggestedTimes: [9, 10, 11].map((hour) => stockholmHour(3, hour).toISOString()),
    });
    expect(request.status).toBe(201);
    // The therapist's remaining hours are all held by the request; the third therapist
    // empties the calendar too.
    await emptyCalendar(ts[0]!);
    await emptyCalendar(ts[2]!);
    const after = await list(http);
    expect(names(after, 'ACTIVE')).toEqual([ts[0]!.name]);
    const active = after.find((m) => m.status === 'ACTIVE')!;
    expect(active.id).toBe(recommended.id);
    expect(active.bookings.map((b) => b.status)).toEqual(['PENDING_PROVIDER_CONFIRMATION']);
    // Five therapists were left besides the ongoing one; one of them can no longer be booked.
    expect(names(after, 'PENDING')).toEqual([ts[1]!, ...ts.slice(3, 6)].map((t) => t.name));
  });
});

describe('a list shorter than five says why', () => {
  it('names the very important answer that fewer than five therapists meet', async () => {
    // Five more therapists with hours (in Swedish): the pool is not what is short.
    await therapists('sv', 5);
    const ts = await therapists('ru', 3);
    const { http } = await clientWhoAnswered(clientAnswers('ru'));
    expect(names(await list(http), 'PENDING')).toEqual(ts.map((t) => t.name));
    const why = await reason(http);
    expect(why.kind).toBe('VERY_IMPORTANT_UNMET');
    expect(why.answers.map((a) => ({ key: a.questionKey, values: a.values }))).toEqual([
      { key: 'language', values: [{ value: 'ru', label: 'Ryska' }] },
    ]);
    // One more leaves: still short, still the same reason, one fewer shown.
    await emptyCalendar(ts[0]!);
    expect(names(await list(http), 'PENDING')).toEqual(ts.slice(1).map((t) => t.name));
    expect((await reason(http)).kind).toBe('VERY_IMPORTANT_UNMET');
  });

  it('says it is the combination when each very important answer is met by five or more, together by fewer', async () => {
    // Turkish: 8 therapists; sleep: 8 therapists; both: 2.
    await therapists('tr', 6, { problem_areas: ['angest'] });
    const both = await therapists('tr', 2, { problem_areas: ['somn'] });
    await therapists('uk', 6, { problem_areas: ['somn'] });
    const { http } = await clientWhoAnswered(
      clientAnswers('tr', { problem_areas: { value: ['somn'], importance: 3 } }),
    );
    expect(names(await list(http), 'PENDING')).toEqual(both.map((t) => t.name));
    expect(await reason(http)).toEqual({ kind: 'COMBINATION', answers: [] });
  });

  it('has nothing to say of a full list', async () => {
    await therapists('fa', 5);
    const { http } = await clientWhoAnswered(clientAnswers('fa'));
    expect(names(await list(http), 'PENDING')).toHaveLength(5);
    expect(await reason(http)).toEqual({ kind: 'NONE', answers: [] });
  });
});

describe('a new request after a cancelled or expired one', () => {
  for (const status of ['CANCELLED', 'EXPIRED'] as const) {
    it(`is sent to the same therapist from the match (${status})`, async () => {
      const [therapist] = await therapists('es', 1);
      const client = await createClient(server, { answers: clientAnswers('es') });
      const http = await signedInClient(server, client);
      const match = await createMatch(server, {
        clientId: client.id,
        providerId: therapist!.id,
      });
      await createBooking(server, match.id, {
        status,
        suggestedTimes: [12, 13, 14].map((hour) => stockholmHour(6, hour)),
      });
      const card = (await list(http)).find((m) => m.id === match.id)!;
      expect(card.status).toBe('ACTIVE');
      expect(card.bookings.map((b) => b.status)).toEqual([status]);
      const res = await http.post('/api/bookings', {
        matchId: match.id,
        suggestedTimes: [9, 10, 11].map((hour) => stockholmHour(3, hour).toISOString()),
      });
      expect(res.status).toBe(201);
      const again = (await list(http)).find((m) => m.id === match.id)!;
      expect(again.bookings.map((b) => b.status)).toEqual([
        status,
        'PENDING_PROVIDER_CONFIRMATION',
      ]);
    });
  }
});

import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '@samtalsmatch/contracts';
import { questions as questionsTable } from '@samtalsmatch/db';
import {
  createBooking,
  createClient,
  createMatch,
  createProvider,
  FACTORY_DESCRIPTION,
  signInAs,
  stockholmHour,
} from '../../../test/factories';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';

/**
 * GET /api/matches reads a provider's hundreds of matches in a fixed number
 * of queries and builds what the matches share once (decision 191): these
 * tests hold the response to the exact SPEC §3 shape and values, and the
 * number of queries to one that does not grow with the matches.
 */

let server: TestServer;
let questionIds: Map<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.database.db.select().from(questionsTable);
  questionIds = new Map(rows.map((q) => [q.key, q.id]));
});
afterAll(async () => {
  await server?.close();
});

async function as(user: { id: string; sessionVersion: number }): Promise<TestClient> {
  const http = new TestClient(server.baseUrl);
  await signInAs(server, http, user);
  return http;
}

async function list(http: TestClient, path = '/api/matches'): Promise<Match[]> {
  const res = await http.get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Match[];
}

/** Counts the statements sent to Postgres (by any pool of this process) while `fn` runs. */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const proto = (server.database.pool as unknown as { Client: typeof pg.Client }).Client
    .prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return count;
}

const IMAGE_URL = expect.stringMatching(/^\/api\/images\/seed%2Fanna\.png\?exp=\d+&sig=[\w-]+$/);

describe('GET /api/matches, read in bulk', () => {
  it("gives a provider exactly the SPEC §3 matches: every field, the client's answers by question order, bookings by creation", async () => {
    const provider = await createProvider(server, {
      name: 'Exakt Terapeut',
      email: 'exakt.terapeut@exempel.se',
      answers: { language: ['sv', 'en'], problem_areas: ['angest'], therapy_methods: ['any'] },
    });
    const first = await createClient(server, {
      name: 'Första Klient',
      answers: {
        problem_areas: { value: ['stress'], importance: 2 },
        language: { value: ['sv'], importance: 3 },
      },
    });
    const second = await createClient(server, { name: 'Andra Klient' });
    const m1 = await createMatch(server, { clientId: first.id, providerId: provider.id });
    const m2 = await createMatch(server, { clientId: second.id, providerId: provider.id });
    // A PENDING match (no booking) is not the provider's to see.
    const third = await createClient(server);
    await createMatch(server, { clientId: third.id, providerId: provider.id });
    const times = [stockholmHour(4, 9), stockholmHour(4, 10), stockholmHour(5, 9)];
    const cancelled = await createBooking(server, m1.id, {
      status: 'CANCELLED',
      cancelledBy: 'CLIENT',
      suggestedTimes: [stockholmHour(6, 9)],
      holdSlots: false,
    });
    const pending = await createBooking(server, m1.id, { suggestedTimes: times });
    const confirmed = await createBooking(server, m2.id, {
      status: 'CONFIRMED',
      suggestedTimes: [stockholmHour(7, 13)],
      messageFromProvider: 'Välkommen!',
    });

    const got = await list(await as(provider));
    const providerPart = {
      name: 'Exakt Terapeut',
      email: 'exakt.terapeut@exempel.se',
      phoneNumber: '0701740650',
      address: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
      providerProfile: {
        title: ['PSYKOLOG'],
        description: FACTORY_DESCRIPTION,
        price: 900,
        profileImageSignedUrl: IMAGE_URL,
        cancellationPolicy: 'TWENTY_FOUR_HOURS',
        education: ['MASTER'],
        sessionDuration: 50,
        personalAttributes: 'Lugn, nyfiken, varm',
      },
      // By question order: language before therapy_methods before problem_areas.
      answer: ['language', 'therapy_methods', 'problem_areas']
        .map((key) => ({
          questionId: questionIds.get(key)!,
          value: { language: ['sv', 'en'], therapy_methods: ['any'], problem_areas: ['angest'] }[
            key
          ]!,
          importance: null,
        }))
        .sort((a, b) => order(a.questionId) - order(b.questionId)),
    };
    const bookingDto = (b: typeof pending) => ({
      id: b.id,
      matchId: b.matchId,
      status: b.status,
      confirmedTime: b.confirmedTime?.toISOString() ?? null,
      suggestedTimes: b.suggestedTimes.map((t) => t.toISOString()),
      messageFromProvider: b.messageFromProvider,
      cancelledBy: b.cancelledBy,
      cancelledAt: b.cancelledAt?.toISOString() ?? null,
      completedAt: b.completedAt?.toISOString() ?? null,
      expiresAt: b.expiresAt?.toISOString() ?? null,
      createdAt: b.createdAt.toISOString(),
    });
    const expected = (m: typeof m1, client: string, answer: unknown, bookings: unknown[]) => ({
      id: m.id,
      status: 'ACTIVE',
      score: m.score,
      providerId: provider.id,
      clientId: m.clientId,
      provider: providerPart,
      client: { name: client, answer },
      bookings,
      overlaps: {},
      createdAt: m.createdAt.toISOString(),
    });
    const firstAnswers = [
      { questionId: questionIds.get('language')!, value: ['sv'], importance: 3 },
      { questionId: questionIds.get('problem_areas')!, value: ['stress'], importance: 2 },
    ].sort((a, b) => order(a.questionId) - order(b.questionId));
    const byId = new Map(got.map((m) => [m.id, m]));
    expect(got).toHaveLength(2);
    expect(byId.get(m1.id)).toStrictEqual(
      expected(m1, 'Första Klient', firstAnswers, [bookingDto(cancelled), bookingDto(pending)]),
    );
    expect(byId.get(m2.id)).toStrictEqual(
      expected(
        m2,
        'Andra Klient',
        (await clientAnswersOf(second.id)).map(({ question: _q, ...a }) => a),
        [bookingDto(confirmed)],
      ),
    );
  });

  it('reads a provider’s and a client’s matches with as many queries for one match as for six', async () => {
    const provider = await createProvider(server, { answers: { language: ['sv'] } });
    const http = await as(provider);
    const addMatch = async () => {
      const client = await createClient(server, { answers: { language: ['sv'] } });
      const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
      await createBooking(server, match.id, {
        suggestedTimes: [stockholmHour(3 + Math.floor(Math.random() * 20), 9)],
        holdSlots: false,
      });
      return client;
    };
    const client = await addMatch();
    const one = await countQueries(() => list(http));
    for (let i = 0; i < 5; i += 1) await addMatch();
    expect(await list(http)).toHaveLength(6);
    expect(await countQueries(() => list(http))).toBe(one);

    const clientHttp = await as(client);
    const forOne = await countQueries(() => list(clientHttp));
    for (let i = 0; i < 5; i += 1) {
      const other = await createProvider(server);
      await createMatch(server, { clientId: client.id, providerId: other.id });
    }
    expect(await list(clientHttp)).toHaveLength(6);
    expect(await countQueries(() => list(clientHttp))).toBe(forOne);
  });
});

let orders: Map<string, number> | undefined;
function order(questionId: string): number {
  return orders!.get(questionId)!;
}
beforeAll(async () => {
  const rows = await server.database.db.select().from(questionsTable);
  orders = new Map(rows.map((q) => [q.id, q.order]));
});

/** The client's answers as GET /api/answers gives them (by question order). */
async function clientAnswersOf(userId: string) {
  const { answersFor } = await import('../../questionnaire/questionnaire.service');
  return answersFor(server.database.db, { id: userId, type: 'CLIENT' });
}

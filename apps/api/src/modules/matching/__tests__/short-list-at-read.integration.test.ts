/*
 * A short or empty list of recommendations grows at the client's next read
 * when a therapist has become a candidate meanwhile
 * (docs/rules/matching.md#a-short-list-grows-at-read, decision 500): no
 * client action, no match alert needed. A full list of bookable
 * recommendations is not scanned again. The match alert still mails the
 * client who asked for it when a read added the therapist before the round
 * looked (docs/rules/matching.md#the-match-alert-round).
 *
 * The tests share one database: each uses a language of its own, marked very
 * important, so only its own therapists are its client's candidates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { HOUR_MS, matchesResponseSchema, type Match } from '@samtalsmatch/contracts';
import { createDb, type DbHandle } from '@samtalsmatch/db';
import {
  answersPayload,
  createClient,
  createProvider,
  questionIdsByKey,
  setVerified,
  stockholmHour,
  type AnswersByKey,
} from '../../../test/factories';
import {
  signedInClient,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../../test/harness';
import { startMailCapture, type MailCapture } from '../../../test/mail-capture';
import { receivedOnceSent } from '../../../test/outbox';
import { runMatchAlertRound } from '../match-alert.round';

const SUBJECT = 'Nya terapeuter som passar dig';
const MINUTE = 60_000;
const DAY = 24 * HOUR_MS;

let server: TestServer;
let mailbox: MailCapture | undefined;
/** How far the API's clock runs ahead of the real one (the seven days of the alert's mail). */
let ahead = 0;
const apiNow = () => new Date(Date.now() + ahead);

beforeAll(async () => {
  server = await startTestServer({}, { now: apiNow });
  mailbox = await startMailCapture(server.database.db);
});
afterAll(async () => {
  await mailbox?.close();
  await server?.close();
});

const db = () => server.database.db;

const THERAPIST_ANSWERS: AnswersByKey = {
  age: ['18-24', '25-34', '35-49', '50-64', '65+'],
  therapy_methods: ['kbt', 'act'],
  problem_areas: ['angest', 'stress'],
  knowledge_areas: ['none'],
};

/** A client who wants `language` above all (importance 3), and nothing else in particular. */
function clientAnswers(language: string): AnswersByKey {
  return {
    age: ['25-34'],
    language: { value: [language], importance: 3 },
    therapy_methods: ['any'],
    problem_areas: { value: ['angest'], importance: 1 },
    knowledge_areas: ['any'],
  };
}

/**
 * A therapist speaking `language` with three bookable hours on day `day`
 * (by default far enough ahead to stay bookable a week from now).
 */
function therapist(
  language: string,
  day = 12,
  overrides: Parameters<typeof createProvider>[1] = {},
) {
  return createProvider(server, {
    answers: { ...THERAPIST_ANSWERS, language: [language] },
    slots: [9, 10, 11].map((hour) => ({ daysAhead: day, hour })),
    ...overrides,
  });
}

/** A client who saved `answers` over HTTP (saving computes the recommendations). */
async function clientWhoAnswered(answers: AnswersByKey) {
  const client = await createClient(server, { answers });
  const http = await signedInClient(server, client);
  const ids = await questionIdsByKey(db());
  expect((await http.post('/api/answers', answersPayload(ids, answers))).status).toBe(200);
  return { client, http };
}

async function list(http: TestClient): Promise<Match[]> {
  const res = await http.get('/api/matches');
  expect(res.status).toBe(200);
  return matchesResponseSchema.parse(await res.json());
}

const recommended = async (http: TestClient) =>
  (await list(http)).filter((m) => m.status === 'PENDING').map((m) => m.providerId);

/** The client's PENDING matches as stored (what a read refreshed, not only what it shows). */
async function storedRecommendations(clientId: string): Promise<string[]> {
  const { rows } = await db().execute<{ provider_id: string }>(
    sql`select provider_id from matches where client_id = ${clientId}::uuid and status = 'PENDING'`,
  );
  return rows.map((r) => r.provider_id).sort();
}

async function hasAlert(clientId: string): Promise<boolean> {
  const { rows } = await db().execute(
    sql`select 1 from match_alerts where user_id = ${clientId}::uuid`,
  );
  return rows.length > 0;
}

describe('a short list grows at the next read', () => {
  it('gains a therapist who became a candidate, with no action of the client and no alert', async () => {
    const [a, b] = [await therapist('fi', 5), await therapist('fi', 6)];
    const { client, http } = await clientWhoAnswered(clientAnswers('fi'));
    expect(await recommended(http)).toEqual([a.id, b.id]);
    expect(await hasAlert(client.id)).toBe(false);

    // A new therapist, verified, with onboarding done and bookable hours: a candidate.
    const c = await therapist('fi', 4);
    expect(await recommended(http)).toEqual([c.id, a.id, b.id]);
    // Stored, not only shown; and a read that finds nothing new changes nothing.
    expect(await storedRecommendations(client.id)).toEqual([a.id, b.id, c.id].sort());
    const ids = (await list(http)).map((m) => m.id);
    expect((await list(http)).map((m) => m.id)).toEqual(ids);
  });

  it('waits for each part of being a candidate: verification, then a bookable hour', async () => {
    const [a] = [await therapist('es')];
    const { http } = await clientWhoAnswered(clientAnswers('es'));
    expect(await recommended(http)).toEqual([a.id]);

    // Not verified yet: not a candidate.
    const unverified = await therapist('es', 12, { verified: false });
    expect(await recommended(http)).toEqual([a.id]);
    await setVerified(server, unverified.id, true);
    expect(await recommended(http)).toEqual(expect.arrayContaining([a.id, unverified.id]));

    // Verified without a bookable hour: not a candidate until the therapist publishes one.
    const noHours = await createProvider(server, {
      answers: { ...THERAPIST_ANSWERS, language: ['es'] },
    });
    expect(await recommended(http)).toHaveLength(2);
    const therapistHttp = await signedInClient(server, noHours);
    const start = stockholmHour(9, 10);
    const published = await therapistHttp.post('/api/availabilities/many', {
      slots: [
        {
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + HOUR_MS).toISOString(),
        },
      ],
    });
    expect(published.status).toBe(201);
    const after = await recommended(http);
    expect(after).toHaveLength(3);
    expect(after).toEqual(expect.arrayContaining([a.id, unverified.id, noHours.id]));
  });

  it('fills an empty list', async () => {
    const { http } = await clientWhoAnswered(clientAnswers('fr'));
    expect(await list(http)).toEqual([]);
    const t = await therapist('fr');
    expect(await recommended(http)).toEqual([t.id]);
  });

  it('never brings a therapist a very important answer excludes', async () => {
    const [a] = [await therapist('pl')];
    const { client, http } = await clientWhoAnswered(clientAnswers('pl'));
    expect(await recommended(http)).toEqual([a.id]);
    // Fits in every other way, but speaks Swedish and English only.
    const excluded = await therapist('sv', 4);
    await createProvider(server, {
      answers: { ...THERAPIST_ANSWERS, language: ['sv', 'en'] },
      slots: [{ daysAhead: 4, hour: 12 }],
    });
    expect(await recommended(http)).toEqual([a.id]);
    expect(await storedRecommendations(client.id)).not.toContain(excluded.id);
  });

  it('never brings back a therapist the client switched away from; the ACTIVE match stays as it was', async () => {
    // The first has hours on two days: after a request holds three, they are still bookable.
    const a = await createProvider(server, {
      answers: { ...THERAPIST_ANSWERS, language: ['de'] },
      slots: [4, 8].flatMap((daysAhead) => [9, 10, 11].map((hour) => ({ daysAhead, hour }))),
    });
    const b = await therapist('de', 5);
    const { http } = await clientWhoAnswered(clientAnswers('de'));
    const first = await list(http);
    expect(first.map((m) => m.providerId)).toEqual([a.id, b.id]);

    // A request to the first (ACTIVE), then a switch away from it (ENDED).
    const toA = first.find((m) => m.providerId === a.id)!;
    const request = await http.post('/api/bookings', {
      matchId: toA.id,
      suggestedTimes: [9, 10, 11].map((hour) => stockholmHour(4, hour).toISOString()),
    });
    expect(request.status).toBe(201);
    expect((await http.post(`/api/matches/${toA.id}/switch`, {})).status).toBe(200);

    // The switched-away therapist is still bookable (day 8) and fits as well as ever.
    const afterSwitch = await list(http);
    expect(afterSwitch.filter((m) => m.status === 'PENDING').map((m) => m.providerId)).toEqual([
      b.id,
    ]);
    const ended = afterSwitch.find((m) => m.id === toA.id)!;
    expect(ended.status).toBe('ENDED');

    // Someone new arrives: the list grows by them alone, the ENDED match stays with its request.
    const c = await therapist('de', 6);
    for (let i = 0; i < 2; i += 1) {
      const next = await list(http);
      expect(next.filter((m) => m.status === 'PENDING').map((m) => m.providerId)).toEqual([
        b.id,
        c.id,
      ]);
      const still = next.find((m) => m.id === toA.id)!;
      expect(still.status).toBe('ENDED');
      expect(still.bookings.map((x) => x.status)).toEqual(['PENDING_PROVIDER_CONFIRMATION']);
    }

    // An ACTIVE match is never touched either: a request to the second, then a newcomer.
    const toB = (await list(http)).find((m) => m.providerId === b.id)!;
    const requestB = await http.post('/api/bookings', {
      matchId: toB.id,
      suggestedTimes: [9, 10, 11].map((hour) => stockholmHour(5, hour).toISOString()),
    });
    expect(requestB.status).toBe(201);
    const d = await therapist('de', 7);
    const last = await list(http);
    expect(last.filter((m) => m.status === 'PENDING').map((m) => m.providerId)).toEqual([
      c.id,
      d.id,
    ]);
    const active = last.find((m) => m.id === toB.id)!;
    expect(active.status).toBe('ACTIVE');
    expect(active.bookings.map((x) => x.status)).toEqual(['PENDING_PROVIDER_CONFIRMATION']);
    expect(last.find((m) => m.id === toA.id)!.status).toBe('ENDED');
  });

  it('grows the same for 30 reads at once: each shows the newcomer, under one match id, no 500', async () => {
    const [a] = [await therapist('bks', 5)];
    const { client, http } = await clientWhoAnswered(clientAnswers('bks'));
    expect(await recommended(http)).toEqual([a.id]);
    const b = await therapist('bks', 6);
    const reads = await Promise.all(Array.from({ length: 30 }, () => http.get('/api/matches')));
    expect(reads.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 200));
    const ids = new Set<string>();
    for (const read of reads) {
      const shown = matchesResponseSchema.parse(await read.json());
      expect(shown.map((m) => m.providerId)).toEqual([a.id, b.id]);
      for (const m of shown) ids.add(m.id);
    }
    expect(ids.size).toBe(2);
    expect(await storedRecommendations(client.id)).toEqual([a.id, b.id].sort());
  });

  it('does not grow without a recorded consent to the questionnaire', async () => {
    await therapist('so');
    const client = await createClient(server, { answers: clientAnswers('so'), consent: false });
    const http = await signedInClient(server, client);
    expect(await list(http)).toEqual([]);
    expect(await storedRecommendations(client.id)).toEqual([]);
  });
});

describe('a full list at read', () => {
  it('is not scanned again: a better newcomer waits while the five stay bookable, and takes a place that frees up', async () => {
    const five = [];
    for (let day = 5; day <= 9; day += 1) five.push(await therapist('tr', day));
    const { http } = await clientWhoAnswered(clientAnswers('tr'));
    expect(await recommended(http)).toEqual(five.map((t) => t.id));

    // Equally good and bookable sooner: the ranking would put them first.
    const sooner = await therapist('tr', 3);
    expect(await recommended(http)).toEqual(five.map((t) => t.id));

    // One of the five is no longer verified: the read computes again, and the newcomer
    // ranks first among the best.
    await setVerified(server, five[4]!.id, false);
    expect(await recommended(http)).toEqual([sooner.id, ...five.slice(0, 4).map((t) => t.id)]);
  });
});

describe('the match alert after a read added the therapist', () => {
  /** The alert's mails to `to`, once the outbox has sent all it holds for it. */
  function alertMailsTo(to: string): Promise<ParsedMail[]> {
    return receivedOnceSent(server.database.pool, mailbox!, to, SUBJECT);
  }

  async function waitingClient(language: string) {
    const { client, http } = await clientWhoAnswered(clientAnswers(language));
    const on = await http.request('PUT', '/api/users/me/match-alert', { enabled: true });
    expect(on.status).toBe(200);
    return { client, http };
  }

  it('mails the one discreet mail in the next round, once, at most once in seven days', async () => {
    // Reads and rounds on one clock, a minute apart, as in production.
    const at = (offset: number) => {
      ahead = offset;
      return apiNow();
    };
    try {
      const [a] = [await therapist('ku', 5)];
      const { client, http } = await waitingClient('ku');
      // The round looks first: nothing new.
      await runMatchAlertRound(db(), server.config, at(0));
      expect(await alertMailsTo(client.email!)).toHaveLength(0);

      // A new candidate; the client reads before the round looks: the list already has them.
      const b = await therapist('ku', 6);
      at(MINUTE);
      expect(await recommended(http)).toEqual([a.id, b.id]);
      await runMatchAlertRound(db(), server.config, at(2 * MINUTE));
      const mails = await alertMailsTo(client.email!);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Det finns nya terapeuter som passar dina svar.');
      expect(mails[0]!.text).not.toContain(b.name);

      // The next rounds find nothing new: no second mail.
      await runMatchAlertRound(db(), server.config, at(3 * MINUTE));
      await runMatchAlertRound(db(), server.config, at(4 * MINUTE));
      expect(await alertMailsTo(client.email!)).toHaveLength(1);

      // A day later another arrives and a read adds them: no mail within seven days.
      const c = await therapist('ku', 13);
      at(DAY);
      expect(await recommended(http)).toEqual([a.id, b.id, c.id]);
      await runMatchAlertRound(db(), server.config, at(DAY + MINUTE));
      expect(await alertMailsTo(client.email!)).toHaveLength(1);

      // Seven days after the mail, the next one a read adds is told again.
      const d = await therapist('ku', 14);
      at(7 * DAY + 3 * MINUTE);
      expect(await recommended(http)).toEqual([c.id, d.id]);
      await runMatchAlertRound(db(), server.config, at(7 * DAY + 4 * MINUTE));
      expect(await alertMailsTo(client.email!)).toHaveLength(2);
    } finally {
      ahead = 0;
    }
  });

  it('tells a client without the wish nothing, and a wish turned on after the read is not told of it', async () => {
    const { client, http } = await clientWhoAnswered(clientAnswers('ar'));
    await therapist('ar');
    expect(await recommended(http)).toHaveLength(1);
    await runMatchAlertRound(db(), server.config, new Date());
    const on = await http.request('PUT', '/api/users/me/match-alert', { enabled: true });
    expect(on.status).toBe(200);
    await runMatchAlertRound(db(), server.config, new Date(Date.now() + MINUTE));
    expect(await alertMailsTo(client.email!)).toHaveLength(0);
  });

  it('mails each client once when two processes run the round at the same moment', async () => {
    const waiting = await Promise.all(Array.from({ length: 6 }, () => waitingClient('uk')));
    await runMatchAlertRound(db(), server.config, new Date());
    const t = await therapist('uk');
    for (const { http } of waiting) expect(await recommended(http)).toEqual([t.id]);
    const other: DbHandle = createDb(server.config.databaseUrl!, { max: 3 });
    try {
      const now = new Date(Date.now() + MINUTE);
      await Promise.all([
        runMatchAlertRound(db(), server.config, now),
        runMatchAlertRound(other.db, server.config, now),
        runMatchAlertRound(db(), server.config, now),
        runMatchAlertRound(other.db, server.config, now),
      ]);
    } finally {
      await other.close();
    }
    for (const { client } of waiting) {
      expect(await alertMailsTo(client.email!)).toHaveLength(1);
    }
  });
});

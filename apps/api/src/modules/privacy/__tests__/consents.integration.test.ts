import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONSENT_MSG, CONSENT_TEXTS, errorCatalog, type Consent } from '@samtalsmatch/contracts';
import { answers, bookings, consents, matches, users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  answersPayload,
  CLIENT_ANSWERS_ALL,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  PROVIDER_ANSWERS_ALL,
  questionIdsByKey,
  signInAs,
  stockholmHour,
} from '../../../test/factories';

// docs/rules/privacy.md#questionnaire-consent: the questionnaire consent is recorded on the server,
// answers are refused without it, and withdrawing it removes the answers and
// the recommendations but leaves bookings in progress alone.
let server: TestServer;
let questionIds: Map<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  questionIds = await questionIdsByKey(server.database.db);
});

afterAll(async () => {
  await server.close();
});

const VERSION = CONSENT_TEXTS.QUESTIONNAIRE.version;
const db = () => server.database.db;

async function signedIn(user: { id: string; sessionVersion: number }) {
  const http = new TestClient(server.baseUrl);
  await signInAs(server, http, user);
  return http;
}

async function createAdmin() {
  const [admin] = await db()
    .insert(users)
    .values({ type: 'ADMIN', name: 'Adam Admin', onboardingStep: 'ONBOARDING_COMPLETED' })
    .returning();
  return admin!;
}

async function questionnaireConsent(http: TestClient): Promise<Consent> {
  const res = await http.get('/api/users/me/consents');
  expect(res.status).toBe(200);
  const list = (await res.json()) as Consent[];
  expect(list.map((c) => c.kind)).toEqual(['QUESTIONNAIRE']);
  return list[0]!;
}

const answersOf = (userId: string) => db().select().from(answers).where(eq(answers.userId, userId));

describe('GET /api/users/me/consents', () => {
  it('lists the questionnaire consent with its current version, not given yet', async () => {
    const http = await signedIn(await createClient(server));
    expect(await questionnaireConsent(http)).toEqual({
      kind: 'QUESTIONNAIRE',
      currentVersion: VERSION,
      version: null,
      givenAt: null,
      needed: false,
    });
  });

  it('says a client with answers but no recorded consent needs to give it', async () => {
    const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL, consent: false });
    expect(await questionnaireConsent(await signedIn(client))).toMatchObject({
      version: null,
      needed: true,
    });
  });

  it('answers therapists and admins too (nothing needed), and 401 when signed out', async () => {
    const provider = await createProvider(server, { answers: PROVIDER_ANSWERS_ALL });
    for (const person of [provider, await createAdmin()]) {
      expect(await questionnaireConsent(await signedIn(person))).toMatchObject({
        version: null,
        needed: false,
      });
    }
    expect((await new TestClient(server.baseUrl).get('/api/users/me/consents')).status).toBe(401);
  });
});

describe('POST /api/users/me/consents', () => {
  it('records the consent with its version and time, then answers can be saved', async () => {
    const client = await createClient(server);
    const http = await signedIn(client);
    const body = answersPayload(questionIds, CLIENT_ANSWERS_ALL);

    const refused = await http.post('/api/answers', body);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      errorCatalog.CONSENT_REQUIRED.message,
    );
    expect(await answersOf(client.id)).toEqual([]);

    const before = Date.now();
    const given = await http.post('/api/users/me/consents', {
      kind: 'QUESTIONNAIRE',
      version: VERSION,
    });
    expect(given.status).toBe(200);
    const [consent] = (await given.json()) as Consent[];
    expect(consent).toMatchObject({ kind: 'QUESTIONNAIRE', version: VERSION, needed: false });
    expect(new Date(consent!.givenAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await db().select().from(consents).where(eq(consents.userId, client.id));
    expect(row).toMatchObject({ kind: 'QUESTIONNAIRE', version: VERSION });

    expect((await http.post('/api/answers', body)).status).toBe(200);
    expect(await answersOf(client.id)).toHaveLength(Object.keys(CLIENT_ANSWERS_ALL).length);
  });

  it('refuses an older text (409), bad input (400 in Swedish) and other roles (403), writing nothing', async () => {
    const client = await createClient(server);
    const http = await signedIn(client);
    const old = await http.post('/api/users/me/consents', {
      kind: 'QUESTIONNAIRE',
      version: VERSION + 1,
    });
    expect(old.status).toBe(409);
    for (const body of [{}, { kind: 'NEWSLETTER', version: 1 }, { kind: 'QUESTIONNAIRE' }]) {
      const res = await http.post('/api/users/me/consents', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).not.toMatch(/expected|invalid/i);
    }
    const provider = await createProvider(server);
    for (const person of [provider, await createAdmin()]) {
      const res = await (
        await signedIn(person)
      ).post('/api/users/me/consents', {
        kind: 'QUESTIONNAIRE',
        version: VERSION,
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(CONSENT_MSG.clientsOnly);
    }
    const rows = await db().select().from(consents);
    expect(rows.filter((r) => [client.id, provider.id].includes(r.userId))).toEqual([]);
  });

  it('needs no consent for a therapist’s answers', async () => {
    const provider = await createProvider(server);
    const res = await (
      await signedIn(provider)
    ).post('/api/answers', answersPayload(questionIds, PROVIDER_ANSWERS_ALL));
    expect(res.status).toBe(200);
  });
});

describe('DELETE /api/users/me/consents/questionnaire', () => {
  it('removes the consent, the answers and the recommendations; bookings in progress and the step stay', async () => {
    const client = await createClient(server, {
      answers: CLIENT_ANSWERS_ALL,
      onboardingStep: 'QUESTIONS_COMPLETED',
    });
    const recommended = await createProvider(server);
    const booked = await createProvider(server);
    const pending = await createMatch(server, { clientId: client.id, providerId: recommended.id });
    const active = await createMatch(server, { clientId: client.id, providerId: booked.id });
    const booking = await createBooking(server, active.id, {
      status: 'CONFIRMED',
      suggestedTimes: [stockholmHour(4, 10), stockholmHour(4, 11), stockholmHour(4, 12)],
    });
    const http = await signedIn(client);
    const therapist = await signedIn(booked);
    const answersSeenByTherapist = async () => {
      const seen = await therapist.get(`/api/matches/${active.id}`);
      expect(seen.status).toBe(200);
      return ((await seen.json()) as { client: { answer: unknown[] } }).client.answer;
    };
    expect((await answersSeenByTherapist()).length).toBeGreaterThan(0);

    const res = await http.delete('/api/users/me/consents/questionnaire');
    expect(res.status).toBe(204);
    expect(await answersOf(client.id)).toEqual([]);
    // What the dialog says: the therapist keeps the name and the bookings, not the answers.
    expect(await answersSeenByTherapist()).toEqual([]);
    expect(await questionnaireConsent(http)).toMatchObject({ version: null, needed: false });
    const left = await db().select().from(matches).where(eq(matches.clientId, client.id));
    expect(left.map((m) => m.id)).toEqual([active.id]);
    expect(left.map((m) => m.id)).not.toContain(pending.id);
    const [kept] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(kept!.status).toBe('CONFIRMED');
    const [row] = await db().select().from(users).where(eq(users.id, client.id));
    expect(row!.onboardingStep).toBe('QUESTIONS_COMPLETED');

    // No new recommendations until the consent is given again.
    const potential = await http.get('/api/matches/potential');
    expect(potential.status).toBe(200);
    const afterPotential = await db()
      .select()
      .from(matches)
      .where(and(eq(matches.clientId, client.id), eq(matches.status, 'PENDING')));
    expect(afterPotential).toEqual([]);

    // Again: nothing left to remove, still 204.
    expect((await http.delete('/api/users/me/consents/questionnaire')).status).toBe(204);
  });

  it('is the client’s: therapists and admins get 403, the signed-out 401', async () => {
    for (const person of [await createProvider(server), await createAdmin()]) {
      const res = await (await signedIn(person)).delete('/api/users/me/consents/questionnaire');
      expect(res.status).toBe(403);
    }
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.delete('/api/users/me/consents/questionnaire')).status).toBe(401);
  });
});

describe('answers without a recorded consent', () => {
  it('get no new recommendations until the consent is given', async () => {
    const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL, consent: false });
    await createProvider(server, {
      answers: PROVIDER_ANSWERS_ALL,
      slots: [{ daysAhead: 3, hour: 10 }],
    });
    const http = await signedIn(client);
    expect((await http.get('/api/matches/potential')).status).toBe(200);
    const none = await db().select().from(matches).where(eq(matches.clientId, client.id));
    expect(none).toEqual([]);

    await http.post('/api/users/me/consents', { kind: 'QUESTIONNAIRE', version: VERSION });
    expect((await http.get('/api/matches/potential')).status).toBe(200);
    const some = await db().select().from(matches).where(eq(matches.clientId, client.id));
    expect(some.length).toBeGreaterThan(0);
  });
});

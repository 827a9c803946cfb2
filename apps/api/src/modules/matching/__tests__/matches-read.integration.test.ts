import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  explainMatch,
  matchesResponseSchema,
  providerMatchesResponseSchema,
  providerMatchSchema,
  stockholmDateKey,
  type Match,
  type ProviderMatch,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import {
  answers as answersTable,
  bookings as bookingsTable,
  licenceChecks as licenceChecksTable,
  matches as matchesTable,
  providerProfiles as providerProfilesTable,
  questions as questionsTable,
  users as usersTable,
} from '@samtalsmatch/db';
import { startSecondInstance } from '../../../test/accounts';
import {
  answersPayload,
  CLIENT_ANSWERS_ALL,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  FACTORY_DESCRIPTION,
  signInAs,
  stockholmHour,
  questionIdsByKey,
} from '../../../test/factories';
import {
  signedInClient,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../test/harness';
import { listQuestions } from '../../questionnaire/questionnaire.repository';

/**
 * GET /api/matches: a client's matches in the client's Match shape; a
 * therapist's in the provider's view (decision 210). These tests hold both
 * answers to their exact shape and values, and every change to what a list
 * shows to be seen on the next read (never stale), also when the change was
 * made through another API process.
 */

let server: TestServer;
let questionIds: Map<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  questionIds = await questionIdsByKey(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

const as = (user: { id: string; sessionVersion: number }) => signedInClient(server, user);

async function list<T = Match>(http: TestClient, path = '/api/matches'): Promise<T[]> {
  const res = await http.get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T[];
}

type BookingRow = Awaited<ReturnType<typeof createBooking>>;

/** A Booking as a match carries it (date, startTime, endTime of the confirmed time). */
function bookingDto(b: BookingRow) {
  return {
    id: b.id,
    matchId: b.matchId,
    status: b.status,
    meetingFormat: b.meetingFormat,
    confirmedTime: b.confirmedTime?.toISOString() ?? null,
    suggestedTimes: b.suggestedTimes.map((t) => t.toISOString()),
    date: b.confirmedTime ? stockholmDateKey(b.confirmedTime) : null,
    startTime: b.confirmedTime ? '13:00' : null,
    endTime: b.confirmedTime ? '14:00' : null,
    messageFromProvider: b.messageFromProvider,
    cancelledBy: b.cancelledBy,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    completedAt: b.completedAt?.toISOString() ?? null,
    expiresAt: b.expiresAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
    seriesId: null,
    seriesInterval: null,
  };
}

/** A booking as the therapist's list carries it (decision 514): no match id, date, clock times or creation. */
function listBooking(b: BookingRow) {
  const {
    matchId: _matchId,
    date: _date,
    startTime: _startTime,
    endTime: _endTime,
    createdAt: _createdAt,
    ...listed
  } = bookingDto(b);
  return listed;
}

const IMAGE_URL = expect.stringMatching(/^\/api\/images\/seed%2Fanna\.png\?exp=\d+&sig=[\w-]+$/);

describe('GET /api/matches, read in bulk', () => {
  it("gives a provider exactly the provider's view: the client's name (answers only with one match, by question order), bookings by creation, nothing of the therapist's own", async () => {
    const provider = await createProvider(server, {
      name: 'Exakt Terapeut',
      email: 'exakt.terapeut@exempel.se',
      answers: { language: ['sv', 'en'], problem_areas: ['angest'], therapy_methods: ['any'] },
    });
    const first = await createClient(server, {
      name: 'Första Klient',
      answers: {
        problem_areas: { value: ['stress'], importance: 2 },
        therapy_methods: ['any'],
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

    const http = await as(provider);
    const res = await http.get('/api/matches');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8/);
    const text = await res.text();
    const got = JSON.parse(text) as ProviderMatchSummary[];
    // The list: only what the dashboard reads (decision 514).
    const expected = (m: typeof m1, client: string, bookings: BookingRow[]) => ({
      id: m.id,
      status: 'ACTIVE',
      client: { name: client },
      bookings: bookings.map(listBooking),
    });
    // One match: the whole match and Booking.
    const whole = (m: typeof m1, client: string, bookings: BookingRow[]) => ({
      id: m.id,
      status: 'ACTIVE',
      score: m.score,
      providerId: provider.id,
      clientId: m.clientId,
      client: { name: client },
      bookings: bookings.map(bookingDto),
      createdAt: m.createdAt.toISOString(),
    });
    const firstAnswers = [
      { questionId: questionIds.get('language')!, value: ['sv'], importance: 3 },
      { questionId: questionIds.get('therapy_methods')!, value: ['any'], importance: null },
      { questionId: questionIds.get('problem_areas')!, value: ['stress'], importance: 2 },
    ].sort((a, b) => order(a.questionId) - order(b.questionId));
    const byId = new Map(got.map((m) => [m.id, m]));
    expect(got).toHaveLength(2);
    expect(byId.get(m1.id)).toStrictEqual(expected(m1, 'Första Klient', [cancelled, pending]));
    expect(byId.get(m2.id)).toStrictEqual(expected(m2, 'Andra Klient', [confirmed]));
    // The contract of the provider's view (strict: no other key), and nothing
    // of the therapist's own profile, contact details, address or image.
    expect(() => providerMatchesResponseSchema.parse(got)).not.toThrow();
    for (const m of got) expect(m).not.toHaveProperty('provider');
    for (const own of [
      'exakt.terapeut@exempel.se',
      '0701740650',
      'Storgatan',
      FACTORY_DESCRIPTION.slice(0, 40),
      '/api/images/',
      'Lugn, nyfiken',
    ]) {
      expect(text).not.toContain(own);
    }
    // GET /api/matches/{id} gives the provider the same view of one match, with the
    // client's answers, each with its question as the client answered it (GET /api/answers).
    const one = (await (await http.get(`/api/matches/${m1.id}`)).json()) as ProviderMatch;
    expect(() => providerMatchSchema.parse(one)).not.toThrow();
    expect(one).toStrictEqual({
      ...whole(m1, 'Första Klient', [cancelled, pending]),
      // No fit check shared (docs/rules/matching.md#fit-check).
      fitCheck: null,
      client: { name: 'Första Klient', answer: await clientAnswersOf(first.id) },
    });
    expect(one.client.answer.map(({ question: _q, ...a }) => a)).toStrictEqual(firstAnswers);
    // The client's text and the client's options: 'any' has its label, which the
    // therapist's own questionnaire does not offer.
    const methods = one.client.answer.find((a) => a.question.key === 'therapy_methods')!;
    expect(methods.question.clientText).toBe(
      'Vilken eller vilka terapiformer är du intresserad av?',
    );
    expect(methods.question.options).toContainEqual({
      value: 'any',
      label: 'Vet inte / ingen preferens',
      userType: 'CLIENT',
    });
    const two = (await (await http.get(`/api/matches/${m2.id}`)).json()) as ProviderMatch;
    expect(two).toStrictEqual({
      ...whole(m2, 'Andra Klient', [confirmed]),
      fitCheck: null,
      client: { name: 'Andra Klient', answer: await clientAnswersOf(second.id) },
    });
  });

  it('gives a client exactly its matches: the therapist with profile, image, address and answers, bookings, explanation', async () => {
    const provider = await createProvider(server, {
      name: 'Klientens Terapeut',
      email: 'klientens.terapeut@exempel.se',
      answers: { language: ['sv', 'en'], problem_areas: ['angest'], therapy_methods: ['any'] },
      profile: { title: ['PSYKOLOG', 'SOCIONOM'], meetingFormat: 'VIDEO' },
      licenceChecked: false,
      // Bookable: a recommendation is shown only of a therapist with a time to book.
      slots: [{ daysAhead: 9, hour: 10 }],
    });
    // Two checks of PSYKOLOG (the newer one counts) and one of a title not claimed.
    const checkedAt = new Date(Date.now() - 3 * 24 * 3600_000);
    await server.database.db.insert(licenceChecksTable).values([
      { providerId: provider.id, title: 'PSYKOLOG', registered: false, checkedAt: new Date(0) },
      { providerId: provider.id, title: 'PSYKOLOG', registered: true, checkedAt },
      { providerId: provider.id, title: 'KURATOR', registered: true, checkedAt },
    ]);
    const client = await createClient(server, {
      name: 'Exakt Klient',
      answers: {
        problem_areas: { value: ['stress'], importance: 2 },
        language: { value: ['sv'], importance: 3 },
      },
    });
    const match = await createMatch(
      server,
      { clientId: client.id, providerId: provider.id },
      { overlaps: { language: ['sv'] } },
    );
    const http = await as(client);
    const providerAnswers = [
      { questionId: questionIds.get('language')!, value: ['sv', 'en'], importance: null },
      { questionId: questionIds.get('therapy_methods')!, value: ['any'], importance: null },
      { questionId: questionIds.get('problem_areas')!, value: ['angest'], importance: null },
    ].sort((a, b) => order(a.questionId) - order(b.questionId));
    const clientAnswers = [
      { questionId: questionIds.get('language')!, value: ['sv'], importance: 3 as const },
      { questionId: questionIds.get('problem_areas')!, value: ['stress'], importance: 2 as const },
    ].sort((a, b) => order(a.questionId) - order(b.questionId));
    const questions = await listQuestions(server.database.db);
    const expected = (contact: boolean, bookings: unknown[]) => ({
      id: match.id,
      status: bookings.length ? 'ACTIVE' : 'PENDING',
      score: match.score,
      providerId: provider.id,
      clientId: client.id,
      provider: {
        name: 'Klientens Terapeut',
        email: contact ? 'klientens.terapeut@exempel.se' : null,
        phoneNumber: contact ? '0701740650' : null,
        address: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
        providerProfile: {
          title: ['PSYKOLOG', 'SOCIONOM'],
          description: FACTORY_DESCRIPTION,
          price: 900,
          profileImageSignedUrl: IMAGE_URL,
          cancellationPolicy: 'TWENTY_FOUR_HOURS',
          education: ['MASTER'],
          sessionDuration: 50,
          personalAttributes: 'Lugn, nyfiken, varm',
          meetingFormat: 'VIDEO',
          languages: ['Svenska', 'Engelska'],
          // Only the public badge fields: no result, no admin, no other title.
          licences: [{ title: 'PSYKOLOG', checkedAt: checkedAt.toISOString() }],
        },
        answer: providerAnswers,
      },
      client: { name: 'Exakt Klient', answer: clientAnswers },
      bookings,
      overlaps: { language: ['sv'] },
      explanation: explainMatch(clientAnswers, providerAnswers, questions),
      createdAt: match.createdAt.toISOString(),
      fitCheckDue: false,
      endedAt: null,
    });
    let got = await list(http);
    expect(got).toStrictEqual([expected(false, [])]);
    expect(got[0]!.explanation!.length).toBeGreaterThan(0);
    expect(() => matchesResponseSchema.parse(got)).not.toThrow();

    const pending = await createBooking(server, match.id);
    got = await list(http);
    expect(got).toStrictEqual([expected(false, [bookingDto(pending)])]);
    await server.database.db
      .update(bookingsTable)
      .set({ status: 'CONFIRMED', confirmedTime: stockholmHour(3, 13), expiresAt: null })
      .where(eq(bookingsTable.id, pending.id));
    const [confirmed] = await server.database.db
      .select()
      .from(bookingsTable)
      .where(eq(bookingsTable.id, pending.id));
    got = await list(http);
    expect(got).toStrictEqual([expected(true, [bookingDto(confirmed!)])]);
    const one = (await (await http.get(`/api/matches/${match.id}`)).json()) as Match;
    expect(one).toStrictEqual(got[0]);
  });
});

describe("a client's matches, read again after each change", () => {
  it('is never stale: the therapist, their profile, image and answers, the bookings (contact details), both parties’ answers, the client’s name, the matches and the questions show at once', async () => {
    const provider = await createProvider(server, {
      name: 'Före Terapeut',
      email: 'fore.terapeut@exempel.se',
      answers: { language: ['sv'], therapy_methods: ['kbt'] },
      licenceChecked: false,
      // Bookable: a recommendation is shown only of a therapist with a time to book.
      slots: [{ daysAhead: 9, hour: 10 }],
    });
    // No recorded consent to the questionnaire (an account from before consents were
    // recorded): no recommendation is computed for this client, so a short list does not
    // grow at read (docs/rules/matching.md#a-short-list-grows-at-read) and the list is
    // exactly the matches this test writes.
    const client = await createClient(server, {
      name: 'Före Klient',
      answers: {
        language: { value: ['sv'], importance: 3 },
        therapy_methods: { value: ['kbt', 'emdr'], importance: 2 },
      },
      consent: false,
    });
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    const http = await as(client);
    const read = async () => (await list(http))[0]!;
    const db = server.database.db;
    // Read twice first: a change must show on the next read, however often it was read before.
    for (let i = 0; i < 2; i += 1) {
      const m = await read();
      expect(m.provider.name).toBe('Före Terapeut');
      expect(m.provider.email).toBeNull();
    }

    // The therapist's user row and profile.
    await db
      .update(usersTable)
      .set({ name: 'Efter Terapeut', city: 'Lund' })
      .where(eq(usersTable.id, provider.id));
    let m = await read();
    expect(m.provider.name).toBe('Efter Terapeut');
    expect(m.provider.address!.city).toBe('Lund');
    await db
      .update(providerProfilesTable)
      .set({ description: 'En ny beskrivning.', profileImageKey: 'seed/ny.png' })
      .where(eq(providerProfilesTable.userId, provider.id));
    m = await read();
    expect(m.provider.providerProfile!.description).toBe('En ny beskrivning.');
    expect(m.provider.providerProfile!.profileImageSignedUrl).toMatch(
      /^\/api\/images\/seed%2Fny\.png\?/,
    );

    // The therapist's licence checks: a new check shows its badge at once.
    expect(m.provider.providerProfile!.licences).toEqual([]);
    await db.insert(licenceChecksTable).values({
      providerId: provider.id,
      title: 'PSYKOLOG',
      registered: true,
    });
    m = await read();
    expect(m.provider.providerProfile!.licences!.map((l) => l.title)).toEqual(['PSYKOLOG']);

    // The therapist's answers (and so the explanation), the client's answers and name.
    const methods = questionIds.get('therapy_methods')!;
    const unmet = (x: Match) =>
      x.explanation!.find((e) => e.questionKey === 'therapy_methods')!.unmet.map((v) => v.value);
    expect(unmet(m)).toEqual(['emdr']);
    await db
      .update(answersTable)
      .set({ value: ['kbt', 'emdr'] })
      .where(eq(answersTable.userId, provider.id));
    m = await read();
    expect(unmet(m)).toEqual([]);
    await db.delete(answersTable).where(eq(answersTable.userId, client.id));
    m = await read();
    expect(m.client.answer).toEqual([]);
    expect(m.explanation).toEqual([]);
    await db
      .insert(answersTable)
      .values({ userId: client.id, questionId: methods, value: ['act'], importance: 1 });
    expect((await read()).client.answer.map((a) => a.value)).toEqual([['act']]);
    await db.update(usersTable).set({ name: 'Efter Klient' }).where(eq(usersTable.id, client.id));
    expect((await read()).client.name).toBe('Efter Klient');

    // The match itself, its bookings: a confirmed booking shows the contact details.
    await db
      .update(matchesTable)
      .set({ score: 0.25, overlaps: { language: ['sv'] } })
      .where(eq(matchesTable.id, match.id));
    m = await read();
    expect([m.score, m.overlaps]).toEqual([0.25, { language: ['sv'] }]);
    const booking = await createBooking(server, match.id);
    m = await read();
    expect([m.status, m.bookings.map((b) => b.status), m.provider.email]).toEqual([
      'ACTIVE',
      ['PENDING_PROVIDER_CONFIRMATION'],
      null,
    ]);
    await db
      .update(bookingsTable)
      .set({ status: 'CONFIRMED', confirmedTime: booking.suggestedTimes[0]!, expiresAt: null })
      .where(eq(bookingsTable.id, booking.id));
    m = await read();
    expect([m.provider.email, m.provider.phoneNumber]).toEqual([
      'fore.terapeut@exempel.se',
      '0701740650',
    ]);
    expect(m.bookings[0]!.startTime).not.toBeNull();
    await db.delete(bookingsTable).where(eq(bookingsTable.id, booking.id));
    m = await read();
    expect([m.bookings, m.provider.email]).toEqual([[], null]);

    // Another match added, then removed.
    const other = await createMatch(server, {
      clientId: client.id,
      providerId: (await createProvider(server, { slots: [{ daysAhead: 9, hour: 11 }] })).id,
    });
    expect(await list(http)).toHaveLength(2);
    await db.delete(matchesTable).where(eq(matchesTable.id, other.id));
    expect((await list(http)).map((x) => x.id)).toEqual([match.id]);

    // The questions' order orders the answers.
    await db
      .insert(answersTable)
      .values({ userId: client.id, questionId: questionIds.get('age')!, value: ['25-34'] });
    const before = (await read()).client.answer.map((a) => a.questionId);
    expect(before).toHaveLength(2);
    const [qa] = await db.select().from(questionsTable).where(eq(questionsTable.id, methods));
    const ageId = questionIds.get('age')!;
    const [qb] = await db.select().from(questionsTable).where(eq(questionsTable.id, ageId));
    const setOrders = (a: number, b: number) =>
      db.transaction(async (tx) => {
        await tx.update(questionsTable).set({ order: -1 }).where(eq(questionsTable.id, methods));
        await tx.update(questionsTable).set({ order: b }).where(eq(questionsTable.id, ageId));
        await tx.update(questionsTable).set({ order: a }).where(eq(questionsTable.id, methods));
      });
    await setOrders(qb!.order, qa!.order);
    try {
      expect((await read()).client.answer.map((a) => a.questionId)).toEqual([...before].reverse());
    } finally {
      await setOrders(qa!.order, qb!.order);
    }
  });

  it('is never stale across processes: a confirm through another instance shows the contact details at once', async () => {
    const provider = await createProvider(server, { email: 'andra.instansen@exempel.se' });
    const client = await createClient(server);
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    const booking = await createBooking(server, match.id);
    const http = await as(client);
    const second = await startSecondInstance(server);
    try {
      const therapist = new TestClient(second.baseUrl);
      therapist.setCookie('samtalsmatch.sid', (await as(provider)).getCookie('samtalsmatch.sid')!);
      for (let i = 0; i < 2; i += 1) expect((await list(http))[0]!.provider.email).toBeNull();
      const res = await therapist.patch(`/api/bookings/confirm/${booking.id}`, {
        confirmedTime: booking.suggestedTimes[0]!.toISOString(),
      });
      expect(res.status).toBe(200);
      expect((await list(http))[0]!.provider.email).toBe('andra.instansen@exempel.se');
    } finally {
      await second.close();
    }
  });

  it('signs the image URL again when the minute changes, whatever else stays', async () => {
    let clock = new Date('2031-05-05T10:00:10.000Z');
    const timed = await startTestServer({}, { now: () => clock });
    try {
      // Bookable at the test's clock (a recommendation is shown only then).
      const provider = await createProvider(timed, {
        slots: [{ start: new Date('2031-05-08T10:00:00.000Z') }],
      });
      const client = await createClient(timed);
      await createMatch(timed, { clientId: client.id, providerId: provider.id });
      const http = new TestClient(timed.baseUrl);
      await signInAs(timed, http, client);
      const url = async () =>
        (await list(http))[0]!.provider.providerProfile!.profileImageSignedUrl!;
      const first = await url();
      expect(await url()).toBe(first);
      clock = new Date('2031-05-05T10:00:50.000Z');
      expect(await url()).toBe(first);
      clock = new Date('2031-05-05T10:01:10.000Z');
      const next = await url();
      expect(next).not.toBe(first);
      expect(Number(/exp=(\d+)/.exec(next)![1]) - Number(/exp=(\d+)/.exec(first)![1])).toBe(60);
    } finally {
      await timed.close();
    }
  });
});

describe("a therapist's matches, read again after each change", () => {
  /** A therapist with one client whose match has a pending request; the therapist signed in. */
  async function therapistWithRequest() {
    const provider = await createProvider(server);
    const client = await createClient(server, {
      name: 'Första Namnet',
      answers: { language: { value: ['sv'], importance: 3 } },
    });
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    const booking = await createBooking(server, match.id);
    return { provider, client, match, booking, http: await as(provider) };
  }

  it('is never stale: bookings, the client’s name, new, changed and removed matches show in the list at once; the answers and their order in the match', async () => {
    const { provider, client, match, booking, http } = await therapistWithRequest();
    const read = () => list<ProviderMatchSummary>(http);
    /** The one match with the client's answers (the list carries none). */
    const one = async () => {
      const res = await http.get(`/api/matches/${match.id}`);
      expect(res.status).toBe(200);
      return (await res.json()) as ProviderMatch;
    };
    // Read twice first: a change must show on the next read, however often it was read before.
    for (let i = 0; i < 2; i += 1) {
      const [m] = await read();
      expect(m!.bookings.map((b) => b.status)).toEqual(['PENDING_PROVIDER_CONFIRMATION']);
      expect(m!.client.name).toBe('Första Namnet');
    }
    const db = server.database.db;

    // A booking's status, its message, a new booking, a deleted booking.
    await db
      .update(bookingsTable)
      .set({ status: 'CANCELLED', cancelledBy: 'CLIENT', cancelledAt: new Date() })
      .where(eq(bookingsTable.id, booking.id));
    expect((await read())[0]!.bookings.map((b) => b.status)).toEqual(['CANCELLED']);
    await db
      .update(bookingsTable)
      .set({ messageFromProvider: 'Hej!' })
      .where(eq(bookingsTable.id, booking.id));
    expect((await read())[0]!.bookings[0]!.messageFromProvider).toBe('Hej!');
    const again = await createBooking(server, match.id, { holdSlots: false });
    expect((await read())[0]!.bookings.map((b) => b.id)).toEqual([booking.id, again.id]);
    await db.delete(bookingsTable).where(eq(bookingsTable.id, again.id));
    expect((await read())[0]!.bookings.map((b) => b.id)).toEqual([booking.id]);

    // The client's name; their answers changed, added and removed.
    await db.update(usersTable).set({ name: 'Andra Namnet' }).where(eq(usersTable.id, client.id));
    expect((await read())[0]!.client.name).toBe('Andra Namnet');
    const language = questionIds.get('language')!;
    await db
      .update(answersTable)
      .set({ value: ['en'] })
      .where(eq(answersTable.userId, client.id));
    expect((await read())[0]!.client).toStrictEqual({ name: 'Andra Namnet' });
    expect((await one()).client.answer.map((a) => a.value)).toEqual([['en']]);
    await db.insert(answersTable).values({
      userId: client.id,
      questionId: questionIds.get('problem_areas')!,
      value: ['stress'],
      importance: 2,
    });
    expect((await one()).client.answer).toHaveLength(2);
    await db.delete(answersTable).where(eq(answersTable.userId, client.id));
    expect((await one()).client.answer).toEqual([]);

    // The match's score (the one match shows it; the list is ordered by it);
    // a new ACTIVE match; a match removed.
    await db.update(matchesTable).set({ score: 0.5 }).where(eq(matchesTable.id, match.id));
    expect((await one()).score).toBe(0.5);
    const other = await createClient(server, { name: 'Tredje Klient' });
    const second = await createMatch(server, { clientId: other.id, providerId: provider.id });
    expect(await read()).toHaveLength(1);
    await createBooking(server, second.id, { holdSlots: false });
    expect((await read()).map((m) => m.client.name)).toEqual(['Tredje Klient', 'Andra Namnet']);
    await db.update(matchesTable).set({ score: 0.9 }).where(eq(matchesTable.id, match.id));
    expect((await read()).map((m) => m.id)).toEqual([match.id, second.id]);
    await db.delete(matchesTable).where(eq(matchesTable.id, second.id));
    expect((await read()).map((m) => m.id)).toEqual([match.id]);

    // The questions' order orders the answers.
    await db.insert(answersTable).values([
      { userId: client.id, questionId: language, value: ['sv'], importance: 3 },
      { userId: client.id, questionId: questionIds.get('age')!, value: ['25-34'] },
    ]);
    const before = (await one()).client.answer.map((a) => a.questionId);
    expect(before).toEqual([language, questionIds.get('age')!].sort((a, b) => order(a) - order(b)));
    const swap = async (a: string, b: string) => {
      const [qa] = await db.select().from(questionsTable).where(eq(questionsTable.id, a));
      const [qb] = await db.select().from(questionsTable).where(eq(questionsTable.id, b));
      await db.transaction(async (tx) => {
        await tx.update(questionsTable).set({ order: -1 }).where(eq(questionsTable.id, a));
        await tx.update(questionsTable).set({ order: qa!.order }).where(eq(questionsTable.id, b));
        await tx.update(questionsTable).set({ order: qb!.order }).where(eq(questionsTable.id, a));
      });
    };
    await swap(language, questionIds.get('age')!);
    try {
      expect((await one()).client.answer.map((a) => a.questionId)).toEqual([...before].reverse());
    } finally {
      await swap(language, questionIds.get('age')!);
    }
  });

  it('is never stale across processes: a change made through another instance shows at once', async () => {
    const { client, booking, http } = await therapistWithRequest();
    const second = await startSecondInstance(server);
    try {
      const read = async (on: TestClient) => (await list<ProviderMatchSummary>(on))[0]!;
      const onSecond = new TestClient(second.baseUrl);
      onSecond.setCookie('samtalsmatch.sid', http.getCookie('samtalsmatch.sid')!);
      expect((await read(http)).bookings[0]!.status).toBe('PENDING_PROVIDER_CONFIRMATION');
      expect((await read(onSecond)).bookings[0]!.status).toBe('PENDING_PROVIDER_CONFIRMATION');
      expect((await read(http)).bookings[0]!.status).toBe('PENDING_PROVIDER_CONFIRMATION');

      // The therapist confirms through the other instance.
      const confirmed = await onSecond.patch(`/api/bookings/confirm/${booking.id}`, {
        confirmedTime: booking.suggestedTimes[1]!.toISOString(),
      });
      expect(confirmed.status).toBe(200);
      const seen = await read(http);
      expect(seen.bookings[0]!.status).toBe('CONFIRMED');
      expect(seen.bookings[0]!.confirmedTime).toBe(booking.suggestedTimes[1]!.toISOString());

      // The client answers again through the other instance.
      const clientOnSecond = new TestClient(second.baseUrl);
      const clientHere = await as(client);
      clientOnSecond.setCookie('samtalsmatch.sid', clientHere.getCookie('samtalsmatch.sid')!);
      const saved = await clientOnSecond.post(
        '/api/answers',
        answersPayload(questionIds, CLIENT_ANSWERS_ALL),
      );
      expect(saved.status).toBe(200);
      const one = (await (
        await http.get(`/api/matches/${booking.matchId}`)
      ).json()) as ProviderMatch;
      expect(one.client.answer).toHaveLength(Object.keys(CLIENT_ANSWERS_ALL).length);
    } finally {
      await second.close();
    }
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

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rankCandidates,
  scoreProvider,
  type Match,
  type MatchingAnswer,
} from '@samtalsmatch/contracts';
import { matches, matchingVectors, questions as questionsTable, users } from '@samtalsmatch/db';
import {
  answerSpecParts,
  answersPayload,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  setAnswers,
  setVerified,
  stockholmHour,
  type AnswersByKey,
  questionIdsByKey,
} from '../../../test/factories';
import {
  signedInClient,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../test/harness';

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

async function potential(http: TestClient): Promise<Match[]> {
  const res = await http.get('/api/matches/potential');
  expect(res.status).toBe(200);
  return (await res.json()) as Match[];
}

const SOON = [{ daysAhead: 3, hour: 10 }];

/**
 * Each scenario uses its own language with importance 3, so the therapists of
 * other scenarios (who do not speak it) are excluded from its client's matches.
 */
function clientWanting(language: string, extra: AnswersByKey = {}): AnswersByKey {
  return {
    age: ['25-34'],
    language: { value: [language], importance: 3 },
    therapy_methods: ['any'],
    problem_areas: { value: ['angest', 'somn'], importance: 2 },
    knowledge_areas: ['any'],
    ...extra,
  };
}
function providerSpeaking(language: string, extra: AnswersByKey = {}): AnswersByKey {
  return {
    age: ['25-34', '35-49'],
    language: [language, 'sv'],
    therapy_methods: ['kbt'],
    problem_areas: ['angest'],
    knowledge_areas: ['none'],
    ...extra,
  };
}

describe('matching', () => {
  it('matches only verified, onboarded therapists with a bookable slot, best first', async () => {
    const lang = 'so';
    const good = await createProvider(server, {
      name: 'Bästa Terapeut',
      answers: providerSpeaking(lang, { problem_areas: ['angest', 'somn'] }),
      slots: SOON,
    });
    const half = await createProvider(server, { answers: providerSpeaking(lang), slots: SOON });
    const excluded = [
      await createProvider(server, {
        verified: false,
        answers: providerSpeaking(lang),
        slots: SOON,
      }),
      await createProvider(server, {
        onboardingStep: 'QUESTIONS_COMPLETED',
        answers: providerSpeaking(lang),
        slots: SOON,
      }),
      // No slot at all, one within 24 h, one beyond 8 weeks.
      await createProvider(server, { answers: providerSpeaking(lang) }),
      await createProvider(server, {
        answers: providerSpeaking(lang),
        slots: [
          {
            start: new Date(
              Date.now() + 20 * 3_600_000 - ((Date.now() + 20 * 3_600_000) % 3_600_000),
            ),
          },
        ],
      }),
      await createProvider(server, {
        answers: providerSpeaking(lang),
        slots: [{ daysAhead: 60, hour: 10 }],
      }),
      // Does not speak the language the client wants with importance 3.
      await createProvider(server, { answers: providerSpeaking('sv'), slots: SOON }),
    ];
    const client = await createClient(server, { answers: clientWanting(lang) });
    const list = await potential(await as(client));
    expect(list.map((m) => m.providerId)).toEqual([good.id, half.id]);
    expect(list.every((m) => m.status === 'PENDING')).toBe(true);
    expect(list[0]!.score).toBe(1);
    // language 3·1, problem_areas 2·(1/2), age 1·1 → (3 + 1 + 1) / 6
    expect(list[1]!.score).toBeCloseTo(5 / 6, 12);
    for (const e of excluded) expect(list.map((m) => m.providerId)).not.toContain(e.id);
  });

  it('breaks ties on the earliest bookable slot and keeps the best five', async () => {
    const lang = 'uk';
    const made = [];
    for (let i = 0; i < 7; i += 1) {
      made.push(
        await createProvider(server, {
          answers: providerSpeaking(lang),
          slots: [{ daysAhead: 10 - i, hour: 9 }],
        }),
      );
    }
    const client = await createClient(server, { answers: clientWanting(lang) });
    const list = await potential(await as(client));
    // Same score for all: the five with the earliest slots (the last made), earliest first.
    expect(list.map((m) => m.providerId)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((p) => p.id),
    );
  });

  it('lists equal scores in the ranking’s order, also when a kept match is older than a new one', async () => {
    const lang = 'ru';
    const later = await createProvider(server, {
      answers: providerSpeaking(lang),
      slots: [{ daysAhead: 10, hour: 9 }],
    });
    const client = await createClient(server, { answers: clientWanting(lang) });
    const http = await as(client);
    expect((await potential(http)).map((m) => m.providerId)).toEqual([later.id]);
    // A therapist with the same score and an earlier slot arrives: the ranking
    // puts them first, while the kept match was made before theirs.
    const sooner = await createProvider(server, {
      answers: providerSpeaking(lang),
      slots: [{ daysAhead: 4, hour: 9 }],
    });
    const ranked = await potential(http);
    expect(ranked.map((m) => m.providerId)).toEqual([sooner.id, later.id]);
    const [first, second] = ranked;
    expect(first!.score).toBe(second!.score);
    expect(second!.createdAt! < first!.createdAt!).toBe(true);
    const listed = (await (await http.get('/api/matches')).json()) as Match[];
    expect(listed.map((m) => m.providerId)).toEqual([sooner.id, later.id]);
  });

  it('ranks exactly as the contracts rule over varied answers (SQL scoring = scoreProvider)', async () => {
    const lang = 'ku';
    const problems = ['angest', 'somn', 'stress', 'sorg', 'trauma'];
    const methods = ['kbt', 'emdr', 'act', 'dbt'];
    const providers = [];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 14; i += 1) {
      const pick = (values: string[]) => values.filter(() => rand(2) === 1);
      const answers = providerSpeaking(lang, {
        problem_areas: pick(problems).length ? pick(problems) : ['angest'],
        therapy_methods: pick(methods).length ? pick(methods) : ['kbt'],
        age: rand(2) ? ['25-34'] : ['50-64'],
      });
      providers.push({
        user: await createProvider(server, {
          answers,
          slots: [{ daysAhead: 2 + rand(20), hour: 8 + rand(10) }],
        }),
        answers,
      });
    }
    const clientAnswers = clientWanting(lang, {
      problem_areas: { value: ['angest', 'stress', 'trauma'], importance: 2 },
      therapy_methods: { value: ['kbt', 'emdr'], importance: 1 },
    });
    const client = await createClient(server, { answers: clientAnswers });
    const list = await potential(await as(client));

    const qs = await server.database.db.select().from(questionsTable);
    const toRule = (byKey: AnswersByKey): MatchingAnswer[] =>
      Object.entries(byKey).map(([key, spec]) => ({
        questionId: questionIds.get(key)!,
        ...answerSpecParts(spec),
      }));
    const slots = await server.database.db.query.availabilitySlots.findMany();
    const expected = rankCandidates(
      providers.map((p) => ({
        providerId: p.user.id,
        earliestSlot: slots.find((s) => s.providerId === p.user.id)!.startTime,
        ...scoreProvider(toRule(clientAnswers), toRule(p.answers), qs),
      })),
    );
    expect(list.map((m) => [m.providerId, m.score])).toEqual(
      expected.map((c) => [c.providerId, c.score]),
    );
    expect(list[0]!.overlaps).toEqual(expected[0]!.overlaps);
  });

  it('weighs by importance when choosing the five in SQL (not only when rescoring them)', async () => {
    const lang = 'fa';
    const weighted = [];
    for (let i = 0; i < 5; i += 1) {
      weighted.push(
        await createProvider(server, {
          answers: providerSpeaking(lang, { problem_areas: ['angest'], therapy_methods: ['act'] }),
          slots: [{ daysAhead: 20, hour: 9 + i }],
        }),
      );
    }
    // Meets the less important wish only, but has the earliest slot.
    const lighter = await createProvider(server, {
      answers: providerSpeaking(lang, { problem_areas: ['stress'], therapy_methods: ['kbt'] }),
      slots: [{ daysAhead: 2, hour: 9 }],
    });
    const client = await createClient(server, {
      answers: clientWanting(lang, {
        problem_areas: { value: ['angest'], importance: 2 },
        therapy_methods: { value: ['kbt'], importance: 1 },
      }),
    });
    const list = await potential(await as(client));
    expect(list.map((m) => m.providerId)).toEqual(weighted.map((p) => p.id));
    expect(list.map((m) => m.providerId)).not.toContain(lighter.id);
  });

  it('replaces PENDING matches, keeps ACTIVE ones and drops a therapist who is unverified', async () => {
    const lang = 'tr';
    const a = await createProvider(server, { answers: providerSpeaking(lang), slots: SOON });
    const b = await createProvider(server, { answers: providerSpeaking(lang), slots: SOON });
    const active = await createProvider(server, { answers: providerSpeaking(lang), slots: SOON });
    const client = await createClient(server, { answers: clientWanting(lang) });
    const activeMatch = await createMatch(server, { clientId: client.id, providerId: active.id });
    await createBooking(server, activeMatch.id, { status: 'PENDING_PROVIDER_CONFIRMATION' });
    // An old PENDING match with a therapist who no longer qualifies.
    const stale = await createProvider(server, { answers: providerSpeaking('sv'), slots: SOON });
    await createMatch(server, { clientId: client.id, providerId: stale.id });

    const http = await as(client);
    const first = await potential(http);
    const pending = first.filter((m) => m.status === 'PENDING');
    expect(pending.map((m) => m.providerId).sort()).toEqual([a.id, b.id].sort());
    expect(first.filter((m) => m.status === 'ACTIVE').map((m) => m.id)).toEqual([activeMatch.id]);
    const idOfA = pending.find((m) => m.providerId === a.id)!.id;

    await setVerified(server, b.id, false);
    await setVerified(server, active.id, false);
    const second = await potential(http);
    expect(second.filter((m) => m.status === 'PENDING').map((m) => m.providerId)).toEqual([a.id]);
    // The match that stayed recommended keeps its id; the ACTIVE one stays.
    expect(second.find((m) => m.providerId === a.id)!.id).toBe(idOfA);
    expect(second.find((m) => m.status === 'ACTIVE')!.id).toBe(activeMatch.id);
  });

  it('recomputes when a client saves answers', async () => {
    const lang = 'pl';
    const provider = await createProvider(server, { answers: providerSpeaking(lang), slots: SOON });
    // The questionnaire's consent step has recorded the consent (docs/rules/privacy.md#questionnaire-consent).
    const client = await createClient(server, { consent: true });
    const http = await as(client);
    const body = answersPayload(questionIds, clientWanting(lang));
    expect((await http.post('/api/answers', body)).status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(matches)
      .where(eq(matches.clientId, client.id));
    expect(rows.map((r) => r.providerId)).toEqual([provider.id]);
  });

  it('survives two recomputations of one client at once without duplicates', async () => {
    const lang = 'de';
    for (let i = 0; i < 3; i += 1) {
      await createProvider(server, { answers: providerSpeaking(lang), slots: SOON });
    }
    const client = await createClient(server, { answers: clientWanting(lang) });
    const http = await as(client);
    const results = await Promise.all([
      http.get('/api/matches/potential'),
      http.get('/api/matches/potential'),
      http.get('/api/matches/potential'),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await server.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.clientId, client.id), eq(matches.status, 'PENDING')));
    expect(rows).toHaveLength(3);
  });

  it('follows verification and onboarding step changes at once (the eligibility copied into matching_vectors)', async () => {
    const lang = 'fi';
    const provider = await createProvider(server, {
      verified: false,
      answers: providerSpeaking(lang),
      slots: SOON,
    });
    const client = await createClient(server, { answers: clientWanting(lang) });
    const http = await as(client);
    const ids = async () => (await potential(http)).map((m) => m.providerId);
    expect(await ids()).toEqual([]);
    await setVerified(server, provider.id, true);
    expect(await ids()).toEqual([provider.id]);
    await server.database.db
      .update(users)
      .set({ onboardingStep: 'QUESTIONS_COMPLETED' })
      .where(eq(users.id, provider.id));
    expect(await ids()).toEqual([]);
    await server.database.db
      .update(users)
      .set({ onboardingStep: 'ONBOARDING_COMPLETED' })
      .where(eq(users.id, provider.id));
    expect(await ids()).toEqual([provider.id]);
    await setVerified(server, provider.id, false);
    expect(await ids()).toEqual([]);
  });

  it('keeps a row of zero masks for an eligible therapist without answers, and none once ineligible', async () => {
    const provider = await createProvider(server, { slots: SOON });
    const vector = async () =>
      (
        await server.database.db
          .select()
          .from(matchingVectors)
          .where(eq(matchingVectors.userId, provider.id))
      )[0];
    const row = await vector();
    expect(row?.candidate).toBe(true);
    expect(row?.masks.every((m) => m === 0)).toBe(true);
    await setVerified(server, provider.id, false);
    expect(await vector()).toBeUndefined();
    // An unverified therapist with answers keeps the masks, not the eligibility.
    await setAnswers(server, provider.id, providerSpeaking('sv'));
    expect((await vector())?.candidate).toBe(false);
    expect((await vector())?.masks.some((m) => m !== 0)).toBe(true);
  });

  it('refuses providers and guests on /matches/potential', async () => {
    const provider = await as(await createProvider(server));
    expect((await provider.get('/api/matches/potential')).status).toBe(403);
    expect((await new TestClient(server.baseUrl).get('/api/matches/potential')).status).toBe(401);
    expect((await new TestClient(server.baseUrl).get('/api/matches')).status).toBe(401);
  });
});

describe('reading matches', () => {
  it("shows a client's match with profile, address, explanation; contact only once confirmed", async () => {
    const provider = await createProvider(server, {
      answers: providerSpeaking('fr', { therapy_methods: ['kbt'] }),
      phoneNumber: '0701740699',
      city: 'Malmö',
      // Bookable: a recommendation is shown only of a therapist with a time to book.
      slots: [{ daysAhead: 5, hour: 10 }],
    });
    const client = await createClient(server, {
      answers: clientWanting('fr', { therapy_methods: { value: ['kbt', 'emdr'], importance: 2 } }),
    });
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    const http = await as(client);

    const [listed] = (await (await http.get('/api/matches')).json()) as Match[];
    expect(listed!.id).toBe(match.id);
    expect(listed!.provider).toMatchObject({
      name: provider.name,
      email: null,
      phoneNumber: null,
      address: { city: 'Malmö', street: 'Storgatan 1', zip: '111 22' },
    });
    expect(listed!.provider.providerProfile).toMatchObject({
      title: ['PSYKOLOG'],
      price: 900,
      cancellationPolicy: 'TWENTY_FOUR_HOURS',
      sessionDuration: 50,
    });
    expect(listed!.provider.providerProfile!.profileImageSignedUrl).toMatch(
      /^\/api\/images\/seed%2Fanna\.png\?exp=\d+&sig=/,
    );
    expect(listed!.client.name).toBe(client.name);
    const methods = listed!.explanation!.find((e) => e.questionKey === 'therapy_methods')!;
    expect(methods.met.map((v) => v.value)).toEqual(['kbt']);
    expect(methods.unmet.map((v) => v.label)).toEqual(['EMDR']);
    // Ordered by the client's importance: language (3) first.
    expect(listed!.explanation![0]!.questionKey).toBe('language');

    // A pending booking does not reveal the contact details; a confirmed one does.
    await createBooking(server, match.id, { status: 'PENDING_PROVIDER_CONFIRMATION' });
    let one = (await (await http.get(`/api/matches/${match.id}`)).json()) as Match;
    expect(one.status).toBe('ACTIVE');
    expect(one.bookings).toHaveLength(1);
    expect(one.provider.email).toBeNull();
    expect(one.provider.phoneNumber).toBeNull();

    const other = await createMatch(server, {
      clientId: client.id,
      providerId: (await createProvider(server, { email: 'kontakt.terapeut@exempel.se' })).id,
    });
    await createBooking(server, other.id, { status: 'CONFIRMED' });
    one = (await (await http.get(`/api/matches/${other.id}`)).json()) as Match;
    expect(one.provider.email).toBe('kontakt.terapeut@exempel.se');
    expect(one.provider.phoneNumber).toBe('0701740650');
  });

  it("answers 404 for another client's match, a provider's PENDING match and unknown ids", async () => {
    const provider = await createProvider(server);
    const owner = await createClient(server, { name: 'Ägare Klient' });
    const match = await createMatch(server, { clientId: owner.id, providerId: provider.id });
    const stranger = await as(await createClient(server));
    expect((await stranger.get(`/api/matches/${match.id}`)).status).toBe(404);
    expect(((await (await stranger.get('/api/matches')).json()) as Match[]).length).toBe(0);
    const otherProvider = await as(await createProvider(server));
    expect((await otherProvider.get(`/api/matches/${match.id}`)).status).toBe(404);

    // The therapist sees a match only once the client asked for a booking.
    const providerHttp = await as(provider);
    expect((await providerHttp.get(`/api/matches/${match.id}`)).status).toBe(404);
    await createBooking(server, match.id);
    const seen = (await (await providerHttp.get(`/api/matches/${match.id}`)).json()) as Match;
    expect(seen.client.name).toBe('Ägare Klient');
    expect(seen.explanation).toBeUndefined();
    const list = (await (await providerHttp.get('/api/matches')).json()) as Match[];
    expect(list.map((m) => m.id)).toEqual([match.id]);

    expect((await stranger.get('/api/matches/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await stranger.get('/api/matches/not-a-uuid')).status).toBe(400);
  });

  it('shows the client answers to the provider and the booking times', async () => {
    const provider = await createProvider(server);
    const client = await createClient(server, { answers: clientWanting('es') });
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    const times = [stockholmHour(4, 9), stockholmHour(4, 10), stockholmHour(5, 9)];
    await createBooking(server, match.id, { suggestedTimes: times });
    const seen = (await (
      await (await as(provider)).get(`/api/matches/${match.id}`)
    ).json()) as Match;
    expect(
      seen.client.answer.find((a) => a.questionId === questionIds.get('language')),
    ).toMatchObject({
      value: ['es'],
      importance: 3,
    });
    expect(seen.bookings[0]!.suggestedTimes).toEqual(times.map((t) => t.toISOString()));
  });
});

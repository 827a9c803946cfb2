import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmptyMatchesReason, Match } from '@samtalsmatch/contracts';
import {
  createClient,
  createProvider,
  stockholmHour,
  type AnswersByKey,
} from '../../../test/factories';
import {
  signedInClient,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../test/harness';

// GET /api/matches/empty-reason: why a client has no matches. The tests run in
// order over one database: the therapists each one adds stay for the next.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const as = (user: { id: string; sessionVersion: number }) => signedInClient(server, user);

async function reasonFor(answers: AnswersByKey | null): Promise<{
  reason: EmptyMatchesReason;
  potential: Match[];
}> {
  const client = await createClient(server, answers ? { answers } : { consent: true });
  const http = await as(client);
  const potential = (await (await http.get('/api/matches/potential')).json()) as Match[];
  const res = await http.get('/api/matches/empty-reason');
  expect(res.status).toBe(200);
  return { reason: (await res.json()) as EmptyMatchesReason, potential };
}

function client(extra: AnswersByKey): AnswersByKey {
  return {
    age: ['25-34'],
    language: { value: ['sv'], importance: 2 },
    therapy_methods: ['any'],
    problem_areas: { value: ['angest'], importance: 1 },
    knowledge_areas: ['any'],
    ...extra,
  };
}

const BOOKABLE = [{ daysAhead: 3, hour: 10 }];
const HOUR = 3_600_000;

describe('GET /api/matches/empty-reason', () => {
  it('is for signed-in clients only', async () => {
    expect((await new TestClient(server.baseUrl).get('/api/matches/empty-reason')).status).toBe(
      401,
    );
    const provider = await as(await createProvider(server));
    expect((await provider.get('/api/matches/empty-reason')).status).toBe(403);
  });

  it('says there are no candidates when no verified therapist has a bookable time', async () => {
    const speaksSomali = {
      age: ['25-34'],
      language: ['so'],
      therapy_methods: ['kbt'],
      problem_areas: ['angest'],
      knowledge_areas: ['none'],
    };
    // Not verified; verified without times; verified with a time too soon to book; not onboarded.
    await createProvider(server, { verified: false, answers: speaksSomali, slots: BOOKABLE });
    await createProvider(server, { answers: speaksSomali });
    await createProvider(server, {
      answers: speaksSomali,
      slots: [{ start: new Date(Math.ceil(Date.now() / HOUR) * HOUR + 3 * HOUR) }],
    });
    await createProvider(server, {
      onboardingStep: 'QUESTIONS_COMPLETED',
      answers: speaksSomali,
      slots: BOOKABLE,
    });
    const { reason, potential } = await reasonFor(
      client({ language: { value: ['so'], importance: 3 } }),
    );
    expect(potential).toEqual([]);
    expect(reason).toEqual({ kind: 'NO_CANDIDATES', answers: [] });
  });

  it('names each very important answer no candidate meets, with the question and the client’s choices', async () => {
    await createProvider(server, {
      answers: {
        age: ['25-34'],
        language: ['sv', 'fi'],
        therapy_methods: ['kbt'],
        problem_areas: ['angest'],
        knowledge_areas: ['none'],
      },
      slots: [{ start: stockholmHour(4, 11) }],
    });

    const one = await reasonFor(
      client({
        language: { value: ['so', 'ar'], importance: 3 },
        problem_areas: { value: ['angest'], importance: 3 },
      }),
    );
    expect(one.potential).toEqual([]);
    expect(one.reason).toEqual({
      kind: 'VERY_IMPORTANT_UNMET',
      answers: [
        {
          questionId: expect.any(String),
          questionKey: 'language',
          question: 'På vilket språk vill du ha dina samtal?',
          // In the question's option order.
          values: [
            { value: 'ar', label: 'Arabiska' },
            { value: 'so', label: 'Somaliska' },
          ],
        },
      ],
    });

    const two = await reasonFor(
      client({
        language: { value: ['so'], importance: 3 },
        problem_areas: { value: ['trauma'], importance: 3 },
        therapy_methods: { value: ['emdr'], importance: 2 },
      }),
    );
    expect(two.potential).toEqual([]);
    expect(two.reason.kind).toBe('VERY_IMPORTANT_UNMET');
    expect(two.reason.answers.map((a) => [a.questionKey, a.values.map((v) => v.label)])).toEqual([
      ['language', ['Somaliska']],
      ['problem_areas', ['Trauma och PTSD']],
    ]);
  });

  it('says so neutrally when each very important answer is met by someone but nobody meets all', async () => {
    await createProvider(server, {
      answers: {
        age: ['25-34'],
        language: ['so'],
        therapy_methods: ['emdr'],
        problem_areas: ['trauma'],
        knowledge_areas: ['none'],
      },
      slots: [{ start: stockholmHour(5, 9) }],
    });
    const { reason, potential } = await reasonFor(
      client({
        language: { value: ['so'], importance: 3 },
        problem_areas: { value: ['angest'], importance: 3 },
      }),
    );
    expect(potential).toEqual([]);
    expect(reason).toEqual({ kind: 'COMBINATION', answers: [] });
  });

  it('claims nothing of a full list, or when there are no answers to go on', async () => {
    // Five therapists who speak Finnish: the list is full (a short one says why,
    // recommendations-at-read.integration.test.ts).
    for (let i = 0; i < 5; i += 1) {
      await createProvider(server, {
        answers: {
          age: ['25-34'],
          language: ['fi'],
          therapy_methods: ['kbt'],
          problem_areas: ['angest'],
          knowledge_areas: ['none'],
        },
        slots: [{ daysAhead: 6, hour: 9 + i }],
      });
    }
    const fits = await reasonFor(client({ language: { value: ['fi'], importance: 3 } }));
    expect(fits.potential).toHaveLength(5);
    expect(fits.reason).toEqual({ kind: 'NONE', answers: [] });

    const noAnswers = await reasonFor(null);
    expect(noAnswers.reason).toEqual({ kind: 'NONE', answers: [] });

    // Answers without a recorded consent get no recommendations, and no reason either.
    const unconsented = await createClient(server, {
      answers: client({ language: { value: ['ku'], importance: 3 } }),
      consent: false,
    });
    const http = await as(unconsented);
    expect(await (await http.get('/api/matches/empty-reason')).json()).toEqual({
      kind: 'NONE',
      answers: [],
    });
  });
});

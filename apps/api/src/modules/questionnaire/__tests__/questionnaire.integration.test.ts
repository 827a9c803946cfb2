import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Answer, type Question } from '@samtalsmatch/contracts';
import { answers as answersTable, users } from '@samtalsmatch/db';
import {
  answersPayload,
  createClient,
  createProvider,
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

/** A payload from answers by key. */
function payload(byKey: AnswersByKey) {
  return answersPayload(questionIds, byKey);
}

const CLIENT_OK: AnswersByKey = {
  age: ['25-34'],
  language: { value: ['sv', 'en'], importance: 3 },
  therapy_methods: ['any'],
  problem_areas: { value: ['angest', 'somn'], importance: 2 },
  knowledge_areas: ['any'],
};
const PROVIDER_OK: AnswersByKey = {
  age: ['18-24', '25-34'],
  language: ['sv'],
  therapy_methods: ['kbt', 'emdr'],
  problem_areas: ['angest'],
  knowledge_areas: ['none'],
};

async function stepOf(id: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row!.onboardingStep;
}

describe('GET /api/questions', () => {
  it('is for signed-in clients and providers only', async () => {
    expect((await new TestClient(server.baseUrl).get('/api/questions')).status).toBe(401);
  });

  it('lists the questions by order with the options of the caller type', async () => {
    const client = await as(await createClient(server));
    const clientQs = (await (await client.get('/api/questions')).json()) as Question[];
    expect(clientQs.map((q) => q.order)).toEqual([1, 2, 3, 4, 5]);
    expect(clientQs.map((q) => q.key)).toEqual([
      'age',
      'language',
      'therapy_methods',
      'problem_areas',
      'knowledge_areas',
    ]);
    const knowledge = (qs: Question[]) => qs.find((q) => q.key === 'knowledge_areas')!.options;
    expect(knowledge(clientQs).map((o) => o.value)).toContain('any');
    expect(knowledge(clientQs).map((o) => o.value)).not.toContain('none');
    expect(clientQs.every((q) => q.options.every((o) => o.userType !== 'PROVIDER'))).toBe(true);

    const provider = await as(await createProvider(server));
    const providerQs = (await (await provider.get('/api/questions')).json()) as Question[];
    expect(knowledge(providerQs).map((o) => o.value)).toContain('none');
    expect(knowledge(providerQs).map((o) => o.value)).not.toContain('any');
  });
});

describe('POST /api/answers', () => {
  it('saves a client, moves PROFILE_COMPLETED to QUESTIONS_COMPLETED and reads back', async () => {
    const user = await createClient(server, { consent: true });
    const http = await as(user);
    const res = await http.post('/api/answers', payload(CLIENT_OK));
    expect(res.status).toBe(200);
    expect(await stepOf(user.id)).toBe('QUESTIONS_COMPLETED');
    const read = (await (await http.get('/api/answers')).json()) as Answer[];
    expect(read).toHaveLength(5);
    const lang = read.find((a) => a.questionId === questionIds.get('language'))!;
    expect(lang).toMatchObject({ value: ['sv', 'en'], importance: 3 });
    expect(lang.question?.key).toBe('language');
    expect(read.find((a) => a.questionId === questionIds.get('age'))!.importance).toBeNull();
  });

  it('replaces earlier answers and never moves the step backwards', async () => {
    const user = await createClient(server, {
      onboardingStep: 'ONBOARDING_COMPLETED',
      consent: true,
    });
    const http = await as(user);
    expect((await http.post('/api/answers', payload(CLIENT_OK))).status).toBe(200);
    const changed = { ...CLIENT_OK, language: { value: ['fi'], importance: 1 as const } };
    expect((await http.post('/api/answers', payload(changed))).status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(answersTable)
      .where(eq(answersTable.userId, user.id));
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.questionId === questionIds.get('language'))!.value).toEqual(['fi']);
    expect(await stepOf(user.id)).toBe('ONBOARDING_COMPLETED');
  });

  it('moves a provider at PROFILE_COMPLETED to QUESTIONS_COMPLETED; later steps stay', async () => {
    const fresh = await createProvider(server, { onboardingStep: 'PROFILE_COMPLETED' });
    expect((await (await as(fresh)).post('/api/answers', payload(PROVIDER_OK))).status).toBe(200);
    expect(await stepOf(fresh.id)).toBe('QUESTIONS_COMPLETED');

    const done = await createProvider(server, { onboardingStep: 'ONBOARDING_COMPLETED' });
    expect((await (await as(done)).post('/api/answers', payload(PROVIDER_OK))).status).toBe(200);
    expect(await stepOf(done.id)).toBe('ONBOARDING_COMPLETED');

    // Before the profile: the answers are kept but the step does not skip the profile.
    const early = await createProvider(server, { onboardingStep: 'USER_CREATED' });
    expect((await (await as(early)).post('/api/answers', payload(PROVIDER_OK))).status).toBe(200);
    expect(await stepOf(early.id)).toBe('USER_CREATED');
  });

  it('refuses admins', async () => {
    const [admin] = await server.database.db
      .insert(users)
      .values({ type: 'ADMIN', name: 'Admin', onboardingStep: 'ONBOARDING_COMPLETED' })
      .returning();
    const http = await as(admin!);
    expect((await http.post('/api/answers', payload(CLIENT_OK))).status).toBe(403);
    expect((await http.get('/api/questions')).status).toBe(403);
  });

  const refusals: [string, 'CLIENT' | 'PROVIDER', () => unknown, string][] = [
    ['an empty list', 'CLIENT', () => [], MSG.answersRequired],
    [
      'an unknown question id',
      'CLIENT',
      () => [
        ...payload(CLIENT_OK),
        { questionId: '00000000-0000-4000-8000-000000000000', value: ['x'] },
      ],
      MSG.answerUnknownQuestion,
    ],
    [
      'a value that is not an option',
      'CLIENT',
      () => payload({ ...CLIENT_OK, language: { value: ['klingon'], importance: 2 } }),
      MSG.answerUnknownOption,
    ],
    [
      "a provider-only option from a client ('none')",
      'CLIENT',
      () => payload({ ...CLIENT_OK, knowledge_areas: ['none'] }),
      MSG.answerUnknownOption,
    ],
    [
      "a client-only option from a provider ('any')",
      'PROVIDER',
      () => payload({ ...PROVIDER_OK, therapy_methods: ['any'] }),
      MSG.answerUnknownOption,
    ],
    [
      'two values for a client single choice',
      'CLIENT',
      () => payload({ ...CLIENT_OK, age: ['18-24', '25-34'] }),
      MSG.answerSingleChoice,
    ],
    [
      "'any' with another value",
      'CLIENT',
      () => payload({ ...CLIENT_OK, therapy_methods: ['any', 'kbt'] }),
      MSG.answerExclusive,
    ],
    [
      "'other' with another value",
      'CLIENT',
      () => payload({ ...CLIENT_OK, problem_areas: ['other', 'angest'] }),
      MSG.answerExclusive,
    ],
    [
      "'none' with another value",
      'PROVIDER',
      () => payload({ ...PROVIDER_OK, knowledge_areas: ['none', 'hbtqi'] }),
      MSG.answerExclusive,
    ],
    [
      'an importance on a question without a scale',
      'CLIENT',
      () => payload({ ...CLIENT_OK, age: { value: ['25-34'], importance: 2 } }),
      MSG.answerImportanceNotAllowed,
    ],
    [
      "an importance with 'any'",
      'CLIENT',
      () => payload({ ...CLIENT_OK, therapy_methods: { value: ['any'], importance: 3 } }),
      MSG.answerImportanceNotAllowed,
    ],
    [
      'an importance from a provider',
      'PROVIDER',
      () => payload({ ...PROVIDER_OK, language: { value: ['sv'], importance: 2 } }),
      MSG.answerImportanceClientsOnly,
    ],
    [
      'an importance outside 1-3',
      'CLIENT',
      () => payload({ ...CLIENT_OK, language: { value: ['sv'], importance: 4 as 3 } }),
      '',
    ],
    [
      'a question left out',
      'CLIENT',
      () => payload(Object.fromEntries(Object.entries(CLIENT_OK).filter(([k]) => k !== 'age'))),
      MSG.answersIncomplete,
    ],
    [
      'the same question twice',
      'CLIENT',
      () => [...payload(CLIENT_OK), payload(CLIENT_OK)[0]],
      MSG.duplicateAnswer,
    ],
    ['an empty value list', 'CLIENT', () => payload({ ...CLIENT_OK, age: [] }), MSG.answerRequired],
    [
      'a value over 2,000 characters',
      'CLIENT',
      () => payload({ ...CLIENT_OK, age: ['x'.repeat(2001)] }),
      MSG.answerTooLong,
    ],
    [
      'a value with a bidirectional control',
      'PROVIDER',
      () => payload({ ...PROVIDER_OK, language: ['sv\u202E'] }),
      MSG.controlCharacters,
    ],
    [
      'a value of zero-width characters only',
      'CLIENT',
      () => payload({ ...CLIENT_OK, age: ['\u200B\u200D'] }),
      MSG.invisibleOnly,
    ],
  ];

  it.each(refusals)(
    'refuses %s with a Swedish 400 and changes nothing',
    async (_, type, body, message) => {
      const user =
        type === 'CLIENT'
          ? await createClient(server, {
              answers: { age: ['18-24'] },
              onboardingStep: 'PROFILE_COMPLETED',
            })
          : await createProvider(server, {
              onboardingStep: 'PROFILE_COMPLETED',
              answers: { age: ['18-24'] },
            });
      const http = await as(user);
      const res = await http.post('/api/answers', body());
      expect(res.status).toBe(400);
      const json = (await res.json()) as { message: string; status: number };
      expect(json.status).toBe(400);
      if (message) expect(json.message).toBe(message);
      else expect(json.message).toMatch(/[a-zåäö]/i);
      const rows = await server.database.db
        .select()
        .from(answersTable)
        .where(eq(answersTable.userId, user.id));
      expect(rows.map((r) => r.value)).toEqual([['18-24']]);
      expect(await stepOf(user.id)).toBe('PROFILE_COMPLETED');
    },
  );

  it('answers 401 without a session and 403 without the CSRF token', async () => {
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.post('/api/answers', payload(CLIENT_OK))).status).toBe(401);
    const http = await as(await createClient(server));
    expect((await http.post('/api/answers', payload(CLIENT_OK), { csrf: false })).status).toBe(403);
  });
});

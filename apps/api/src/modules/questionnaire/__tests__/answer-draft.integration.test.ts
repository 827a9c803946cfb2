import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalog, MSG, type AnswerDraft, type Consent } from '@samtalsmatch/contracts';
import { answerDrafts, answers as answersTable, consents, users } from '@samtalsmatch/db';
import {
  answersPayload,
  CLIENT_ANSWERS_ALL,
  createClient,
  createProvider,
  FACTORY_PASSWORD,
  type AnswersByKey,
  questionIdsByKey,
} from '../../../test/factories';
import {
  signedInClient,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../test/harness';

// The unfinished questionnaire kept on the server: GET and PUT /api/answers/draft.
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

const put = (http: TestClient, body: unknown, options?: { csrf?: boolean }) =>
  http.request('PUT', '/api/answers/draft', body, options);

function draftBody(byKey: AnswersByKey) {
  return { answers: answersPayload(questionIds, byKey) };
}

/** Two of five questions, the language in another order than the options'. */
const PARTIAL: AnswersByKey = {
  age: ['25-34'],
  language: { value: ['en', 'sv'], importance: 3 },
};

async function draftRows(userId: string) {
  return server.database.db.select().from(answerDrafts).where(eq(answerDrafts.userId, userId));
}

async function answerRows(userId: string) {
  return server.database.db.select().from(answersTable).where(eq(answersTable.userId, userId));
}

async function stepOf(id: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row!.onboardingStep;
}

describe('GET and PUT /api/answers/draft', () => {
  it('answers 401 without a session, 403 without the CSRF token, 403 for an admin', async () => {
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.get('/api/answers/draft')).status).toBe(401);
    expect((await put(anonymous, draftBody(PARTIAL))).status).toBe(401);

    const user = await createClient(server, { consent: true });
    const http = await as(user);
    expect((await put(http, draftBody(PARTIAL), { csrf: false })).status).toBe(403);
    expect(await draftRows(user.id)).toEqual([]);

    const [admin] = await server.database.db
      .insert(users)
      .values({ type: 'ADMIN', name: 'Admin', onboardingStep: 'ONBOARDING_COMPLETED' })
      .returning();
    const adminHttp = await as(admin!);
    expect((await adminHttp.get('/api/answers/draft')).status).toBe(403);
    expect((await put(adminHttp, draftBody(PARTIAL))).status).toBe(403);
  });

  it('keeps a client’s unfinished answers without moving the step or touching the answers', async () => {
    const user = await createClient(server, { consent: true });
    const http = await as(user);
    const empty = (await (await http.get('/api/answers/draft')).json()) as AnswerDraft;
    expect(empty).toEqual({ answers: [], updatedAt: null });

    const res = await put(http, draftBody(PARTIAL));
    expect(res.status).toBe(200);
    const saved = (await res.json()) as AnswerDraft;
    // In question order; choices in the option order, as saved answers are.
    expect(saved.answers).toEqual([
      { questionId: questionIds.get('age'), value: ['25-34'], importance: null },
      { questionId: questionIds.get('language'), value: ['sv', 'en'], importance: 3 },
    ]);
    expect(saved.updatedAt).toEqual(expect.any(String));
    expect(await (await http.get('/api/answers/draft')).json()).toEqual(saved);

    expect(await stepOf(user.id)).toBe('PROFILE_COMPLETED');
    expect(await answerRows(user.id)).toEqual([]);
    expect((await (await http.get('/api/answers')).json()) as unknown[]).toEqual([]);

    // A later save replaces the draft as a whole; an empty one leaves none.
    await put(http, draftBody({ age: ['18-24'] }));
    expect((await draftRows(user.id)).map((r) => r.value)).toEqual([['18-24']]);
    expect((await put(http, { answers: [] })).status).toBe(200);
    expect(await draftRows(user.id)).toEqual([]);
  });

  it('is each user’s own: nobody reads or replaces another’s draft', async () => {
    const owner = await createClient(server, { consent: true });
    const other = await createClient(server, { consent: true });
    const ownerHttp = await as(owner);
    const otherHttp = await as(other);
    await put(ownerHttp, draftBody(PARTIAL));
    expect(await (await otherHttp.get('/api/answers/draft')).json()).toEqual({
      answers: [],
      updatedAt: null,
    });
    await put(otherHttp, draftBody({ age: ['35-49'] }));
    expect((await draftRows(owner.id)).map((r) => r.value).sort()).toEqual([
      ['25-34'],
      ['sv', 'en'],
    ]);
    expect((await draftRows(other.id)).map((r) => r.value)).toEqual([['35-49']]);
  });

  it('keeps a therapist’s unfinished answers too, without a consent and without moving the step', async () => {
    const provider = await createProvider(server, { onboardingStep: 'PROFILE_COMPLETED' });
    const http = await as(provider);
    const res = await put(http, draftBody({ age: ['18-24', '25-34'], knowledge_areas: ['none'] }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as AnswerDraft).answers).toHaveLength(2);
    expect(await stepOf(provider.id)).toBe('PROFILE_COMPLETED');
  });

  it('refuses a client without a recorded consent (409) and keeps nothing', async () => {
    const user = await createClient(server);
    const http = await as(user);
    const res = await put(http, draftBody(PARTIAL));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      errorCatalog.CONSENT_REQUIRED.message,
    );
    expect(await draftRows(user.id)).toEqual([]);
  });

  const refusals: [string, 'CLIENT' | 'PROVIDER', () => unknown, string, string][] = [
    ['a body that is not an object of answers', 'CLIENT', () => [], '', '_'],
    [
      'an unknown question id',
      'CLIENT',
      () => ({
        answers: [{ questionId: '00000000-0000-4000-8000-000000000000', value: ['x'] }],
      }),
      MSG.answerUnknownQuestion,
      'answers.0.questionId',
    ],
    [
      "a therapist's option from a client ('none')",
      'CLIENT',
      () => draftBody({ knowledge_areas: ['none'] }),
      MSG.answerUnknownOption,
      'answers.0.value',
    ],
    [
      "a client's option from a therapist ('any')",
      'PROVIDER',
      () => draftBody({ therapy_methods: ['any'] }),
      MSG.answerUnknownOption,
      'answers.0.value',
    ],
    [
      'two values for a client single choice',
      'CLIENT',
      () => draftBody({ age: ['18-24', '25-34'] }),
      MSG.answerSingleChoice,
      'answers.0.value',
    ],
    [
      "'any' with another value",
      'CLIENT',
      () => draftBody({ therapy_methods: ['any', 'kbt'] }),
      MSG.answerExclusive,
      'answers.0.value',
    ],
    [
      'an importance where the question has no scale',
      'CLIENT',
      () => draftBody({ age: { value: ['25-34'], importance: 2 } }),
      MSG.answerImportanceNotAllowed,
      'answers.0.importance',
    ],
    [
      'an importance from a therapist',
      'PROVIDER',
      () => draftBody({ language: { value: ['sv'], importance: 2 } }),
      MSG.answerImportanceClientsOnly,
      'answers.0.importance',
    ],
    [
      'an importance outside 1-3',
      'CLIENT',
      () => draftBody({ language: { value: ['sv'], importance: 4 as 3 } }),
      '',
      'answers.0.importance',
    ],
    [
      'the same question twice',
      'CLIENT',
      () => ({ answers: [...draftBody(PARTIAL).answers, draftBody(PARTIAL).answers[0]] }),
      MSG.duplicateAnswer,
      'answers',
    ],
    [
      'an answer without a value',
      'CLIENT',
      () => draftBody({ age: [] }),
      MSG.answerRequired,
      'answers.0.value',
    ],
    [
      'a value over 2,000 characters',
      'CLIENT',
      () => draftBody({ age: ['x'.repeat(2001)] }),
      MSG.answerTooLong,
      'answers.0.value.0',
    ],
    [
      'a value with a bidirectional control character',
      'CLIENT',
      () => draftBody({ age: ['25-34\u202E'] }),
      MSG.controlCharacters,
      'answers.0.value.0',
    ],
    [
      'a value of zero-width characters only',
      'PROVIDER',
      () => draftBody({ age: ['\u200B\u200D'] }),
      MSG.invisibleOnly,
      'answers.0.value.0',
    ],
    [
      'more than 100 answers',
      'CLIENT',
      () => ({
        answers: Array.from({ length: 101 }, (_, i) => ({
          questionId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          value: ['x'],
        })),
      }),
      MSG.tooManyAnswers,
      'answers',
    ],
  ];

  it.each(refusals)(
    'refuses %s with a Swedish 400 and keeps the draft as it was',
    async (_, type, body, message, path) => {
      const user =
        type === 'CLIENT'
          ? await createClient(server, { consent: true })
          : await createProvider(server, { onboardingStep: 'PROFILE_COMPLETED' });
      const http = await as(user);
      const kept = type === 'CLIENT' ? PARTIAL : { age: ['18-24'] };
      expect((await put(http, draftBody(kept))).status).toBe(200);
      const before = await draftRows(user.id);

      const res = await put(http, body());
      expect(res.status).toBe(400);
      const json = (await res.json()) as {
        message: string;
        status: number;
        fieldErrors: Record<string, string[]>;
      };
      expect(json.status).toBe(400);
      if (message) expect(json.message).toBe(message);
      else expect(json.message).toMatch(/[a-zåäö]/i);
      expect(Object.keys(json.fieldErrors)).toContain(path);
      expect(await draftRows(user.id)).toEqual(before);
    },
  );
});

describe('the draft and the complete save', () => {
  it('POST /api/answers deletes the draft in the same save; a refused save keeps it', async () => {
    const user = await createClient(server, { consent: true });
    const http = await as(user);
    await put(http, draftBody(PARTIAL));

    // Incomplete: refused, the draft stays.
    const incomplete = await http.post('/api/answers', answersPayload(questionIds, PARTIAL));
    expect(incomplete.status).toBe(400);
    expect(await draftRows(user.id)).toHaveLength(2);

    const done = await http.post('/api/answers', answersPayload(questionIds, CLIENT_ANSWERS_ALL));
    expect(done.status).toBe(200);
    expect(await draftRows(user.id)).toEqual([]);
    expect(await answerRows(user.id)).toHaveLength(5);
    expect(await stepOf(user.id)).toBe('QUESTIONS_COMPLETED');
    expect(await (await http.get('/api/answers/draft')).json()).toEqual({
      answers: [],
      updatedAt: null,
    });
  });

  it('a save refused for a missing consent keeps the draft', async () => {
    const user = await createClient(server, { consent: true });
    const http = await as(user);
    await put(http, draftBody(PARTIAL));
    await server.database.db.delete(consents).where(eq(consents.userId, user.id));
    const res = await http.post('/api/answers', answersPayload(questionIds, CLIENT_ANSWERS_ALL));
    expect(res.status).toBe(409);
    expect(await draftRows(user.id)).toHaveLength(2);
  });
});

describe('the draft is personal data', () => {
  it('is in the export, with the questions as asked and the options’ labels', async () => {
    const user = await createClient(server, { consent: true });
    const http = await as(user);
    await put(http, draftBody(PARTIAL));
    const file = (await (await http.get('/api/users/me/export')).json()) as {
      answerDraft: {
        question: string;
        questionKey: string;
        answer: string[];
        values: string[];
        importanceLabel: string | null;
      }[];
    };
    expect(file.answerDraft).toEqual([
      expect.objectContaining({
        question: 'Vilken åldersgrupp tillhör du?',
        questionKey: 'age',
        answer: ['25–34 år'],
        values: ['25-34'],
        importanceLabel: null,
      }),
      expect.objectContaining({
        questionKey: 'language',
        answer: ['Svenska', 'Engelska'],
        importanceLabel: 'Väldigt viktig',
      }),
    ]);
  });

  it('goes with the questionnaire consent, and asks for the consent while held without one', async () => {
    const user = await createClient(server, { consent: true });
    const http = await as(user);
    await put(http, draftBody(PARTIAL));
    // A draft held without the current consent: the client is asked for it.
    const [given] = await server.database.db
      .delete(consents)
      .where(eq(consents.userId, user.id))
      .returning();
    const list = (await (await http.get('/api/users/me/consents')).json()) as Consent[];
    expect(list.find((c) => c.kind === 'QUESTIONNAIRE')!.needed).toBe(true);
    await server.database.db.insert(consents).values(given!);

    expect((await http.delete('/api/users/me/consents/questionnaire')).status).toBe(204);
    expect(await draftRows(user.id)).toEqual([]);
  });

  it('is erased with the account', async () => {
    const user = await createClient(server, { consent: true });
    const http = await as(user);
    await put(http, draftBody(PARTIAL));
    const res = await http.request('DELETE', '/api/users/me', {
      currentPassword: FACTORY_PASSWORD,
    });
    expect(res.status).toBe(204);
    expect(await draftRows(user.id)).toEqual([]);
  });
});

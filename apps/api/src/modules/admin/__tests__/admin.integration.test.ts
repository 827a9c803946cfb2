import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminQueueGroup,
  adminHistoryResponseSchema,
  adminProviderDetailSchema,
  adminProvidersPageSchema,
  adminVerifyResponseSchema,
  MSG,
  type AdminProviderDetail,
} from '@samtalsmatch/contracts';
import { auditLog, licenceChecks, providerProfiles } from '@samtalsmatch/db';
import { createLogger } from '../../../lib/logger';
import { login, mailbox, uniqueEmail } from '../../../test/accounts';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  answer,
  bankIdClient,
  insertMatchWithBooking,
  insertProvider,
  personnummerForms,
  signedInAdmin,
  signedInPasswordUser,
} from './admin-fixtures';

let server: TestServer;
/** Every line the server logs during this whole file (level debug). */
const logLines: string[] = [];
/** Every personnummer this file stores: none may ever reach a log line or a non-admin answer. */
const allPersonnummer: string[] = [];

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let client: Awaited<ReturnType<typeof signedInPasswordUser>>;
let therapist: Awaited<ReturnType<typeof insertProvider>>;
let therapistClient: TestClient;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer(
    {},
    { publicUrlIsBaseUrl: true, logger: createLogger('debug', sink) },
  );
  admin = await signedInAdmin(server);
  allPersonnummer.push(admin.personnummer);
  client = await signedInPasswordUser(server, 'CLIENT');
  expect(client.loginStatus).toBe(200);
  therapist = await insertProvider(server, { name: 'Vera Verifierad', isVerified: true });
  allPersonnummer.push(therapist.personnummer!);
  therapistClient = await bankIdClient(
    server,
    { personnummer: therapist.personnummer!, name: therapist.name },
    'provider',
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  // Over the whole file: the server logged, and no personnummer in any form.
  expect(logLines.length).toBeGreaterThan(10);
  const all = logLines.join('\n');
  for (const ssn of allPersonnummer) {
    for (const form of personnummerForms(ssn)) expect(all).not.toContain(form);
  }
});

const NOT_FOUND = 'Vårdgivare hittades inte';
const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

async function auditRows(targetUserId: string) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetUserId, targetUserId))
    .orderBy(auditLog.id);
}

/** Each admin call plus the history, against one provider id. */
function calls(id: string) {
  return [
    (c: TestClient) => c.get('/api/admin/providers'),
    (c: TestClient) => c.get(`/api/admin/providers/${id}`),
    (c: TestClient) => c.get(`/api/admin/providers/${id}/history`),
    (c: TestClient) => c.patch(`/api/admin/providers/${id}/verify`),
  ];
}

describe('who may call the admin API', () => {
  it('answers 401 to a signed-out caller on every admin call, and changes nothing', async () => {
    const anonymous = new TestClient(server.baseUrl);
    for (const call of calls(therapist.id)) {
      const res = await call(anonymous);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: 401, message: 'Du måste logga in.' });
    }
    expect(await auditRows(therapist.id)).toEqual([]);
  });

  it('answers 403 to a client and to a therapist on every admin call, and changes nothing', async () => {
    for (const caller of [client.client, therapistClient]) {
      for (const call of calls(therapist.id)) {
        const res = await call(caller);
        expect(res.status).toBe(403);
        expect(((await res.json()) as { message: string }).message).toBe(
          'Du har inte behörighet att göra detta.',
        );
      }
    }
    expect(await auditRows(therapist.id)).toEqual([]);
    const [profile] = await server.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, therapist.id));
    expect(profile!.isVerified).toBe(true);
  });

  it('answers 404 "Vårdgivare hittades inte" to an admin for an unknown, a non-provider and a malformed id', async () => {
    for (const id of [ZERO_UUID, client.user.id, admin.id, 'inte-ett-id', '1%20or%201=1']) {
      for (const call of calls(id).slice(1)) {
        const res = await call(admin.client);
        expect(res.status, id).toBe(404);
        expect(await res.json()).toMatchObject({ status: 404, message: NOT_FOUND });
      }
    }
  });
});

describe('GET /api/admin/providers', () => {
  it('lists every provider, the review queue first: unverified and onboarded, then other unverified, then verified', async () => {
    const waiting = await insertProvider(server, { name: 'Åsa Väntar' });
    const halfway = await insertProvider(server, {
      name: 'Bo Halvvägs',
      onboardingStep: 'QUESTIONS_COMPLETED',
    });
    const fresh = await insertProvider(server, {
      name: 'Ada Ny',
      onboardingStep: 'USER_CREATED',
      profile: false,
    });
    allPersonnummer.push(waiting.personnummer!, halfway.personnummer!, fresh.personnummer!);

    const res = await admin.client.get('/api/admin/providers');
    expect(res.status).toBe(200);
    const page = adminProvidersPageSchema.parse(await res.json());
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    const list = page.items;
    expect(page.total).toBe(list.length);
    const ids = list.map((p) => p.id);
    expect(ids).not.toContain(client.user.id);
    expect(ids).not.toContain(admin.id);
    const rank = (id: string) => ids.indexOf(id);
    expect(rank(waiting.id)).toBeLessThan(rank(fresh.id));
    expect(rank(fresh.id)).toBeLessThan(rank(halfway.id)); // same rank: by name (Ada, Bo)
    expect(rank(halfway.id)).toBeLessThan(rank(therapist.id));
    expect(list.find((p) => p.id === waiting.id)).toEqual({
      id: waiting.id,
      name: 'Åsa Väntar',
      email: waiting.email,
      isVerified: false,
      onboardingStep: 'ONBOARDING_COMPLETED',
      createdAt: expect.any(String),
      licenceCheckExpired: false,
    });
    expect(list.find((p) => p.id === fresh.id)?.isVerified).toBe(false);
    // The list holds no personnummer.
    expect(JSON.stringify(list)).not.toMatch(/"ssn"/);
  });
});

describe('GET /api/admin/providers: paging and searching on the server', () => {
  const listOf = async (query: string) => {
    const res = await admin.client.get(`/api/admin/providers?${query}`);
    expect(res.status, query).toBe(200);
    return adminProvidersPageSchema.parse(await res.json());
  };

  it('answers pages of the queue order with the total, and searches name or e-mail in any case', async () => {
    const tag = `sokbar${Date.now().toString(36)}`;
    const made = [];
    for (const [i, name] of ['Cecilia', 'Dan', 'Erik', 'Fia', 'Gun'].entries()) {
      const p = await insertProvider(server, {
        name: `${name} ${tag}`,
        onboardingStep: i < 2 ? 'ONBOARDING_COMPLETED' : 'QUESTIONS_COMPLETED',
      });
      allPersonnummer.push(p.personnummer!);
      made.push(p);
    }
    const all = await listOf(`q=${tag.toUpperCase()}&pageSize=50`);
    expect(all.total).toBe(5);
    // Awaiting review first (Cecilia, Dan), then the others by name.
    expect(all.items.map((p) => p.id)).toEqual(made.map((p) => p.id));

    const first = await listOf(`q=${tag}&page=1&pageSize=2`);
    const second = await listOf(`q=${tag}&page=2&pageSize=2`);
    const third = await listOf(`q=${tag}&page=3&pageSize=2`);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([first, second, third].flatMap((p) => p.items.map((i) => i.id))).toEqual(
      made.map((p) => p.id),
    );
    expect(third).toMatchObject({ page: 3, pageSize: 2 });
    expect((await listOf(`q=${tag}&page=4&pageSize=2`)).items).toEqual([]);

    // By e-mail, any case.
    const byEmail = await listOf(`q=${encodeURIComponent(made[3]!.email!.toUpperCase())}`);
    expect(byEmail.items.map((p) => p.id)).toEqual([made[3]!.id]);
    // LIKE's wildcards are taken literally.
    expect((await listOf('q=%25')).total).toBe(0);
    expect((await listOf('q=_')).total).toBe(0);
  });

  it('puts the review queue first (awaiting review, then licence checks due), then the rest, in a total order every page keeps', async () => {
    const tag = `ko${Date.now().toString(36)}`;
    const DAY = 86_400_000;
    const checkedDaysAgo = async (
      providerId: string,
      days: number,
      registered = true,
      title: 'PSYKOLOG' | 'PSYKOTERAPEUT' = 'PSYKOLOG',
    ) =>
      server.database.db.insert(licenceChecks).values({
        providerId,
        title,
        registered,
        checkedAt: new Date(Date.now() - days * DAY),
      });
    const make = async (name: string, options: Parameters<typeof insertProvider>[1]) => {
      const p = await insertProvider(server, { name: `${name} ${tag}`, ...options });
      allPersonnummer.push(p.personnummer!);
      return p;
    };
    const awaiting = await make('Östen', { isVerified: false });
    const dueVerified = await make('Dora', { isVerified: true, licenceChecked: false });
    await checkedDaysAgo(dueVerified.id, 370);
    const dueUnfinished = await make('Bea', {
      onboardingStep: 'PROFILE_COMPLETED',
      licenceChecked: false,
    });
    await checkedDaysAgo(dueUnfinished.id, 400);
    const unfinished = await make('Alva', {
      onboardingStep: 'QUESTIONS_COMPLETED',
      licenceChecked: false,
    });
    // Checked again since the old check: the newest decides.
    const rechecked = await make('Cilla', { isVerified: true, licenceChecked: false });
    await checkedDaysAgo(rechecked.id, 370);
    await checkedDaysAgo(rechecked.id, 10);
    const sameName = await make('Cilla', { isVerified: true, licenceChecked: false });
    await checkedDaysAgo(sameName.id, 350);
    // Found not registered at the newest check: a title to take off, not a check due.
    const notRegistered = await make('Ebba', { isVerified: true, licenceChecked: false });
    await checkedDaysAgo(notRegistered.id, 370);
    await checkedDaysAgo(notRegistered.id, 10, false);
    // An old check of a title the profile does not claim (only PSYKOLOG, checked now): nothing due.
    const otherTitle = await make('Frida', { isVerified: true });
    await checkedDaysAgo(otherTitle.id, 400, true, 'PSYKOTERAPEUT');

    const cillas = [rechecked.id, sameName.id].sort();
    const expected = [
      awaiting.id,
      dueUnfinished.id,
      dueVerified.id,
      unfinished.id,
      ...cillas,
      notRegistered.id,
      otherTitle.id,
    ];
    const all = await listOf(`q=${tag}&pageSize=100`);
    expect(all.total).toBe(expected.length);
    expect(all.items.map((p) => p.id)).toEqual(expected);
    expect(all.items.map(adminQueueGroup)).toEqual([
      'AWAITING_REVIEW',
      'LICENCE_CHECK_DUE',
      'LICENCE_CHECK_DUE',
      'UNFINISHED',
      'VERIFIED',
      'VERIFIED',
      'VERIFIED',
      'VERIFIED',
    ]);
    for (const pageSize of [1, 2, 3]) {
      const ids: string[] = [];
      for (let page = 1; ids.length < expected.length; page++) {
        const one = await listOf(`q=${tag}&page=${page}&pageSize=${pageSize}`);
        expect(one.total).toBe(expected.length);
        expect(one.items.length).toBeGreaterThan(0);
        ids.push(...one.items.map((p) => p.id));
      }
      expect(ids, `pageSize ${pageSize}`).toEqual(expected);
    }
  });

  it('filters verified or not', async () => {
    const verified = await listOf('verified=true&pageSize=100');
    const unverified = await listOf('verified=false&pageSize=100');
    const everyone = await listOf('pageSize=100');
    expect(verified.items.length).toBeGreaterThan(0);
    expect(verified.items.every((p) => p.isVerified)).toBe(true);
    expect(unverified.items.every((p) => !p.isVerified)).toBe(true);
    expect(verified.total + unverified.total).toBe(everyone.total);
    expect(verified.items.map((p) => p.id)).toContain(therapist.id);
  });

  it('answers bad paging or filters with 400 in Swedish, never a 500', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'pageSize=0',
      'pageSize=101',
      'verified=kanske',
      `q=${'x'.repeat(201)}`,
    ]) {
      const res = await admin.client.get(`/api/admin/providers?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message, query).toMatch(/^(Ogiltigt|Ogiltig|Sökningen)/);
    }
  });
});

describe('GET /api/admin/providers: the search term', () => {
  // (A lone surrogate cannot arrive in a query string: it has no UTF-8 form.)
  it('refuses control characters and bidirectional controls with a Swedish 400, never a 500', async () => {
    for (const q of ['Anna\u0000', '\u0000', 'Anna\u001b[31m', '\u202Eanna']) {
      const res = await admin.client.get(`/api/admin/providers?q=${encodeURIComponent(q)}`);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(await res.json()).toMatchObject({
        message: MSG.controlCharacters,
        fieldErrors: { q: [MSG.controlCharacters] },
      });
    }
  });

  it('trims the term, and takes one of invisible characters only as a search that finds nothing', async () => {
    const tag = `trimmad${Date.now().toString(36)}`;
    const p = await insertProvider(server, { name: `Tora ${tag}` });
    allPersonnummer.push(p.personnummer!);
    const trimmed = await admin.client.get(
      `/api/admin/providers?q=${encodeURIComponent(`  ${tag} `)}`,
    );
    expect(trimmed.status).toBe(200);
    expect(adminProvidersPageSchema.parse(await trimmed.json()).items.map((i) => i.id)).toEqual([
      p.id,
    ]);
    const invisible = await admin.client.get(
      `/api/admin/providers?q=${encodeURIComponent('\u200E')}`,
    );
    expect(invisible.status).toBe(200);
    expect(adminProvidersPageSchema.parse(await invisible.json()).total).toBe(0);
  });
});

describe('GET /api/admin/providers/:id', () => {
  it('answers every field: personnummer as YYYYMMDD-XXXX, contacts, address, profile, answers with questions, matches with client names, answers and bookings', async () => {
    const provider = await insertProvider(server, { name: 'Dora Detalj' });
    allPersonnummer.push(provider.personnummer!);
    await answer(server.database.db, client.user.id, 'problem_areas', ['angest'], 3);
    const { match, booking } = await insertMatchWithBooking(
      server.database.db,
      client.user.id,
      provider.id,
    );

    const res = await admin.client.get(`/api/admin/providers/${provider.id}`);
    expect(res.status).toBe(200);
    const detail: AdminProviderDetail = adminProviderDetailSchema.parse(await res.json());
    const ssn = provider.personnummer!;
    expect(detail).toMatchObject({
      id: provider.id,
      name: 'Dora Detalj',
      email: provider.email,
      phoneNumber: '0701740699',
      ssn: `${ssn.slice(0, 8)}-${ssn.slice(8)}`,
      isVerified: false,
      onboardingStep: 'ONBOARDING_COMPLETED',
      address: { street: 'Storgatan 1', city: 'Lund', zip: '222 22' },
      profile: {
        title: ['PSYKOLOG'],
        price: 900,
        sessionDuration: 50,
        profileImageUrl: 'seed/anna.png',
        profileImageSignedUrl: expect.stringMatching(
          /^\/api\/images\/seed%2Fanna\.png\?exp=\d+&sig=/,
        ),
        isVerified: false,
        cancellationPolicy: 'TWENTY_FOUR_HOURS',
      },
    });
    expect(detail.answers).toHaveLength(1);
    expect(detail.answers[0]).toMatchObject({
      value: ['sv', 'en'],
      question: { key: 'language', providerText: expect.any(String) },
    });
    expect(detail.answers[0]!.question!.options.length).toBeGreaterThan(1);
    expect(detail.matches).toHaveLength(1);
    const [m] = detail.matches;
    expect(m).toMatchObject({
      id: match.id,
      status: 'ACTIVE',
      score: 0.75,
      client: { id: client.user.id, name: 'Klara Klient' },
    });
    expect(m!.client.answer).toEqual([
      expect.objectContaining({
        value: ['angest'],
        importance: 3,
        question: expect.objectContaining({ key: 'problem_areas' }),
      }),
    ]);
    expect(m!.bookings).toEqual([
      expect.objectContaining({
        id: booking.id,
        matchId: match.id,
        status: 'PENDING_PROVIDER_CONFIRMATION',
        suggestedTimes: booking.suggestedTimes.map((t) => t.toISOString()),
        confirmedTime: null,
      }),
    ]);
  });

  it('writes one audit row per read of a personnummer: who, whom, what, when and the request id', async () => {
    const provider = await insertProvider(server);
    allPersonnummer.push(provider.personnummer!);
    const before = new Date();
    const first = await admin.client.get(`/api/admin/providers/${provider.id}`, {
      headers: { 'x-request-id': 'audit-test-request-1' },
    });
    expect(first.status).toBe(200);
    const second = await admin.client.get(`/api/admin/providers/${provider.id}`);
    expect(second.status).toBe(200);

    const rows = await auditRows(provider.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      targetUserId: provider.id,
      action: 'SSN_READ',
      requestId: 'audit-test-request-1',
    });
    expect(rows[1]!.requestId).toBe(second.headers.get('x-request-id'));
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // The audit rows themselves hold no personnummer.
    expect(JSON.stringify(rows)).not.toContain(provider.personnummer!);
  });

  it('records a view without a personnummer as PROVIDER_VIEWED and answers ssn null', async () => {
    const provider = await insertProvider(server, { personnummer: null });
    const res = await admin.client.get(`/api/admin/providers/${provider.id}`);
    expect(((await res.json()) as AdminProviderDetail).ssn).toBeNull();
    expect((await auditRows(provider.id)).map((r) => r.action)).toEqual(['PROVIDER_VIEWED']);
  });

  it('answers empty profile, answers and matches for a provider who has only signed in', async () => {
    const provider = await insertProvider(server, {
      onboardingStep: 'USER_CREATED',
      profile: false,
    });
    allPersonnummer.push(provider.personnummer!);
    const detail = adminProviderDetailSchema.parse(
      await (await admin.client.get(`/api/admin/providers/${provider.id}`)).json(),
    );
    expect(detail).toMatchObject({ profile: null, answers: [], matches: [], isVerified: false });
  });
});

describe('PATCH /api/admin/providers/:id/verify', () => {
  it('toggles, answers the new state, writes an audit row per change and mails once per change to verified', async () => {
    const provider = await insertProvider(server, { name: 'Greta Granskas' });
    allPersonnummer.push(provider.personnummer!);
    const toggle = async () => {
      const res = await admin.client.patch(`/api/admin/providers/${provider.id}/verify`);
      expect(res.status).toBe(200);
      return adminVerifyResponseSchema.parse(await res.json());
    };
    const verifiedMails = async () =>
      (await mailbox(server.baseUrl, provider.email!)).filter((m) =>
        m.subject.includes('är nu aktivt'),
      );

    expect(await toggle()).toMatchObject({ id: provider.id, isVerified: true });
    const mails = await verifiedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Hej Greta Granskas!');
    expect(mails[0]!.text).toContain('Ditt konto är nu aktivt');
    expect(mails[0]!.links).toContain(`${server.config.publicUrl}/dashboard`);

    expect(await toggle()).toMatchObject({ isVerified: false, verifiedAt: null });
    expect(await verifiedMails()).toHaveLength(1); // no mail on unverify

    expect(await toggle()).toMatchObject({ isVerified: true });
    expect(await verifiedMails()).toHaveLength(2); // a new change to verified: a new mail

    const rows = await auditRows(provider.id);
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['PROVIDER_VERIFIED', admin.id],
      ['PROVIDER_UNVERIFIED', admin.id],
      ['PROVIDER_VERIFIED', admin.id],
    ]);
    expect(rows.every((r) => r.requestId)).toBe(true);
    const [profile] = await server.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.id));
    expect(profile).toMatchObject({ isVerified: true, verifiedAt: expect.any(Date) });
  });

  it('serialises concurrent toggles on the row lock: two requests, two changes, back where it began', async () => {
    const provider = await insertProvider(server);
    allPersonnummer.push(provider.personnummer!);
    await admin.client.csrfToken();
    const results = await Promise.all([
      admin.client.patch(`/api/admin/providers/${provider.id}/verify`),
      admin.client.patch(`/api/admin/providers/${provider.id}/verify`),
    ]);
    const states = await Promise.all(
      results.map(async (r) => ((await r.json()) as { isVerified: boolean }).isVerified),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(states.sort()).toEqual([false, true]);
    expect((await auditRows(provider.id)).map((r) => r.action).sort()).toEqual([
      'PROVIDER_UNVERIFIED',
      'PROVIDER_VERIFIED',
    ]);
    const [profile] = await server.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.id));
    expect(profile!.isVerified).toBe(false);
  });

  it('answers 409 in Swedish for a provider without a profile, and changes nothing', async () => {
    const provider = await insertProvider(server, {
      onboardingStep: 'USER_CREATED',
      profile: false,
    });
    allPersonnummer.push(provider.personnummer!);
    const res = await admin.client.patch(`/api/admin/providers/${provider.id}/verify`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message: 'Terapeuten har inte fyllt i sin profil än och kan inte verifieras.',
    });
    expect(await auditRows(provider.id)).toEqual([]);
  });

  it('ignores a stray body field (an empty body toggles) and refuses a request without the CSRF token', async () => {
    const provider = await insertProvider(server);
    allPersonnummer.push(provider.personnummer!);
    const stray = await admin.client.patch(`/api/admin/providers/${provider.id}/verify`, {
      note: 'x',
    });
    expect(((await stray.json()) as { isVerified: boolean }).isVerified).toBe(true);
    const noCsrf = await admin.client.patch(
      `/api/admin/providers/${provider.id}/verify`,
      { isVerified: false },
      {
        csrf: false,
      },
    );
    expect(noCsrf.status).toBe(403);
    expect(await auditRows(provider.id)).toHaveLength(1);
  });

  it('sets the state it is sent, and the same state again changes nothing: no audit row, no mail', async () => {
    // docs/rules/admin.md#verification-by-state
    const provider = await insertProvider(server, { name: 'Stina Satt' });
    allPersonnummer.push(provider.personnummer!);
    const set = async (isVerified: boolean) => {
      const res = await admin.client.patch(`/api/admin/providers/${provider.id}/verify`, {
        isVerified,
      });
      expect(res.status).toBe(200);
      return adminVerifyResponseSchema.parse(await res.json());
    };
    const verifiedMails = async () =>
      (await mailbox(server.baseUrl, provider.email!)).filter((m) =>
        m.subject.includes('är nu aktivt'),
      );

    expect(await set(false)).toMatchObject({ id: provider.id, isVerified: false });
    expect(await auditRows(provider.id)).toEqual([]);

    const first = await set(true);
    expect(first).toMatchObject({ isVerified: true, verifiedAt: expect.any(String) });
    expect(await set(true)).toEqual(first);
    expect(await verifiedMails()).toHaveLength(1);

    expect(await set(false)).toMatchObject({ isVerified: false, verifiedAt: null });
    expect(await set(false)).toMatchObject({ isVerified: false, verifiedAt: null });
    expect((await auditRows(provider.id)).map((r) => r.action)).toEqual([
      'PROVIDER_VERIFIED',
      'PROVIDER_UNVERIFIED',
    ]);
  });

  it('verifies once when 30 requests for verified arrive at once: one audit row, one mail, no 500', async () => {
    const provider = await insertProvider(server);
    allPersonnummer.push(provider.personnummer!);
    await admin.client.csrfToken();
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        admin.client.patch(`/api/admin/providers/${provider.id}/verify`, { isVerified: true }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 200));
    for (const r of results) {
      expect(((await r.json()) as { isVerified: boolean }).isVerified).toBe(true);
    }
    expect((await auditRows(provider.id)).map((r) => r.action)).toEqual(['PROVIDER_VERIFIED']);
    const mails = (await mailbox(server.baseUrl, provider.email!)).filter((m) =>
      m.subject.includes('är nu aktivt'),
    );
    expect(mails).toHaveLength(1);
  });

  it.each([['ja'], [1], [null]])(
    'refuses isVerified %j with a Swedish 400 on the field and changes nothing',
    async (value) => {
      const provider = await insertProvider(server);
      allPersonnummer.push(provider.personnummer!);
      const res = await admin.client.patch(`/api/admin/providers/${provider.id}/verify`, {
        isVerified: value,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fieldErrors?: Record<string, string[]> };
      expect(body.fieldErrors?.isVerified).toEqual([
        'Ange om terapeuten ska vara verifierad (true eller false).',
      ]);
      expect(await auditRows(provider.id)).toEqual([]);
    },
  );
});

describe('GET /api/admin/providers/:id/history', () => {
  it("reads the audit log back: who looked and who changed what, newest first, with the admin's name", async () => {
    const provider = await insertProvider(server);
    allPersonnummer.push(provider.personnummer!);
    const other = await signedInAdmin(server, 'Olle Annan');
    allPersonnummer.push(other.personnummer);
    await admin.client.get(`/api/admin/providers/${provider.id}`);
    await other.client.patch(`/api/admin/providers/${provider.id}/verify`);

    const res = await admin.client.get(`/api/admin/providers/${provider.id}/history`);
    expect(res.status).toBe(200);
    const history = adminHistoryResponseSchema.parse(await res.json());
    expect(history.map((h) => [h.action, h.actor?.name])).toEqual([
      ['PROVIDER_VERIFIED', 'Olle Annan'],
      ['SSN_READ', 'Adam Admin'],
    ]);
    // Reading the history reads no personnummer: no new row.
    expect(await auditRows(provider.id)).toHaveLength(2);
  });
});

describe('the audit log is append-only for the application', () => {
  it("refuses the application's UPDATE, DELETE and TRUNCATE, and keeps every row", async () => {
    const provider = await insertProvider(server);
    allPersonnummer.push(provider.personnummer!);
    await admin.client.get(`/api/admin/providers/${provider.id}`);
    const [row] = await auditRows(provider.id);
    expect(row).toBeDefined();
    const db = server.database.db;

    const refused = async (attempt: () => Promise<unknown>) => {
      const error = await attempt().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeDefined();
      const messages: string[] = [];
      for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
        messages.push(String((e as Error).message));
      }
      expect(messages.join(' ')).toContain('audit_log is append-only');
    };
    await refused(() =>
      db.update(auditLog).set({ action: 'PROVIDER_VIEWED' }).where(eq(auditLog.id, row!.id)),
    );
    await refused(() => db.update(auditLog).set({ actorId: null }));
    await refused(() => db.delete(auditLog).where(eq(auditLog.id, row!.id)));
    await refused(() => db.delete(auditLog));
    await refused(() => db.execute(sql`truncate audit_log`));

    expect(await auditRows(provider.id)).toEqual([row]);
  });
});

describe('admins sign in with BankID only', () => {
  it('signs an admin in by BankID from the therapist button too, to the admin account', async () => {
    const created = await signedInAdmin(server, 'Berit BankID');
    allPersonnummer.push(created.personnummer);
    const viaProvider = await bankIdClient(
      server,
      { personnummer: created.personnummer, name: 'Annat Namn' },
      'provider',
    );
    const me = (await (await viaProvider.get('/api/users/me')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({ id: created.id, type: 'ADMIN', name: 'Berit BankID', ssn: null });
    expect((await viaProvider.get('/api/admin/providers')).status).toBe(200);
  });

  it("refuses an admin's correct password exactly like a wrong one", async () => {
    const withPassword = await signedInPasswordUser(server, 'ADMIN');
    expect(withPassword.loginStatus).toBe(401);
    const right = await login(new TestClient(server.baseUrl), withPassword.email);
    const wrong = await login(
      new TestClient(server.baseUrl),
      withPassword.email,
      'Fel-Lösenord-99',
    );
    const unknown = await login(new TestClient(server.baseUrl), uniqueEmail('ingen'));
    expect([right.status, wrong.status, unknown.status]).toEqual([401, 401, 401]);
    const bodies = await Promise.all([right.json(), wrong.json(), unknown.json()]);
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toEqual(bodies[2]);
    expect(right.headers.get('set-cookie') ?? '').not.toMatch(/samtalsmatch\.sid=s%3A/);
  });
});

describe('no personnummer outside the admin detail', () => {
  it('GET /users/me answers ssn null for a therapist, a client and an admin who all have one', async () => {
    for (const caller of [therapistClient, client.client, admin.client]) {
      const res = await caller.get('/api/users/me');
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ ssn: null });
      for (const ssn of allPersonnummer) {
        for (const form of personnummerForms(ssn)) expect(text).not.toContain(form);
      }
    }
  });

  it('the admin list and the history hold no personnummer either', async () => {
    const list = await (await admin.client.get('/api/admin/providers')).text();
    const history = await (
      await admin.client.get(`/api/admin/providers/${therapist.id}/history`)
    ).text();
    for (const ssn of allPersonnummer) {
      for (const form of personnummerForms(ssn)) {
        expect(list).not.toContain(form);
        expect(history).not.toContain(form);
      }
    }
  });
});

describe('createAdminAccount (the admin:create command)', () => {
  it('refuses an invalid personnummer and a taken personnummer or address, and stores no password', async () => {
    const { createAdminAccount } = await import('../admin-accounts');
    const { createSsnCrypto } = await import('../../../lib/crypto');
    const crypto = createSsnCrypto(server.config.ssnKeys);
    const db = server.database.db;
    await expect(
      createAdminAccount(db, crypto, {
        personnummer: '197705152391',
        name: 'Fel Nummer',
        email: uniqueEmail('admin'),
      }),
    ).rejects.toThrow('Personnumret är inte giltigt.');
    await expect(
      createAdminAccount(db, crypto, {
        personnummer: admin.personnummer,
        name: 'Dubblett',
        email: uniqueEmail('admin'),
      }),
    ).rejects.toThrow('Det finns redan ett konto');
    const made = await createAdminAccount(db, crypto, {
      personnummer: '19770515-2390',
      name: 'Demo Liknande',
      email: uniqueEmail('Admin'),
    });
    allPersonnummer.push('197705152390');
    const { users } = await import('@samtalsmatch/db');
    const [row] = await db.select().from(users).where(eq(users.id, made.id));
    expect(row).toMatchObject({ type: 'ADMIN', passwordHash: null, email: made.email });
    expect(row!.ssnHash).toBe(crypto.hash('197705152390'));
  });
});

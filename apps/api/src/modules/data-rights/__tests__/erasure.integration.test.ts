import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_BANKID_MAX_AGE_MS, ERASE_MSG, ERASED_NAME } from '@samtalsmatch/contracts';
import {
  accessLog,
  answers,
  auditLog,
  availabilitySlots,
  bookings,
  consents,
  images,
  licenceChecks,
  matches,
  oneTimeTokens,
  providerProfiles,
  sessions,
  users,
} from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  GOOD_PASSWORD,
  login,
  mailbox,
  registerClient,
  signedInClient,
  uniqueEmail,
} from '../../../test/accounts';
import {
  CLIENT_ANSWERS_ALL,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  FACTORY_PASSWORD,
  PROVIDER_ANSWERS_ALL,
  signInAs,
  stockholmHour,
} from '../../../test/factories';
import { issueToken } from '../../users/one-time-tokens.repository';
import { appendAudit } from '../../admin/audit.repository';

// DELETE /api/users/me erases the caller's account (docs/rules/privacy.md#erasure).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

type ErrorBody = { message: string; code?: string; fieldErrors?: Record<string, string[]> };

const erase = (http: TestClient, body: unknown = {}) =>
  http.request('DELETE', '/api/users/me', body);

async function userRow(id: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await server.database.db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(sql`${sessions.sess}->>'userId' = ${userId}`);
  return rows.length;
}

async function bookingRow(id: string) {
  const [row] = await server.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

async function matchRow(id: string) {
  const [row] = await server.database.db.select().from(matches).where(eq(matches.id, id));
  return row;
}

const PAST = () => new Date(Date.now() - 3 * 24 * 3_600_000);

/**
 * A client with answers and four therapists: a pending request (A), a
 * confirmed session ahead (B), a completed past session (C) and a
 * recommendation without a booking (D).
 */
async function clientWithHistory() {
  const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
  const [a, b, c, d] = await Promise.all(
    [0, 1, 2, 3].map(() => createProvider(server, { answers: PROVIDER_ANSWERS_ALL })),
  );
  const overlaps = { language: ['sv'] };
  const mA = await createMatch(server, { clientId: client.id, providerId: a!.id }, { overlaps });
  const mB = await createMatch(server, { clientId: client.id, providerId: b!.id }, { overlaps });
  const mC = await createMatch(server, { clientId: client.id, providerId: c!.id }, { overlaps });
  const mD = await createMatch(server, { clientId: client.id, providerId: d!.id }, { overlaps });
  const pending = await createBooking(server, mA.id);
  const confirmed = await createBooking(server, mB.id, {
    status: 'CONFIRMED',
    suggestedTimes: [stockholmHour(4, 10), stockholmHour(4, 11), stockholmHour(4, 12)],
  });
  const past = await createBooking(server, mC.id, {
    status: 'COMPLETED',
    suggestedTimes: [PAST()],
    confirmedTime: PAST(),
    messageFromProvider: 'Hej och välkommen',
  });
  return {
    client,
    providers: { a: a!, b: b!, c: c!, d: d! },
    matchIds: { a: mA.id, b: mB.id, c: mC.id, d: mD.id },
    bookings: { pending, confirmed, past },
  };
}

describe('DELETE /api/users/me: who may, and the proof', () => {
  it('answers 401 without a session', async () => {
    const res = await erase(new TestClient(server.baseUrl), { currentPassword: GOOD_PASSWORD });
    expect(res.status).toBe(401);
  });

  it('refuses an admin with 403, whatever the proof, and changes nothing', async () => {
    const [admin] = await server.database.db
      .insert(users)
      .values({
        type: 'ADMIN',
        name: 'Ada Admin',
        email: uniqueEmail('admin'),
        onboardingStep: 'ONBOARDING_COMPLETED',
      })
      .returning();
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, admin!, { bankIdAuthAt: Date.now() });
    const res = await erase(http);
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).message).toBe(ERASE_MSG.adminForbidden);
    expect((await userRow(admin!.id)).erasedAt).toBeNull();
    expect((await http.get('/api/users/me')).status).toBe(200);
  });

  it('refuses a password account without its password, or with a wrong one, with a Swedish 400 and nothing erased', async () => {
    const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, client);

    const missing = await erase(http);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).fieldErrors?.currentPassword).toEqual([
      ERASE_MSG.currentPasswordRequired,
    ]);

    const wrong = await erase(http, { currentPassword: 'Fel-Lösenord-99' });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as ErrorBody;
    expect(body.code).toBe('CURRENT_PASSWORD_INVALID');

    const badType = await erase(http, { currentPassword: 42 });
    expect(badType.status).toBe(400);

    expect((await userRow(client.id)).erasedAt).toBeNull();
    expect(
      await server.database.db.select().from(answers).where(eq(answers.userId, client.id)),
    ).not.toEqual([]);
    expect((await http.get('/api/users/me')).status).toBe(200);
  });

  it('needs a BankID sign-in within 10 minutes from an account without a password', async () => {
    const provider = await createProvider(server);
    const stale = new TestClient(server.baseUrl);
    await signInAs(server, stale, provider, {
      bankIdAuthAt: Date.now() - EMAIL_CHANGE_BANKID_MAX_AGE_MS - 60_000,
    });
    const res = await erase(stale, { currentPassword: 'whatever-1A' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('REAUTHENTICATION_REQUIRED');
    expect(body.message).toBe(ERASE_MSG.bankIdReauthRequired);

    const none = new TestClient(server.baseUrl);
    await signInAs(server, none, provider);
    expect((await erase(none)).status).toBe(400);
    expect((await userRow(provider.id)).erasedAt).toBeNull();

    const fresh = new TestClient(server.baseUrl);
    await signInAs(server, fresh, provider, { bankIdAuthAt: Date.now() - 60_000 });
    expect((await erase(fresh)).status).toBe(204);
    expect((await userRow(provider.id)).erasedAt).not.toBeNull();
  });

  it('refuses a given wrong password even right after a BankID sign-in: the sign-in stands in only for no password', async () => {
    // docs/rules/accounts.md#a-given-password-must-be-right
    const client = await createClient(server);
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, client, { bankIdAuthAt: Date.now() });
    const wrong = await erase(http, { currentPassword: 'Fel-Lösenord-99' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).code).toBe('CURRENT_PASSWORD_INVALID');
    expect((await userRow(client.id)).erasedAt).toBeNull();

    const provider = await createProvider(server);
    const bankIdOnly = new TestClient(server.baseUrl);
    await signInAs(server, bankIdOnly, provider, { bankIdAuthAt: Date.now() });
    const any = await erase(bankIdOnly, { currentPassword: 'Vad-som-helst-1' });
    expect(any.status).toBe(400);
    expect(((await any.json()) as ErrorBody).code).toBe('CURRENT_PASSWORD_INVALID');
    expect((await userRow(provider.id)).erasedAt).toBeNull();

    expect((await erase(http)).status).toBe(204);
    expect((await userRow(client.id)).erasedAt).not.toBeNull();
  });

  it('accepts a fresh BankID sign-in from a password account too', async () => {
    const client = await createClient(server);
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, client, { bankIdAuthAt: Date.now() });
    expect((await erase(http)).status).toBe(204);
  });
});

describe('DELETE /api/users/me: a client', () => {
  it('cancels open bookings by SYSTEM with a mail to each therapist, keeps the history as "Borttagen klient", removes everything personal and ends the session', async () => {
    const h = await clientWithHistory();
    const db = server.database.db;
    await issueToken(db, h.client.id, 'PASSWORD_RESET');
    await db
      .insert(consents)
      .values({ userId: h.client.id, kind: 'QUESTIONNAIRE', version: 1 })
      .onConflictDoNothing();
    // Who read whose data: a therapist read the client's answers; the client is the subject.
    await db.insert(accessLog).values({
      subjectId: h.client.id,
      readerId: h.providers.a.id,
      readerRole: 'PROVIDER',
      kind: 'CLIENT_ANSWERS',
      stockholmDay: '2026-11-20',
    });
    await db
      .update(users)
      .set({ discreetMail: false, discreetMailChangedAt: new Date(), discreetMailDialogVersion: 1 })
      .where(eq(users.id, h.client.id));
    await appendAudit(db, {
      actorId: h.providers.a.id,
      targetUserId: h.client.id,
      action: 'PROVIDER_VIEWED',
      requestId: undefined,
    });
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, h.client);
    const other = new TestClient(server.baseUrl);
    await signInAs(server, other, h.client);

    const res = await erase(http, { currentPassword: FACTORY_PASSWORD });
    expect(res.status).toBe(204);
    // The session ends: the cookie is cleared, and every other session too.
    expect(res.headers.getSetCookie().join(';')).toMatch(/samtalsmatch\.sid=;/);
    expect((await http.get('/api/users/me')).status).toBe(401);
    expect((await other.get('/api/users/me')).status).toBe(401);
    expect(await sessionCount(h.client.id)).toBe(0);

    // The tombstone.
    const row = await userRow(h.client.id);
    expect(row).toMatchObject({
      name: ERASED_NAME.CLIENT,
      email: null,
      emailVerifiedAt: null,
      passwordHash: null,
      ssnEncrypted: null,
      ssnHash: null,
      oidcIssuer: null,
      oidcSubject: null,
      discreetMail: true,
      discreetMailDialogVersion: null,
    });
    expect(row.erasedAt).not.toBeNull();
    expect(row.sessionVersion).toBe(h.client.sessionVersion + 1);

    // Answers, consents, the recommendation and tokens are gone.
    expect(await db.select().from(consents).where(eq(consents.userId, h.client.id))).toEqual([]);
    expect(await db.select().from(accessLog).where(eq(accessLog.subjectId, h.client.id))).toEqual(
      [],
    );
    expect(await db.select().from(answers).where(eq(answers.userId, h.client.id))).toEqual([]);
    expect(await matchRow(h.matchIds.d)).toBeUndefined();
    expect(
      await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, h.client.id)),
    ).toEqual([]);

    // Open bookings end as CANCELLED by SYSTEM; the past one stays as it was.
    expect(await bookingRow(h.bookings.pending.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'SYSTEM',
    });
    expect(await bookingRow(h.bookings.confirmed.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'SYSTEM',
    });
    expect(await bookingRow(h.bookings.past.id)).toMatchObject({ status: 'COMPLETED' });
    // The slots the open bookings held are free again.
    const held = await db
      .select()
      .from(availabilitySlots)
      .where(sql`${availabilitySlots.providerId} in (${h.providers.a.id}, ${h.providers.b.id})`);
    expect(held.every((s) => s.status === 'AVAILABLE' && s.bookingId === null)).toBe(true);

    // Matches with bookings stay for the therapists, without the overlaps (answers).
    for (const id of [h.matchIds.a, h.matchIds.b, h.matchIds.c]) {
      expect(await matchRow(id)).toMatchObject({ overlaps: {} });
    }

    // Each therapist of an open booking is mailed, discreetly; the others are not.
    for (const p of [h.providers.a, h.providers.b]) {
      const mails = await mailbox(server.baseUrl, p.email!);
      expect(mails.map((m) => m.subject)).toEqual(['En bokning har avbokats av Samtalsmatch']);
      expect(mails[0]!.text).not.toContain(h.client.name);
    }
    expect(await mailbox(server.baseUrl, h.providers.c.email!)).toEqual([]);

    // The therapist's history shows "Borttagen klient" and no answers.
    const therapist = new TestClient(server.baseUrl);
    await signInAs(server, therapist, h.providers.c);
    const list = (await (await therapist.get('/api/matches')).json()) as {
      id: string;
      client: { name: string };
    }[];
    expect(list.find((m) => m.id === h.matchIds.c)!.client.name).toBe(ERASED_NAME.CLIENT);
    const seen = (await (await therapist.get(`/api/matches/${h.matchIds.c}`)).json()) as {
      client: { name: string; answer: unknown[] };
    };
    expect(seen.client).toEqual({ name: ERASED_NAME.CLIENT, answer: [] });
    // Reading an erased person's match writes nothing about them.
    expect(await db.select().from(accessLog).where(eq(accessLog.subjectId, h.client.id))).toEqual(
      [],
    );

    // The audit log keeps its rows (ids only) and records the erasure.
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetUserId, h.client.id));
    expect(audit.map((r) => r.action).sort()).toEqual(['ACCOUNT_ERASED', 'PROVIDER_VIEWED']);
    expect(JSON.stringify(audit)).not.toContain(h.client.email!);
  });

  it('frees the address at once: the old password no longer signs in, and the address registers again', async () => {
    const http = new TestClient(server.baseUrl);
    const email = await signedInClient(server, http);
    expect((await erase(http, { currentPassword: GOOD_PASSWORD })).status).toBe(204);
    // The mails to the erased address are gone with it.
    expect(await mailbox(server.baseUrl, email)).toEqual([]);

    const again = new TestClient(server.baseUrl);
    expect((await login(again, email)).status).toBe(401);
    expect((await registerClient(again, { email, name: 'Ny Person' })).status).toBe(201);
    const mails = await mailbox(server.baseUrl, email);
    expect(mails.map((m) => m.subject)).toEqual(['Bekräfta din e-postadress hos Samtalsmatch']);
    const [fresh] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(fresh).toMatchObject({ name: 'Ny Person', erasedAt: null });
    expect((await login(again, email)).status).toBe(200);
  });

  it('a second DELETE with the ended session is 401, and the tombstone stays as it is', async () => {
    const client = await createClient(server);
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, client);
    expect((await erase(http, { currentPassword: FACTORY_PASSWORD })).status).toBe(204);
    const before = await userRow(client.id);
    http.forgetCsrf();
    expect((await erase(http, { currentPassword: FACTORY_PASSWORD })).status).toBe(401);
    expect(await userRow(client.id)).toEqual(before);
  });
});

describe('DELETE /api/users/me: a therapist', () => {
  it('cancels open bookings by SYSTEM with a mail to each client, removes the profile, image, free slots and messages, and clients see "Borttagen terapeut"', async () => {
    const provider = await createProvider(server, {
      answers: PROVIDER_ANSWERS_ALL,
      slots: [{ daysAhead: 6, hour: 9 }],
    });
    await server.database.db.insert(images).values({
      ownerId: provider.id,
      contentType: 'image/png',
      data: Buffer.from([1]),
      byteSize: 1,
      width: 1,
      height: 1,
    });
    const [c1, c2, c3] = await Promise.all([0, 1, 2].map(() => createClient(server)));
    const m1 = await createMatch(server, { clientId: c1!.id, providerId: provider.id });
    const m2 = await createMatch(server, { clientId: c2!.id, providerId: provider.id });
    const m3 = await createMatch(server, { clientId: c3!.id, providerId: provider.id });
    const pending = await createBooking(server, m1.id);
    const confirmed = await createBooking(server, m2.id, {
      status: 'CONFIRMED',
      suggestedTimes: [stockholmHour(5, 10), stockholmHour(5, 11), stockholmHour(5, 12)],
      messageFromProvider: 'Ring 0701234567 när du kommer',
    });
    const past = await createBooking(server, m3.id, {
      status: 'COMPLETED',
      suggestedTimes: [PAST()],
      confirmedTime: PAST(),
      messageFromProvider: 'Min mottagning ligger på Storgatan 1',
    });

    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, provider, { bankIdAuthAt: Date.now() });
    expect((await erase(http)).status).toBe(204);

    const db = server.database.db;
    const row = await userRow(provider.id);
    expect(row).toMatchObject({
      name: ERASED_NAME.PROVIDER,
      email: null,
      phoneNumber: null,
      street: null,
      city: null,
      zip: null,
      ssnEncrypted: null,
      oidcSubject: null,
    });
    expect(
      await db.select().from(providerProfiles).where(eq(providerProfiles.userId, provider.id)),
    ).toEqual([]);
    // The licence checks the admin recorded (the factory's, for a verified therapist) go too.
    expect(
      await db.select().from(licenceChecks).where(eq(licenceChecks.providerId, provider.id)),
    ).toEqual([]);
    expect(await db.select().from(images).where(eq(images.ownerId, provider.id))).toEqual([]);
    expect(
      await db.select().from(licenceChecks).where(eq(licenceChecks.providerId, provider.id)),
    ).toEqual([]);
    expect(await db.select().from(answers).where(eq(answers.userId, provider.id))).toEqual([]);
    const slots = await db
      .select()
      .from(availabilitySlots)
      .where(eq(availabilitySlots.providerId, provider.id));
    expect(slots.filter((s) => s.status === 'AVAILABLE')).toEqual([]);

    expect(await bookingRow(pending.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'SYSTEM',
    });
    expect(await bookingRow(confirmed.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'SYSTEM',
      messageFromProvider: null,
    });
    expect(await bookingRow(past.id)).toMatchObject({
      status: 'COMPLETED',
      messageFromProvider: null,
    });

    for (const c of [c1!, c2!]) {
      const mails = await mailbox(server.baseUrl, c.email!);
      expect(mails.map((m) => m.subject)).toEqual(['En bokning har avbokats av Samtalsmatch']);
      expect(mails[0]!.text).not.toContain(provider.name);
    }
    expect(await mailbox(server.baseUrl, c3!.email!)).toEqual([]);

    // The client's history keeps the match, pointing at "Borttagen terapeut".
    const client = new TestClient(server.baseUrl);
    await signInAs(server, client, c3!);
    const res = await client.get(`/api/matches/${m3.id}`);
    expect(res.status).toBe(200);
    const match = (await res.json()) as {
      provider: { name: string; email: string | null; phoneNumber: string | null };
    };
    expect(match.provider).toMatchObject({
      name: ERASED_NAME.PROVIDER,
      email: null,
      phoneNumber: null,
      paused: true,
      erased: true,
    });
  });
});

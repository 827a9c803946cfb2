import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  GOOD_PASSWORD,
  login,
  registerClient,
  signedInClient,
  startSecondInstance,
  uniqueEmail,
} from '../../../test/accounts';

const COOKIE = 'samtalsmatch.sid';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

function sidOf(client: TestClient, name = COOKIE): string {
  const value = client.getCookie(name);
  if (!value) throw new Error('no session cookie');
  return decodeURIComponent(value).slice(2).split('.')[0]!;
}

async function sessionRow(sid: string) {
  // xmin: the id of the transaction that last wrote the row; any UPDATE changes it.
  const result = await server.database.db.execute<{ sess: string; expire: Date; xmin: string }>(
    sql`select sess::text as sess, expire, xmin::text as xmin from session where sid = ${sid}`,
  );
  const row = result.rows[0];
  return row
    ? {
        sess: JSON.parse(row.sess) as Record<string, unknown>,
        raw: row.sess,
        expire: row.expire,
        xmin: row.xmin,
      }
    : undefined;
}

async function patchSession(sid: string, changes: Record<string, unknown>) {
  await server.database.db.execute(
    sql`update session set sess = (sess::jsonb || ${JSON.stringify(changes)}::jsonb)::json where sid = ${sid}`,
  );
}

describe('login, /users/me and logout', () => {
  it('signs in, returns the user with emailVerified, and logout ends the session', async () => {
    const client = new TestClient(server.baseUrl);
    const email = uniqueEmail('me');
    await registerClient(client, { email, name: 'Maja Svensson' });
    const res = await client.post('/api/auth/login', {
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown>; csrfToken: string };
    expect(body.user).toMatchObject({
      email,
      name: 'Maja Svensson',
      type: 'CLIENT',
      emailVerified: false,
    });
    expect(typeof body.csrfToken).toBe('string');

    const me = await client.get('/api/users/me');
    expect(me.status).toBe(200);
    const user = (await me.json()) as Record<string, unknown>;
    expect(user).toEqual({
      id: expect.any(String),
      type: 'CLIENT',
      name: 'Maja Svensson',
      email,
      emailVerified: false,
      phoneNumber: null,
      ssn: null,
      onboardingStep: 'PROFILE_COMPLETED',
      address: { street: null, city: null, zip: null },
      profile: null,
      // A password account: an e-mail change asks for the password (docs/rules/accounts.md#e-mail-change).
      hasPassword: true,
      // Discreet mails until the client turns them off (docs/rules/privacy.md#discreet-mails).
      preferences: { discreetMail: true },
    });

    const sid = sidOf(client);
    const out = await client.post('/api/auth/logout', {}, { csrf: body.csrfToken });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(
      /samtalsmatch\.sid=;.*Expires=Thu, 01 Jan 1970/i,
    );
    expect(await sessionRow(sid)).toBeUndefined();
    expect((await client.get('/api/users/me')).status).toBe(401);
  });

  it('answers 401 with a JSON error when not signed in', async () => {
    const res = await fetch(`${server.baseUrl}/api/users/me`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('gives a wrong e-mail, a wrong password and a password-less account the same answer', async () => {
    const email = uniqueEmail('fel');
    await registerClient(new TestClient(server.baseUrl), { email });
    const bankIdOnly = uniqueEmail('bankid');
    await server.database.db.insert(users).values({
      type: 'PROVIDER',
      name: 'Bank Id',
      email: bankIdOnly,
      onboardingStep: 'USER_CREATED',
    });
    const attempt = async (e: string, p: string) => {
      const res = await new TestClient(server.baseUrl).post('/api/auth/login', {
        email: e,
        password: p,
      });
      return {
        status: res.status,
        body: await res.text(),
        cookies: res.headers.getSetCookie().length,
      };
    };
    const wrongPassword = await attempt(email, 'Fel-Lösenord-1');
    const unknown = await attempt(uniqueEmail('okänd'), 'Fel-Lösenord-1');
    const noPassword = await attempt(bankIdOnly, 'Fel-Lösenord-1');
    expect(wrongPassword.status).toBe(401);
    expect(JSON.parse(wrongPassword.body)).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown).toEqual(wrongPassword);
    expect(noPassword).toEqual(wrongPassword);
  });

  it.each([
    [{ email: 'inte-en-adress', password: 'x' }, 'email', 'Ogiltig e-postadress'],
    [{ email: 'a@exempel.se', password: '' }, 'password', 'Lösenord är obligatoriskt'],
    [{ email: 'a@exempel.se' }, 'password', undefined],
    [{ password: 'x' }, 'email', undefined],
  ])('answers bad login input %j with 400 on %s', async (input, field, message) => {
    const res = await new TestClient(server.baseUrl).post('/api/auth/login', input);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors[field]).toBeDefined();
    if (message) expect(body.fieldErrors[field]).toContain(message);
  });

  it('lets an unverified client sign in; emailVerified turns true after the link', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client, { verify: false });
    expect(
      ((await (await client.get('/api/users/me')).json()) as { emailVerified: boolean })
        .emailVerified,
    ).toBe(false);
    const verified = new TestClient(server.baseUrl);
    await signedInClient(server, verified);
    expect(
      ((await (await verified.get('/api/users/me')).json()) as { emailVerified: boolean })
        .emailVerified,
    ).toBe(true);
  });
});

describe('session hardening', () => {
  it('gives a new session id at login; the id from before is dead (no fixation)', async () => {
    const client = new TestClient(server.baseUrl);
    const email = uniqueEmail('fix');
    await registerClient(client, { email });
    const before = client.getCookie(COOKIE)!;
    const beforeSid = sidOf(client);
    expect(await sessionRow(beforeSid)).toBeDefined();
    expect((await login(client, email)).status).toBe(200);
    expect(client.getCookie(COOKIE)).not.toBe(before);
    expect(await sessionRow(beforeSid)).toBeUndefined();

    const attacker = new TestClient(server.baseUrl);
    attacker.setCookie(COOKIE, before);
    expect((await attacker.get('/api/users/me')).status).toBe(401);
    expect((await client.get('/api/users/me')).status).toBe(200);
  });

  it('refuses the pre-login CSRF token after login and accepts the new one', async () => {
    const client = new TestClient(server.baseUrl);
    const email = uniqueEmail('csrf');
    await registerClient(client, { email });
    const oldToken = await client.csrfToken();
    const res = await client.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    expect(csrfToken).not.toBe(oldToken);
    expect((await client.post('/api/auth/logout', {}, { csrf: oldToken })).status).toBe(403);
    expect((await client.post('/api/auth/logout', {}, { csrf: csrfToken })).status).toBe(200);
  });

  it.each([
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/logout'],
    ['POST', '/api/auth/forgot-password'],
    ['POST', '/api/auth/reset-password'],
    ['POST', '/api/auth/resend-verification'],
    ['PATCH', '/api/users/email'],
    ['PUT', '/api/answers/draft'],
    ['DELETE', '/api/users/me/calendar-feed'],
  ])('refuses %s %s with a missing or wrong CSRF token (403)', async (method, path) => {
    const client = new TestClient(server.baseUrl);
    await client.csrfToken();
    const body = { email: uniqueEmail(), name: 'Test', password: GOOD_PASSWORD };
    const missing = await client.request(method, path, body, { csrf: false });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ status: 403, code: 'CSRF_INVALID' });
    const wrong = await client.request(method, path, body, { csrf: 'a'.repeat(40) });
    expect(wrong.status).toBe(403);
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('asks no CSRF token of %s', async (method) => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const res = await client.request(method, '/api/users/me', undefined, { csrf: false });
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(300);
  });

  it('refuses a session cookie whose signature is altered, cut short or missing', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const value = decodeURIComponent(client.getCookie(COOKIE)!);
    const me = (cookie: string) =>
      fetch(`${server.baseUrl}/api/users/me`, {
        headers: { cookie: `${COOKIE}=${encodeURIComponent(cookie)}` },
      }).then((res) => res.status);
    const last = value.at(-1) === 'A' ? 'B' : 'A';
    expect(await me(value)).toBe(200);
    expect(await me(value.slice(0, -1) + last)).toBe(401);
    expect(await me(value.slice(0, -1))).toBe(401);
    expect(await me(value.slice(0, value.lastIndexOf('.')))).toBe(401);
    expect(await me(value.slice(0, value.lastIndexOf('.') + 1))).toBe(401);
  });

  it('does not write the session row when it is only read', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const sid = sidOf(client);
    const before = await sessionRow(sid);
    for (let i = 0; i < 3; i++) expect((await client.get('/api/users/me')).status).toBe(200);
    const after = await sessionRow(sid);
    expect(after!.sess).toEqual(before!.sess);
    expect(after!.raw).toBe(before!.raw);
    expect(String(after!.expire)).toBe(String(before!.expire));
    expect(after!.xmin).toBe(before!.xmin);
  });

  it('refreshes lastSeenAt once it is over a minute old', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const sid = sidOf(client);
    const old = Date.now() - 5 * 60_000;
    await patchSession(sid, { lastSeenAt: old });
    expect((await client.get('/api/users/me')).status).toBe(200);
    expect((await sessionRow(sid))!.sess.lastSeenAt as number).toBeGreaterThan(old);
  });

  it('ends a session idle longer than SESSION_IDLE_MINUTES', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const sid = sidOf(client);
    await patchSession(sid, { lastSeenAt: Date.now() - 31 * 60_000 });
    expect((await client.get('/api/users/me')).status).toBe(401);
    expect(await sessionRow(sid)).toBeUndefined();
  });

  it('ends a session older than SESSION_ABSOLUTE_HOURS even when active', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const sid = sidOf(client);
    await patchSession(sid, { createdAt: Date.now() - 13 * 3_600_000, lastSeenAt: Date.now() });
    expect((await client.get('/api/users/me')).status).toBe(401);
    expect(await sessionRow(sid)).toBeUndefined();
  });

  it('ends sessions whose version is behind users.session_version, and of deleted users', async () => {
    const a = new TestClient(server.baseUrl);
    const emailA = await signedInClient(server, a);
    await server.database.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.email, emailA));
    expect((await a.get('/api/users/me')).status).toBe(401);

    const b = new TestClient(server.baseUrl);
    const emailB = await signedInClient(server, b);
    await server.database.db.delete(users).where(eq(users.email, emailB));
    expect((await b.get('/api/users/me')).status).toBe(401);
  });

  it('reads the user afresh on every request (the session keeps no copy)', async () => {
    const c = new TestClient(server.baseUrl);
    const email = await signedInClient(server, c);
    const before = (await (await c.get('/api/users/me')).json()) as { name: string };
    await server.database.db.update(users).set({ name: 'Nytt Namn' }).where(eq(users.email, email));
    const after = (await (await c.get('/api/users/me')).json()) as { name: string };
    expect(before.name).not.toBe('Nytt Namn');
    expect(after.name).toBe('Nytt Namn');
  });

  it('stores no copy of the user in the session row', async () => {
    const c = new TestClient(server.baseUrl);
    const email = await signedInClient(server, c);
    expect((await c.get('/api/users/me')).status).toBe(200);
    const stored = (await sessionRow(sidOf(c)))!;
    expect(stored.raw).not.toContain(email);
    expect(Object.keys(stored.sess).sort()).toEqual(
      ['cookie', 'createdAt', 'csrfToken', 'lastSeenAt', 'sessionVersion', 'userId'].sort(),
    );
  });

  it('sets an httpOnly, SameSite=Lax cookie without Secure over http', async () => {
    const res = await fetch(`${server.baseUrl}/api/csrf-token`);
    const cookie = res.headers.getSetCookie().join();
    expect(cookie).toMatch(/^samtalsmatch\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('uses a __Host- prefixed Secure cookie when PUBLIC_URL is https (behind a trusted proxy)', async () => {
    const https = await startTestServer({
      PUBLIC_URL: 'https://samtalsmatch.example',
      SESSION_SECRET: 'z'.repeat(40),
      SSN_ENCRYPTION_KEY: 'c'.repeat(64),
      SSN_HASH_KEY: 'd'.repeat(64),
    });
    try {
      const res = await fetch(`${https.baseUrl}/api/csrf-token`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      const cookie = res.headers.getSetCookie().join();
      expect(cookie).toMatch(/^__Host-samtalsmatch\.sid=/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Domain=/i);
    } finally {
      await https.close();
    }
  });
});

describe('two API processes on one database', () => {
  it('share sessions: signed in on one, known and signed out on the other', async () => {
    const second = await startSecondInstance(server);
    try {
      const client = new TestClient(server.baseUrl);
      await signedInClient(server, client);
      const onSecond = new TestClient(second.baseUrl);
      onSecond.setCookie(COOKIE, client.getCookie(COOKIE)!);
      expect((await onSecond.get('/api/users/me')).status).toBe(200);
      expect((await onSecond.post('/api/auth/logout', {})).status).toBe(200);
      expect((await client.get('/api/users/me')).status).toBe(401);
    } finally {
      await second.close();
    }
  });
});

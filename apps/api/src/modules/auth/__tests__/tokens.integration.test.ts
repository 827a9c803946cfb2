import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { oneTimeTokens, users } from '@samtalsmatch/db';
import { MSG } from '@samtalsmatch/contracts';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  GOOD_PASSWORD,
  lastMailTo,
  login,
  mailbox,
  registerClient,
  signedInClient,
  tokenFrom,
  uniqueEmail,
} from '../../../test/accounts';
import { NEUTRAL_ANSWER_MS } from '../../../lib/neutral-timing';
import { generateToken, hashToken } from '../../../lib/tokens';

const NEUTRAL =
  'Om ett konto existerar för den angivna e-posten har en återställningslänk skickats.';
const NEW_PASSWORD = 'Nytt-Höst-Äpple-83';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function userByEmail(email: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

async function expireToken(token: string) {
  await server.database.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
}

async function registered(): Promise<{ email: string; verifyToken: string }> {
  const email = uniqueEmail('tok');
  expect((await registerClient(new TestClient(server.baseUrl), { email })).status).toBe(201);
  return { email, verifyToken: tokenFrom(await lastMailTo(server.baseUrl, email), 'verify-email') };
}

async function requestReset(email: string): Promise<string> {
  const res = await new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  return tokenFrom(await lastMailTo(server.baseUrl, email), 'reset-password');
}

describe('GET /api/auth/verify-email/:token', () => {
  it('verifies the address once; the same link again is refused', async () => {
    const { email, verifyToken } = await registered();
    const client = new TestClient(server.baseUrl);
    const ok = await client.get(`/api/auth/verify-email/${verifyToken}`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { message: string }).message).toMatch(/bekräftad/);
    expect((await userByEmail(email)).emailVerifiedAt).toBeInstanceOf(Date);
    const again = await client.get(`/api/auth/verify-email/${verifyToken}`);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ status: 400, code: 'TOKEN_INVALID' });
  });

  it('stores only a hash of the token', async () => {
    const { email, verifyToken } = await registered();
    const rows = await server.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, (await userByEmail(email)).id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(verifyToken));
    expect(JSON.stringify(rows)).not.toContain(verifyToken);
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.round(ttl / 3_600_000)).toBe(24);
  });

  it('refuses an expired link', async () => {
    const { email, verifyToken } = await registered();
    await expireToken(verifyToken);
    expect(
      (await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${verifyToken}`)).status,
    ).toBe(400);
    expect((await userByEmail(email)).emailVerifiedAt).toBeNull();
  });

  it.each([
    ['a random well-formed token', generateToken()],
    ['a malformed token', 'not-a-token'],
    ['a hash of a real token', 'x'.repeat(64)],
  ])('refuses %s', async (_label, token) => {
    const res = await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${token}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses a reset token used as a verification link', async () => {
    const { email } = await registered();
    const resetToken = await requestReset(email);
    expect(
      (await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${resetToken}`)).status,
    ).toBe(400);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link (the old one stops working), neutrally for unknown addresses', async () => {
    const { email, verifyToken } = await registered();
    const client = new TestClient(server.baseUrl);
    const res = await client.post('/api/auth/resend-verification', { email });
    const unknown = await client.post('/api/auth/resend-verification', {
      email: uniqueEmail('okänd'),
    });
    expect(res.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toBe(await res.text());
    const newToken = tokenFrom(await lastMailTo(server.baseUrl, email), 'verify-email');
    expect(newToken).not.toBe(verifyToken);
    expect((await client.get(`/api/auth/verify-email/${verifyToken}`)).status).toBe(400);
    expect((await client.get(`/api/auth/verify-email/${newToken}`)).status).toBe(200);
  });

  it('resends for the signed-in user without a body, and not once verified', async () => {
    const client = new TestClient(server.baseUrl);
    const email = await signedInClient(server, client, { verify: false });
    expect((await client.post('/api/auth/resend-verification', {})).status).toBe(200);
    expect(await mailbox(server.baseUrl, email)).toHaveLength(2);
    const token = tokenFrom(await lastMailTo(server.baseUrl, email), 'verify-email');
    expect((await client.get(`/api/auth/verify-email/${token}`)).status).toBe(200);
    expect((await client.post('/api/auth/resend-verification', {})).status).toBe(200);
    expect(await mailbox(server.baseUrl, email)).toHaveLength(2);
  });

  it('answers 400 for a bad e-mail when not signed in', async () => {
    const res = await new TestClient(server.baseUrl).post('/api/auth/resend-verification', {
      email: 'nej',
    });
    expect(res.status).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('answers the neutral forgot-password text for known and unknown addresses alike', async () => {
    const { email } = await registered();
    const client = new TestClient(server.baseUrl);
    const known = await client.post('/api/auth/forgot-password', {
      email: `  ${email.toUpperCase()} `,
    });
    const unknownEmail = uniqueEmail('okänd');
    const unknown = await client.post('/api/auth/forgot-password', { email: unknownEmail });
    expect(known.status).toBe(200);
    const body = await known.text();
    expect(JSON.parse(body)).toEqual({ message: NEUTRAL });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toBe(body);
    const mail = await lastMailTo(server.baseUrl, email);
    expect(mail.subject).toBe('Återställ ditt lösenord hos Samtalsmatch');
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(await mailbox(server.baseUrl, unknownEmail)).toHaveLength(0);
  });

  it('builds links from PUBLIC_URL, never from the Host header', async () => {
    const { email } = await registered();
    await new TestClient(server.baseUrl).post(
      '/api/auth/forgot-password',
      { email },
      {
        // Another loopback name (a foreign Host is refused outright: host-check test).
        headers: { host: '127.0.0.2:3000', 'x-forwarded-host': '127.0.0.3' },
      },
    );
    const mail = await lastMailTo(server.baseUrl, email);
    expect(mail.text).not.toContain('127.0.0.');
    expect(mail.links.every((l) => l.startsWith('http://localhost:3000/'))).toBe(true);
  });

  it('tells a BankID-only provider to use BankID instead of sending a link', async () => {
    const email = uniqueEmail('terapeut');
    await server.database.db
      .insert(users)
      .values({ type: 'PROVIDER', name: 'Tera Peut', email, onboardingStep: 'USER_CREATED' });
    const res = await new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email });
    expect(await res.json()).toEqual({ message: NEUTRAL });
    const mail = await lastMailTo(server.baseUrl, email);
    expect(mail.subject).toBe('Så loggar du in hos Samtalsmatch');
    expect(mail.links.some((l) => l.includes('/reset-password/'))).toBe(false);
  });

  it('resets the password, ends every session, verifies the address, and works once', async () => {
    const signedIn = new TestClient(server.baseUrl);
    const email = await signedInClient(server, signedIn, { verify: false });
    const otherDevice = new TestClient(server.baseUrl);
    expect((await login(otherDevice, email)).status).toBe(200);
    const before = await userByEmail(email);

    const token = await requestReset(email);
    const client = new TestClient(server.baseUrl);
    const res = await client.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);

    expect((await signedIn.get('/api/users/me')).status).toBe(401);
    expect((await otherDevice.get('/api/users/me')).status).toBe(401);
    const sessions = await server.database.db.execute(
      sql`select 1 from session where sess->>'userId' = ${before.id}`,
    );
    expect(sessions.rows).toHaveLength(0);
    const after = await userByEmail(email);
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);

    expect((await login(new TestClient(server.baseUrl), email)).status).toBe(401);
    expect((await login(new TestClient(server.baseUrl), email, NEW_PASSWORD)).status).toBe(200);
    expect((await lastMailTo(server.baseUrl, email)).subject).toBe(
      'Ditt lösenord hos Samtalsmatch har ändrats',
    );

    const reuse = await client.post('/api/auth/reset-password', {
      token,
      password: 'Tredje-Försöket-7',
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await login(new TestClient(server.baseUrl), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('makes a reset link valid for one hour, and expired links fail', async () => {
    const { email } = await registered();
    const token = await requestReset(email);
    const [row] = await server.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000)).toBe(60);
    await expireToken(token);
    const res = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect((await login(new TestClient(server.baseUrl), email)).status).toBe(200);
  });

  it('only the newest reset link works', async () => {
    const { email } = await registered();
    const first = await requestReset(email);
    const second = await requestReset(email);
    const client = new TestClient(server.baseUrl);
    expect(
      (await client.post('/api/auth/reset-password', { token: first, password: NEW_PASSWORD }))
        .status,
    ).toBe(400);
    expect(
      (await client.post('/api/auth/reset-password', { token: second, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it.each([
    ['a forged token', () => generateToken()],
    ['a malformed token', () => '../../etc/passwd'],
  ])('refuses %s', async (_label, make) => {
    const res = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
      token: make(),
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses a verification token used as a reset token', async () => {
    const { email, verifyToken } = await registered();
    const res = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
      token: verifyToken,
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect((await login(new TestClient(server.baseUrl), email)).status).toBe(200);
  });

  it.each([
    [{ password: NEW_PASSWORD }, 'token'],
    [{ token: 'abc', password: 'Kort1' }, 'password'],
    [{ token: 'abc' }, 'password'],
    [{ token: 'abc', password: 'Lösenord1' }, 'password'],
    [{ token: 'abc', password: 'Password123!' }, 'password'],
    [{ token: 'abc', password: 'Samtalsmatch2025!' }, 'password'],
    [{ token: 'abc', password: 'Qwertyuiop1' }, 'password'],
  ])(
    'answers bad reset input %j with 400 on %s, keeping the token usable',
    async (input, field) => {
      const { email } = await registered();
      const token = await requestReset(email);
      const body = 'token' in input ? { ...input, token } : input;
      const res = await new TestClient(server.baseUrl).post('/api/auth/reset-password', body);
      expect(res.status).toBe(400);
      expect(
        ((await res.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors[field],
      ).toBeDefined();
      const ok = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
      });
      expect(ok.status).toBe(200);
    },
  );

  it.each([['Password123!'], ['Samtalsmatch2025!'], ['Qwertyuiop1']])(
    'refuses the easily guessed %s with PASSWORD_TOO_WEAK, keeping the old password and the link',
    async (password) => {
      const { email, verifyToken } = await registered();
      expect(
        (await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${verifyToken}`)).status,
      ).toBe(200);
      const token = await requestReset(email);
      const res = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
        token,
        password,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'PASSWORD_TOO_WEAK',
        message: MSG.passwordTooWeak,
        fieldErrors: { password: [MSG.passwordTooWeak] },
      });
      expect((await login(new TestClient(server.baseUrl), email)).status).toBe(200);
      expect((await login(new TestClient(server.baseUrl), email, password)).status).toBe(401);
      const [row] = await server.database.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
      expect(row!.usedAt).toBeNull();
    },
  );

  it("refuses a new password built on the account's own name", async () => {
    const email = uniqueEmail('namnet');
    expect(
      (
        await registerClient(new TestClient(server.baseUrl), {
          email,
          name: 'Ebba Kvarnbergsgatan',
        })
      ).status,
    ).toBe(201);
    const token = await requestReset(email);
    const res = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
      token,
      password: 'Kvarnbergsgatan7!',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('PASSWORD_TOO_WEAK');
  });

  it('answers 400 for a bad forgot-password e-mail', async () => {
    const res = await new TestClient(server.baseUrl).post('/api/auth/forgot-password', {
      email: 'nej',
    });
    expect(res.status).toBe(400);
    expect(
      ((await res.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.email,
    ).toBeDefined();
  });
});

describe('PATCH /api/users/email', () => {
  it('changes the address only after the new one is verified, and tells the old one', async () => {
    const client = new TestClient(server.baseUrl);
    const oldEmail = await signedInClient(server, client);
    const newEmail = uniqueEmail('ny-adress');
    const res = await client.patch('/api/users/email', {
      email: `  ${newEmail.toUpperCase()}`,
      currentPassword: GOOD_PASSWORD,
    });
    expect(res.status).toBe(202);
    const me = (await (await client.get('/api/users/me')).json()) as { email: string };
    expect(me.email).toBe(oldEmail);

    const mail = await lastMailTo(server.baseUrl, newEmail);
    expect(mail.subject).toBe('Bekräfta din nya e-postadress hos Samtalsmatch');
    const token = tokenFrom(mail, 'verify-email');
    expect(
      (await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${token}`)).status,
    ).toBe(200);

    const after = (await (await client.get('/api/users/me')).json()) as {
      email: string;
      emailVerified: boolean;
    };
    expect(after).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await lastMailTo(server.baseUrl, oldEmail)).subject).toBe(
      'Din e-postadress hos Samtalsmatch har ändrats',
    );
    expect((await login(new TestClient(server.baseUrl), newEmail)).status).toBe(200);
    expect((await login(new TestClient(server.baseUrl), oldEmail)).status).toBe(401);
  });

  it('does not reveal that the new address is taken; its owner gets a notice', async () => {
    const owner = uniqueEmail('ägare');
    await registerClient(new TestClient(server.baseUrl), { email: owner });
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const taken = await client.patch('/api/users/email', {
      email: owner,
      currentPassword: GOOD_PASSWORD,
    });
    const free = await client.patch('/api/users/email', {
      email: uniqueEmail('ledig'),
      currentPassword: GOOD_PASSWORD,
    });
    expect(taken.status).toBe(202);
    expect(await taken.text()).toBe(await free.text());
    const notice = await lastMailTo(server.baseUrl, owner);
    expect(notice.subject).toBe('Någon försökte använda din e-postadress hos Samtalsmatch');
    expect(notice.links.some((l) => l.includes('/verify-email/'))).toBe(false);
  });

  it('refuses the change link when the address was taken in the meantime (409)', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const wanted = uniqueEmail('kapplöpning');
    await client.patch('/api/users/email', { email: wanted, currentPassword: GOOD_PASSWORD });
    const token = tokenFrom(await lastMailTo(server.baseUrl, wanted), 'verify-email');
    await registerClient(new TestClient(server.baseUrl), { email: wanted });
    const res = await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${token}`);
    expect(res.status).toBe(409);
  });

  it('two accounts confirming a change to the same address at once: one wins, the other 409, never 500', async () => {
    for (let round = 0; round < 5; round++) {
      const wanted = uniqueEmail('samtidig');
      const tokens: string[] = [];
      for (let i = 0; i < 2; i++) {
        const client = new TestClient(server.baseUrl);
        await signedInClient(server, client);
        expect(
          (
            await client.patch('/api/users/email', {
              email: wanted,
              currentPassword: GOOD_PASSWORD,
            })
          ).status,
        ).toBe(202);
        tokens.push(tokenFrom(await lastMailTo(server.baseUrl, wanted), 'verify-email'));
      }
      const statuses = await Promise.all(
        tokens.map(
          async (t) =>
            (await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${t}`)).status,
        ),
      );
      expect(statuses.sort()).toEqual([200, 409]);
    }
  });

  it('needs a signed-in user and a valid e-mail', async () => {
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.patch('/api/users/email', { email: uniqueEmail() })).status).toBe(401);
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const bad = await client.patch('/api/users/email', { email: 'inte en adress' });
    expect(bad.status).toBe(400);
  });
});

describe('neutral answers take the same time for known and unknown addresses', () => {
  // Without the floor an unknown address answered in a few ms (one SELECT)
  // and a known one several ms later (token, outbox row, transaction).
  async function elapsed(call: () => Promise<Response>): Promise<number> {
    const started = performance.now();
    const res = await call();
    expect(res.status).toBeLessThan(300);
    return performance.now() - started;
  }

  it('forgot-password and resend-verification never answer before the floor', async () => {
    const { email } = await registered();
    const client = new TestClient(server.baseUrl);
    await client.csrfToken();
    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
      for (const address of [email, uniqueEmail('okänd')]) {
        const ms = await elapsed(() => client.post(path, { email: address }));
        expect(ms, `${path} ${address === email ? 'known' : 'unknown'}`).toBeGreaterThanOrEqual(
          NEUTRAL_ANSWER_MS - 5,
        );
      }
    }
  });

  it('a change to a taken address takes as long as one to a free address', async () => {
    const owner = uniqueEmail('tagen');
    await registerClient(new TestClient(server.baseUrl), { email: owner });
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    for (const address of [owner, uniqueEmail('fri')]) {
      const ms = await elapsed(() =>
        client.patch('/api/users/email', { email: address, currentPassword: GOOD_PASSWORD }),
      );
      expect(ms).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 5);
    }
  });
});

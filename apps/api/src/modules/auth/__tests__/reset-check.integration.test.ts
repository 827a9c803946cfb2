import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { lastMailTo, login, registerClient, tokenFrom, uniqueEmail } from '../../../test/accounts';
import { generateToken, hashToken } from '../../../lib/tokens';

const RESET_FAILED = 'Länken kan ha gått ut eller så är den ogiltig.';
const NEW_PASSWORD = 'Nytt-Höst-Äpple-83';
const CHECK = '/api/auth/reset-password/check';

async function registeredWithReset(server: TestServer): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('check');
  expect((await registerClient(new TestClient(server.baseUrl), { email })).status).toBe(201);
  const res = await new TestClient(server.baseUrl).post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  return { email, token: tokenFrom(await lastMailTo(server.baseUrl, email), 'reset-password') };
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(400);
  // Only the code and the one Swedish text: nothing about the account or why.
  expect(await res.json()).toEqual({ status: 400, code: 'TOKEN_INVALID', message: RESET_FAILED });
}

describe('POST /api/auth/reset-password/check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 200 for a usable link, as often as asked, and never uses it up', async () => {
    const { email, token } = await registeredWithReset(server);
    const client = new TestClient(server.baseUrl);
    for (let i = 0; i < 3; i += 1) {
      const res = await client.post(CHECK, { token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ valid: true });
    }
    const [row] = await server.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(row!.usedAt).toBeNull();
    // The link still sets the password afterwards.
    const reset = await client.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect((await login(new TestClient(server.baseUrl), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a used link', async () => {
    const { token } = await registeredWithReset(server);
    const client = new TestClient(server.baseUrl);
    expect(
      (await client.post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status,
    ).toBe(200);
    await expectRefused(await client.post(CHECK, { token }));
  });

  it('refuses an expired link', async () => {
    const { token } = await registeredWithReset(server);
    await server.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    await expectRefused(await new TestClient(server.baseUrl).post(CHECK, { token }));
  });

  it('refuses a forged, a malformed and a verification token alike', async () => {
    const email = uniqueEmail('check');
    expect((await registerClient(new TestClient(server.baseUrl), { email })).status).toBe(201);
    const verifyToken = tokenFrom(await lastMailTo(server.baseUrl, email), 'verify-email');
    const client = new TestClient(server.baseUrl);
    for (const token of [generateToken(), 'inte-en-token', verifyToken]) {
      await expectRefused(await client.post(CHECK, { token }));
    }
    // The verification link was not used up by being checked as a reset link.
    expect((await client.get(`/api/auth/verify-email/${verifyToken}`)).status).toBe(200);
  });

  it('validates its body with a Swedish 400', async () => {
    const client = new TestClient(server.baseUrl);
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(600) }]) {
      const res = await client.post(CHECK, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(RESET_FAILED);
    }
  });

  it('needs the CSRF token like every POST', async () => {
    const res = await new TestClient(server.baseUrl).post(
      CHECK,
      { token: generateToken() },
      { csrf: false },
    );
    expect(res.status).toBe(403);
  });
});

describe('the check shares the reset limits (a check is a guess at a link too)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_RESET_PASSWORD: '3/100/60' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 past the per-address limit, checks and resets counted together', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.post(CHECK, { token: generateToken() })).status).toBe(400);
    expect(
      (
        await client.post('/api/auth/reset-password', {
          token: generateToken(),
          password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(400);
    expect((await client.post(CHECK, { token: generateToken() })).status).toBe(400);
    const limited = await client.post(CHECK, { token: generateToken() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

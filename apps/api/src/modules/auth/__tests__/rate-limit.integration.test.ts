import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  GOOD_PASSWORD,
  signedInClient,
  startSecondInstance,
  uniqueEmail,
} from '../../../test/accounts';
import { generateToken } from '../../../lib/tokens';

const TOO_MANY =
  'För många försök, försök igen om en stund eller kontakta support om problemet kvarstår';

function loginAs(client: TestClient, email: string, ip?: string, password = 'Fel-Lösenord-1') {
  return client.post(
    '/api/auth/login',
    { email, password },
    ip ? { headers: { 'x-forwarded-for': ip } } : undefined,
  );
}

describe('per account and per IP', () => {
  let server: TestServer;
  beforeAll(async () => {
    // 4 per IP, 2 per account, 15-minute windows.
    server = await startTestServer({ RATE_LIMIT_LOGIN: '4/2/15' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a third try on one account from one address with 429, the Swedish text and standard headers', async () => {
    const client = new TestClient(server.baseUrl);
    const email = uniqueEmail('spärr');
    const ip = '203.0.113.10';
    const first = await loginAs(client, email, ip);
    expect(first.status).toBe(401);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(first.headers.get('ratelimit-policy')).toBe('4;w=900, 2;w=900');
    expect(first.headers.get('retry-after')).toBeNull();
    expect((await loginAs(client, email, ip)).status).toBe(401);

    const refused = await loginAs(client, email.toUpperCase(), ip, GOOD_PASSWORD);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: TOO_MANY, status: 429, code: 'RATE_LIMITED' });
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Only this address is refused for this account (docs/rules/accounts.md#login-limits): the
    // account is slowed down, not locked, from other addresses; another
    // account from this address is not limited by it.
    expect((await loginAs(client, email, '198.51.100.7')).status).toBe(401);
    expect((await loginAs(client, uniqueEmail('annan'), ip)).status).toBe(401);
  });

  it('limits one IP across accounts, and tells IPs apart behind the trusted proxy', async () => {
    const client = new TestClient(server.baseUrl);
    const ip = '203.0.113.20';
    for (let i = 0; i < 4; i++) expect((await loginAs(client, uniqueEmail(), ip)).status).toBe(401);
    expect((await loginAs(client, uniqueEmail(), ip)).status).toBe(429);
    expect((await loginAs(client, uniqueEmail(), '203.0.113.21')).status).toBe(401);
  });

  it('counts a whole IPv6 /64 as one address, so rotating within it does not help', async () => {
    const client = new TestClient(server.baseUrl);
    for (let i = 1; i <= 4; i++) {
      const ip = `2001:db8:aa:bb::${i.toString(16)}`;
      expect((await loginAs(client, uniqueEmail(), ip)).status).toBe(401);
    }
    expect((await loginAs(client, uniqueEmail(), '2001:db8:aa:bb:ffff::5')).status).toBe(429);
    expect((await loginAs(client, uniqueEmail(), '2001:db8:aa:bc::1')).status).toBe(401);
  });

  it('opens again when the window has ended', async () => {
    const client = new TestClient(server.baseUrl);
    const ip = '203.0.113.30';
    for (let i = 0; i < 4; i++) await loginAs(client, uniqueEmail(), ip);
    expect((await loginAs(client, uniqueEmail(), ip)).status).toBe(429);
    await server.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second'`,
    );
    expect((await loginAs(client, uniqueEmail(), ip)).status).toBe(401);
  });

  it('forgets the account counter after a successful sign-in', async () => {
    const client = new TestClient(server.baseUrl);
    const email = await signedInClient(server, client, { verify: false });
    const ip = '203.0.113.40';
    expect((await loginAs(client, email, ip)).status).toBe(401);
    expect((await loginAs(client, email, ip, GOOD_PASSWORD)).status).toBe(200);
    client.forgetCsrf();
    expect((await loginAs(client, email, ip)).status).toBe(401);
    expect((await loginAs(client, email, ip)).status).toBe(401);
  });

  it('stores neither addresses nor e-mails in the counters', async () => {
    const result = await server.database.db.execute<{ key: string }>(
      sql`select key from rate_limits`,
    );
    expect(result.rows.length).toBeGreaterThan(0);
    for (const { key } of result.rows) {
      expect(key).toMatch(/^[a-zA-Z]+:(ip|account|pair):[A-Za-z0-9_-]{32}$/);
    }
  });
});

describe('nobody can lock someone else out', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The defaults: 50 per address, 10 failures per account and address.
    server = await startTestServer({ RATE_LIMIT_LOGIN: '50/10/15' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets the owner in from a fresh address after ten wrong passwords from rotating ones', async () => {
    const owner = new TestClient(server.baseUrl);
    const email = await signedInClient(server, owner, { verify: false });
    const attacker = new TestClient(server.baseUrl);
    for (let i = 1; i <= 10; i++) {
      expect((await loginAs(attacker, email, `198.51.100.${i}`)).status).toBe(401);
    }
    // More guesses from new addresses are slowed down, not locked out.
    expect((await loginAs(attacker, email, '198.51.100.11')).status).toBe(401);

    const res = await loginAs(new TestClient(server.baseUrl), email, '192.0.2.77', GOOD_PASSWORD);
    expect(res.status).toBe(200);
  });

  it('refuses the address that failed too often on the account, even with the right password', async () => {
    const email = await signedInClient(server, new TestClient(server.baseUrl), { verify: false });
    const client = new TestClient(server.baseUrl);
    const ip = '203.0.113.99';
    for (let i = 0; i < 10; i++) expect((await loginAs(client, email, ip)).status).toBe(401);
    expect((await loginAs(client, email, ip, GOOD_PASSWORD)).status).toBe(429);
    // Another account from the same address is not refused by it.
    expect((await loginAs(client, uniqueEmail('annan'), ip)).status).toBe(401);
    // The owner from elsewhere is not either; signing in forgets the account's failures.
    expect((await loginAs(client, email, '192.0.2.78', GOOD_PASSWORD)).status).toBe(200);
  });

  it('still limits one address across accounts', async () => {
    const client = new TestClient(server.baseUrl);
    const ip = '203.0.113.120';
    for (let i = 0; i < 50; i++) await loginAs(client, uniqueEmail('massa'), ip);
    expect((await loginAs(client, uniqueEmail('massa'), ip)).status).toBe(429);
  });
});

describe('without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a client cannot pick its own address', async () => {
    const server = await startTestServer({ RATE_LIMIT_LOGIN: '2/100/15', TRUST_PROXY: 'false' });
    try {
      const client = new TestClient(server.baseUrl);
      expect((await loginAs(client, uniqueEmail(), '192.0.2.1')).status).toBe(401);
      expect((await loginAs(client, uniqueEmail(), '192.0.2.2')).status).toBe(401);
      expect((await loginAs(client, uniqueEmail(), '192.0.2.3')).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('every account endpoint is limited', () => {
  let server: TestServer;
  const env = {
    RATE_LIMIT_REGISTER: '2/100/60',
    RATE_LIMIT_FORGOT_PASSWORD: '2/100/60',
    RATE_LIMIT_RESET_PASSWORD: '2/100/60',
    RATE_LIMIT_VERIFY_EMAIL: '2/100/60',
    RATE_LIMIT_RESEND_VERIFICATION: '2/100/60',
    RATE_LIMIT_CHANGE_EMAIL: '2/100/60',
  };
  beforeAll(async () => {
    server = await startTestServer(env);
  });
  afterAll(async () => {
    await server.close();
  });

  const cases: [string, (c: TestClient) => Promise<Response>][] = [
    [
      'register',
      (c) =>
        c.post('/api/auth/register', { email: uniqueEmail(), name: 'A', password: GOOD_PASSWORD }),
    ],
    ['forgot-password', (c) => c.post('/api/auth/forgot-password', { email: uniqueEmail() })],
    [
      'reset-password',
      (c) =>
        c.post('/api/auth/reset-password', { token: generateToken(), password: GOOD_PASSWORD }),
    ],
    ['verify-email', (c) => c.get(`/api/auth/verify-email/${generateToken()}`)],
    [
      'resend-verification',
      (c) => c.post('/api/auth/resend-verification', { email: uniqueEmail() }),
    ],
  ];
  it.each(cases)('%s: 429 after the limit', async (_name, call) => {
    const client = new TestClient(server.baseUrl);
    expect((await call(client)).status).not.toBe(429);
    expect((await call(client)).status).not.toBe(429);
    const refused = await call(client);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('per account too: resend for one e-mail from many addresses', async () => {
    const per = await startTestServer({ RATE_LIMIT_RESEND_VERIFICATION: '100/2/60' });
    try {
      const client = new TestClient(per.baseUrl);
      const email = uniqueEmail();
      for (const ip of ['192.0.2.10', '192.0.2.11']) {
        const res = await client.post(
          '/api/auth/resend-verification',
          { email },
          { headers: { 'x-forwarded-for': ip } },
        );
        expect(res.status).toBe(200);
      }
      const res = await client.post(
        '/api/auth/resend-verification',
        { email },
        { headers: { 'x-forwarded-for': '192.0.2.12' } },
      );
      expect(res.status).toBe(429);
    } finally {
      await per.close();
    }
  });
});

describe('changing the e-mail address', () => {
  it('is limited per signed-in account', async () => {
    const server = await startTestServer({ RATE_LIMIT_CHANGE_EMAIL: '100/2/60' });
    try {
      const client = new TestClient(server.baseUrl);
      await signedInClient(server, client);
      const change = (ip: string) =>
        client.patch(
          '/api/users/email',
          { email: uniqueEmail('byte'), currentPassword: GOOD_PASSWORD },
          { headers: { 'x-forwarded-for': ip } },
        );
      expect((await change('192.0.2.20')).status).toBe(202);
      expect((await change('192.0.2.21')).status).toBe(202);
      expect((await change('192.0.2.22')).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('two API processes on one database', () => {
  it('share the counters', async () => {
    const server = await startTestServer({ RATE_LIMIT_LOGIN: '100/3/15' });
    const second = await startSecondInstance(server, { RATE_LIMIT_LOGIN: '100/3/15' });
    try {
      const email = uniqueEmail('delad');
      const a = new TestClient(server.baseUrl);
      const b = new TestClient(second.baseUrl);
      expect((await loginAs(a, email)).status).toBe(401);
      expect((await loginAs(b, email)).status).toBe(401);
      expect((await loginAs(a, email)).status).toBe(401);
      expect((await loginAs(b, email)).status).toBe(429);
      expect((await loginAs(a, email)).status).toBe(429);
    } finally {
      await second.close();
      await server.close();
    }
  });
});

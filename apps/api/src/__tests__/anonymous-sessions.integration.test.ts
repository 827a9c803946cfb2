import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, TestClient, type TestServer } from '../test/harness';
import { signedInClient } from '../test/accounts';

// Anonymous sessions (docs/rules/accounts.md#anonymous-sessions, decision 124): every GET /api/csrf-token without a cookie stored a
// 12-hour session row. Anonymous sessions now live 30 minutes and each
// address may start a limited number of them per window.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_ANONYMOUS_SESSION: '50/15' });
});

afterAll(async () => {
  await server.close();
});

async function sessionRows(): Promise<{ total: number; longLived: number }> {
  const result = await server.database.db.execute<{ total: number; long_lived: number }>(sql`
    select count(*)::int as total,
           (count(*) filter (where expire > now() + interval '31 minutes'))::int as long_lived
    from session
  `);
  const row = result.rows[0]!;
  return { total: row.total, longLived: row.long_lived };
}

function tokenWithoutCookie(ip: string) {
  return fetch(`${server.baseUrl}/api/csrf-token`, { headers: { 'x-forwarded-for': ip } });
}

describe('GET /api/csrf-token without a cookie', () => {
  it('stores no long-lived row, and at most the per-address limit of rows', async () => {
    const before = await sessionRows();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await tokenWithoutCookie('203.0.113.50');
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150);
    const after = await sessionRows();
    expect(after.total - before.total).toBe(50);
    expect(after.longLived).toBe(before.longLived);

    // Another address is not affected by this one.
    expect((await tokenWithoutCookie('203.0.113.51')).status).toBe(200);
  });

  it('answers 429 with the Swedish text and Retry-After', async () => {
    for (let i = 0; i < 50; i++) await (await tokenWithoutCookie('203.0.113.60')).arrayBuffer();
    const res = await tokenWithoutCookie('203.0.113.60');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toMatch(/^För många försök/);
  });

  it('does not count a session that already has its token', async () => {
    const client = new TestClient(server.baseUrl);
    const headers = { 'x-forwarded-for': '203.0.113.70' };
    for (let i = 0; i < 60; i++) {
      expect((await client.get('/api/csrf-token', { headers })).status).toBe(200);
    }
  });

  it('gives a signed-in session its full life', async () => {
    const client = new TestClient(server.baseUrl);
    await signedInClient(server, client);
    const sid = decodeURIComponent(client.getCookie('samtalsmatch.sid')!).slice(2).split('.')[0]!;
    const result = await server.database.db.execute<{ hours: number }>(
      sql`select extract(epoch from expire - now()) / 3600 as hours from session where sid = ${sid}`,
    );
    expect(Number(result.rows[0]!.hours)).toBeGreaterThan(11);
  });

  it('gives the session that replaces an ended one the anonymous life', async () => {
    const client = new TestClient(server.baseUrl);
    const email = await signedInClient(server, client);
    // A password reset elsewhere: this session's version is stale, so the request ends it.
    await server.database.db.execute(
      sql`update users set session_version = session_version + 1 where email = ${email}`,
    );
    const signedInSid = decodeURIComponent(client.getCookie('samtalsmatch.sid')!);
    const res = await client.get('/api/csrf-token', {
      headers: { 'x-forwarded-for': '203.0.113.80' },
    });
    expect(res.status).toBe(200);
    const cookie = decodeURIComponent(client.getCookie('samtalsmatch.sid')!);
    expect(cookie).not.toBe(signedInSid);
    const sid = cookie.slice(2).split('.')[0]!;
    const result = await server.database.db.execute<{ minutes: number }>(
      sql`select extract(epoch from expire - now()) / 60 as minutes from session where sid = ${sid}`,
    );
    expect(Number(result.rows[0]!.minutes)).toBeLessThan(31);
  });
});

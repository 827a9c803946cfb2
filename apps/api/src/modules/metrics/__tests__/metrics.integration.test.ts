import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { signedInClient } from '../../../test/accounts';

const TOKEN = 'a-metrics-token-of-at-least-32-characters';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN, TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await server.close();
});

const scrape = (headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/metrics`, { headers });

/** The status of GET /metrics sent with a Host header of our choosing (fetch keeps its own). */
function scrapeAsHost(host: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseUrl}/metrics`, { headers: { ...headers, host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /metrics', () => {
  it('answers a loopback client in the Prometheus text format', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="waiting"\} \d+$/m);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
  });

  it('refuses a client that a trusted proxy says is elsewhere, unless it brings the token', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.7' };
    const refused = await scrape(forwarded);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('http_request_duration_seconds');

    const wrong = await scrape({ ...forwarded, authorization: `Bearer ${TOKEN}x` });
    expect(wrong.status).toBe(403);
    // A wrong token is refused even from this machine.
    expect((await scrape({ authorization: 'Bearer not-the-token' })).status).toBe(403);
    expect((await scrape({ authorization: TOKEN })).status).toBe(403);

    const allowed = await scrape({ ...forwarded, authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    // The token also lets a scraper address the machine by another name than PUBLIC_URL.
    const other = 'metrics.internal.example';
    expect(await scrapeAsHost(other, { authorization: `Bearer ${TOKEN}` })).toBe(200);
    // Without it, only this machine's own names: a DNS-rebinding page gets nothing.
    expect(await scrapeAsHost(other)).toBe(403);
    expect(await scrapeAsHost('localhost:3000')).toBe(200);
  });

  it('counts the outbox mails waiting and given up on', async () => {
    await server.database.pool.query(`
      insert into mail_outbox (to_address, subject, text, html, status)
      values ('a@example.se', 's', 't', 'h', 'PENDING'), ('b@example.se', 's', 't', 'h', 'PENDING'),
             ('c@example.se', 's', 't', 'h', 'FAILED'), ('d@example.se', 's', 't', 'h', 'SENT')
    `);
    const counts = await server.database.pool.query<{ status: string; n: number }>(
      `select status::text, count(*)::int as n from mail_outbox group by status`,
    );
    const n = (status: string) => counts.rows.find((r) => r.status === status)?.n ?? 0;
    const text = await (await scrape()).text();
    expect(text).toMatch(
      new RegExp(`^mail_outbox_mails\\{status="pending"\\} ${n('PENDING')}$`, 'm'),
    );
    expect(text).toMatch(
      new RegExp(`^mail_outbox_mails\\{status="failed"\\} ${n('FAILED')}$`, 'm'),
    );
    expect(n('PENDING')).toBeGreaterThanOrEqual(2);
  });

  it('labels requests by route pattern and status, never by the URL or anything personal', async () => {
    const client = new TestClient(server.baseUrl);
    const email = await signedInClient(server, client);
    const me = (await (await client.get('/api/users/me')).json()) as { id: string };
    const missing = '0a0b0c0d-0000-4000-8000-000000000001';
    await client.get(`/api/availabilities/${missing}`);
    await client.get(`/api/availabilities/${me.id}`);
    await client.get(`/api/no-such-thing/${encodeURIComponent(email)}`);

    const text = await (await scrape()).text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/users\/me",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/availabilities\/:userId",status="\d{3}"\} \d+/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/login",status="200"\} \d+/,
    );
    expect(text).toMatch(/route="not found",status="404"/);
    for (const secret of [email, encodeURIComponent(email), me.id, missing, 'no-such-thing']) {
      expect(text).not.toContain(secret);
    }
    // Every route label is a pattern or one of the two fixed names.
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).toMatch(/^(\/[a-z0-9:/._-]*|not found|other)$/i);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestServer, TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Nothing is stored, so no validator is worth hashing the body for.
    expect(res.headers.get('etag')).toBeNull();
  });

  it('gives an API answer the headers of a resource that is never a page, and a request id', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A page's policies are for documents; an API answer carries none of them.
    expect(res.headers.get('permissions-policy')).toBeNull();
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    // An error and an unknown API path are API answers too.
    for (const path of ['/api/no-such-thing', '/api/users/me']) {
      const other = await fetch(`${server.baseUrl}${path}`);
      expect(other.status).toBeGreaterThanOrEqual(400);
      expect(other.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(other.headers.get('cache-control')).toBe('no-store');
    }
  });

  it("gives every page the page policies: helmet's CSP, no framing, and camera, microphone and location off", async () => {
    for (const path of ['/', '/dev/mailbox']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      const csp = (res.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim());
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const policy = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
        expect(policy.split(', ')).toContain(feature);
      }
    }
  });

  it('opens the camera and microphone to the video room pages themselves, and lets the page reach its signalling socket', async () => {
    const res = await fetch(`${server.baseUrl}/samtal/test`);
    const policy = (res.headers.get('permissions-policy') ?? '').split(', ');
    expect(policy).toContain('camera=(self)');
    expect(policy).toContain('microphone=(self)');
    expect(policy).toContain('geolocation=()');
    const csp = (res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    expect(csp).toContain(`connect-src 'self' ${server.config.publicUrl.replace(/^http/, 'ws')}`);
    const other = await fetch(`${server.baseUrl}/dashboard`);
    expect(other.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('echoes a well-formed x-request-id and replaces a malformed one', async () => {
    const ok = await fetch(`${server.baseUrl}/api/health`, {
      headers: { 'x-request-id': 'abc12345-test' },
    });
    expect(ok.headers.get('x-request-id')).toBe('abc12345-test');
    const bad = await fetch(`${server.baseUrl}/api/health`, {
      headers: { 'x-request-id': 'x y<script>' },
    });
    expect(bad.headers.get('x-request-id')).not.toBe('x y<script>');
  });
});

describe('errors', () => {
  it('answers unknown /api routes with JSON 404 {message, status}', async () => {
    const res = await fetch(`${server.baseUrl}/api/does-not-exist`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string; status: number };
    expect(body.status).toBe(404);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const client = new TestClient(server.baseUrl);
    const res = await client.request('POST', '/api/anything', '{"broken', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { status: number }).status).toBe(400);
  });

  it('reads no body of a GET: one that is not JSON is not an error', async () => {
    const answer = await rawRequest(
      `${server.baseUrl}/api/public-config`,
      { method: 'GET', headers: { 'content-type': 'application/json' } },
      '{"broken',
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('companyName');
  });

  it.each([
    ['an unknown charset', { 'content-type': 'application/json; charset=klingon' }, '{}', 415],
    [
      'an unknown Content-Encoding',
      { 'content-type': 'application/json', 'content-encoding': 'x-unknown' },
      '{}',
      415,
    ],
    [
      'a gzip body that does not inflate',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      'not gzip at all',
      400,
    ],
  ])('answers a body with %s with a JSON 4xx, not 500', async (_name, headers, body, status) => {
    const client = new TestClient(server.baseUrl);
    const res = await client.request('POST', '/api/auth/login', body, { headers });
    expect(res.status).toBe(status);
    const json = (await res.json()) as { message: string; status: number };
    expect(json.status).toBe(status);
    expect(json.message.length).toBeGreaterThan(0);
  });

  it('answers a path parameter that does not percent-decode with 400, not 500', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/verify-email/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { status: number }).status).toBe(400);
  });
});

describe('CSRF', () => {
  it('GET /api/csrf-token returns a token bound to the session cookie', async () => {
    const client = new TestClient(server.baseUrl);
    const token = await client.csrfToken();
    expect(token).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(client.getCookie('samtalsmatch.sid')).toBeTruthy();
  });

  it('refuses a mutating request without the token with 403', async () => {
    const client = new TestClient(server.baseUrl);
    await client.csrfToken();
    const res = await client.post('/api/does-not-exist', {}, { csrf: false });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: 403, code: 'CSRF_INVALID' });
  });

  it('refuses a wrong token with 403 and lets the right one through', async () => {
    const client = new TestClient(server.baseUrl);
    await client.csrfToken();
    const wrong = await client.post('/api/does-not-exist', {}, { csrf: 'not-the-token' });
    expect(wrong.status).toBe(403);
    const right = await client.post('/api/does-not-exist', {});
    expect(right.status).toBe(404);
  });

  it("refuses another session's token", async () => {
    const alice = new TestClient(server.baseUrl);
    const mallory = new TestClient(server.baseUrl);
    const aliceToken = await alice.csrfToken();
    await mallory.csrfToken();
    const res = await mallory.post('/api/does-not-exist', {}, { csrf: aliceToken });
    expect(res.status).toBe(403);
  });
});

describe('a forgotten NODE_ENV on a public https address', () => {
  it('never serves /dev/mailbox or the BankID test provider: the server refuses to start', async () => {
    let started: Awaited<ReturnType<typeof startTestServer>> | undefined;
    let refused: unknown;
    try {
      started = await startTestServer({
        NODE_ENV: 'development',
        PUBLIC_URL: 'https://samtalsmatch.example',
      });
    } catch (err) {
      refused = err;
    }
    if (started) {
      const mailbox = await fetch(`${started.baseUrl}/dev/mailbox.json`);
      const oidc = await fetch(`${started.baseUrl}/oidc/.well-known/openid-configuration`);
      await started.close();
      expect({ mailbox: mailbox.status, oidc: oidc.status }).toEqual({ mailbox: 404, oidc: 404 });
    }
    expect(String(refused)).toMatch(/NODE_ENV=production/);
  });
});

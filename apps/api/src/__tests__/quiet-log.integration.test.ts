import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { renderErrorPage } from '../modules/bankid/login-page';
import { startTestServer, TestClient, type TestServer } from '../test/harness';
import { eventually } from '../test/accounts';

// docs/rules/accounts.md#a-quiet-log: what every visit does is not a line at info level,
// and the pages and headers give a browser nothing to warn about.

let server: TestServer;
const lines: {
  level: number;
  msg: string;
  path?: string;
  status?: number;
  requestId?: string;
}[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  server = await startTestServer({}, { logger: createLogger('debug', sink) });
});

afterAll(async () => {
  await server.close();
});

const DEBUG = 20;
const INFO = 30;

async function lineOf(path: string, status: number) {
  return eventually(async () =>
    lines.find((l) => l.msg === 'request' && l.path === path && l.status === status),
  );
}

describe('a quiet log', () => {
  it("logs an anonymous visitor's GET /api/users/me (401) at debug level, other 401s at info", async () => {
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.get('/api/users/me')).status).toBe(401);
    expect((await lineOf('/api/users/me', 401)).level).toBe(DEBUG);

    expect((await visitor.get('/api/matches')).status).toBe(401);
    expect((await lineOf('/api/matches', 401)).level).toBe(INFO);
  });

  it("binds a request's line to its id: the caller's well-formed x-request-id, else a new one", async () => {
    const given = 'quiet-log-request-0001';
    const res = await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-request-id': given } });
    expect(res.headers.get('x-request-id')).toBe(given);
    await eventually(async () => lines.find((l) => l.msg === 'request' && l.requestId === given));

    // Not well formed (a space, too short): a fresh id, echoed and on the line.
    const refused = await fetch(`${server.baseUrl}/api/no-such-thing`, {
      headers: { 'x-request-id': 'a b' },
    });
    const fresh = refused.headers.get('x-request-id');
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    const line = await eventually(async () =>
      lines.find((l) => l.msg === 'request' && l.path === '/api/no-such-thing'),
    );
    expect(line.requestId).toBe(fresh);
  });

  it('names no feature Chromium does not know in Permissions-Policy (no bluetooth)', async () => {
    const res = await fetch(`${server.baseUrl}/`);
    const policy = (res.headers.get('permissions-policy') ?? '').split(', ');
    expect(policy).toContain('camera=()');
    expect(policy.some((p) => p.startsWith('bluetooth'))).toBe(false);
  });

  it('gives the dev pages an icon, so no browser asks for a /favicon.ico nothing serves', async () => {
    const mailbox = await (await fetch(`${server.baseUrl}/dev/mailbox`)).text();
    expect(mailbox).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/);
    expect(renderErrorPage('Något gick fel.')).toContain('<link rel="icon"');
  });
});

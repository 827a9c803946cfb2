/**
 * Every field the app adds to a request or a response is given before
 * Express changes their prototypes (lib/request-shape.ts, decision 516): a
 * middleware that adds a new one fails here until it is listed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createLogger } from '../lib/logger';
import { REQUEST_FIELDS, RESPONSE_FIELDS } from '../lib/request-shape';
import { createClient, createSessionCookie, FACTORY_PASSWORD } from '../test/factories';
import { eventually } from '../test/accounts';
import { startTestServer, TestClient, type TestServer } from '../test/harness';

/** What Node itself adds while it reads a request (an event listener's count). */
const NODE_FIELDS = ['_eventsCount'];

interface Seen {
  url: string;
  request: string[];
  response: string[];
}

const ASSET = '/assets/index-AbC123xy.js';

let distDir: string;
let server: TestServer;
let http: Server;
let baseUrl: string;
const seen: Seen[] = [];
let started = 0;

beforeAll(async () => {
  server = await startTestServer();
  distDir = await mkdtemp(path.join(tmpdir(), 'samtalsmatch-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  // Large enough to be compressed.
  await writeFile(
    path.join(distDir, 'index.html'),
    `<!doctype html>${'<p>Samtalsmatch</p>'.repeat(200)}`,
  );
  await writeFile(
    path.join(distDir, ASSET),
    `export const text = '${'Samtalsmatch '.repeat(500)}';\n`,
  );
  const app = createApp({
    config: { ...server.config, webDistDir: distDir },
    database: server.database,
    logger: createLogger('silent'),
  });
  http = createServer((req: IncomingMessage, res: ServerResponse) => {
    started++;
    const before = { request: new Set(Object.keys(req)), response: new Set(Object.keys(res)) };
    res.once('close', () =>
      seen.push({
        url: `${req.method} ${req.url}`,
        request: Object.keys(req).filter((k) => !before.request.has(k)),
        response: Object.keys(res).filter((k) => !before.response.has(k)),
      }),
    );
    app(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

async function requestsOf(send: () => Promise<unknown>): Promise<Seen[]> {
  const from = seen.length;
  await send();
  // A response's `close` may follow the answer's last byte.
  await eventually(async () => (seen.length === started ? true : undefined));
  return seen.slice(from);
}

describe('the shape of a request', () => {
  it.each([
    [
      'a signed-in read',
      async () => {
        const client = await createClient(server);
        const { header } = await createSessionCookie(server, client);
        const res = await fetch(`${baseUrl}/api/users/me`, { headers: { cookie: header } });
        expect(res.status).toBe(200);
      },
    ],
    [
      'a sign-in with a body and a CSRF token',
      async () => {
        const client = new TestClient(baseUrl);
        const res = await client.post('/api/auth/login', {
          email: 'ingen@exempel.se',
          password: FACTORY_PASSWORD,
        });
        expect(res.status).toBe(401);
      },
    ],
    [
      'a read that needs no session',
      async () => expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200),
    ],
    [
      'a page of the web app, compressed',
      async () => {
        const res = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe('gzip');
      },
    ],
    [
      'an asset of the web app, compressed',
      async () => {
        const res = await fetch(`${baseUrl}${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe('gzip');
      },
    ],
    [
      'an API path that does not exist',
      async () => expect((await fetch(`${baseUrl}/api/finns-inte`)).status).toBe(404),
    ],
  ])('%s: the app adds no field it did not give first', async (_what, send) => {
    const requests = await requestsOf(send);
    expect(requests.length).toBeGreaterThan(0);
    for (const { url, request, response } of requests) {
      // Given first, in order, before Express's own `req.res`.
      expect(request.slice(0, REQUEST_FIELDS.length), url).toEqual([...REQUEST_FIELDS]);
      expect(
        request.filter((k) => !(REQUEST_FIELDS as readonly string[]).includes(k)),
        url,
      ).toEqual(['res', ...NODE_FIELDS].filter((k) => request.includes(k)));
      expect(response.slice(0, RESPONSE_FIELDS.length), url).toEqual([...RESPONSE_FIELDS]);
      expect(
        response.filter((k) => !(RESPONSE_FIELDS as readonly string[]).includes(k)),
        url,
      ).toEqual(response.includes('req') ? ['req'] : []);
    }
  });
});

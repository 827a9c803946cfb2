import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@samtalsmatch/db/embedded';
import { startTestServer, type TestServer } from '../test/harness';
import { startNginx, stopNginx, writeNginxConfig } from '../test/nginx';
import { waitUntilReady } from '../test/processes';

// docs/rules/admin.md#metrics-never-pass-the-proxy: nginx refuses every path
// the API would answer with its metrics, whatever its case or spelling.

let dir: string;
let server: TestServer;
let nginx: ChildProcess | undefined;
let proxyPort: number;

interface RawAnswer {
  status: number;
  servedBy: string | undefined;
  body: string;
}

/** GET with the path exactly as written: fetch() would normalise dot segments and case. */
function rawGet(port: number, rawPath: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: rawPath, headers: { host: 'localhost' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            servedBy: res.headers['x-served-by'] as string | undefined,
            body,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const METRICS_TEXT = 'http_request_duration_seconds';

/** Spellings of the metrics path: case, a trailing slash, percent-encoding, dot segments, doubled slashes. */
const CANDIDATES = [
  '/metrics',
  '/METRICS',
  '/Metrics',
  '/mEtRiCs',
  '/metrics/',
  '/METRICS/',
  '/metrics?format=text',
  '/METRICS?format=text',
  '/%6Detrics',
  '/%4D%45%54%52%49%43%53',
  '//metrics',
  '/./metrics',
  '/api/../metrics',
  '/API/../METRICS/',
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'samtalsmatch-nginx-metrics-'));
  proxyPort = await freePort();
  server = await startTestServer({ PUBLIC_URL: `http://localhost:${proxyPort}` });
  const apiPort = Number(new URL(server.baseUrl).port);
  const file = await writeNginxConfig({
    listenPort: proxyPort,
    redirectPort: await freePort(),
    apiPorts: [apiPort],
    dir,
  });
  nginx = startNginx(file, dir);
  await waitUntilReady(`http://127.0.0.1:${proxyPort}`, { timeoutMs: 15_000 });
}, 60_000);

afterAll(async () => {
  if (nginx) await stopNginx(nginx, dir);
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('/metrics behind deploy/nginx.conf', () => {
  it('is what the API answers with its metrics in more spellings than one', async () => {
    const treated: string[] = [];
    for (const candidate of CANDIDATES) {
      const direct = await rawGet(Number(new URL(server.baseUrl).port), candidate);
      if (direct.status === 200 && direct.body.includes(METRICS_TEXT)) treated.push(candidate);
    }
    // Express routes without regard to case and with an optional trailing slash.
    expect(treated).toEqual(expect.arrayContaining(['/metrics', '/METRICS', '/metrics/']));
  });

  it.each(CANDIDATES)('refuses %s at nginx, never passing it on', async (candidate) => {
    const answer = await rawGet(proxyPort, candidate);
    expect(answer.status).toBe(404);
    // Answered by nginx itself: no process was asked.
    expect(answer.servedBy).toBeUndefined();
    expect(answer.body).not.toContain(METRICS_TEXT);
  });

  it('still passes the API on: /api/health is answered by the process', async () => {
    const health = await rawGet(proxyPort, '/api/health');
    expect(health.status).toBe(200);
    expect(health.servedBy).toBe(`127.0.0.1:${new URL(server.baseUrl).port}`);
  });
});

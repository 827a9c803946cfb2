import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxTest, PRODUCTION_CONFIG, renderNginxConfig, writeNginxConfig } from '../test/nginx';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'samtalsmatch-nginx-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('deploy/nginx.conf', () => {
  it('passes nginx -t as the tests render it', async () => {
    const file = await writeNginxConfig({
      listenPort: 3297,
      redirectPort: 3298,
      apiPorts: [3291, 3292],
      dir,
    });
    const { status, output } = nginxTest(file, dir);
    expect(output).toContain('syntax is ok');
    expect(status).toBe(0);
  });

  it('round-robins over two or more processes without upstream keep-alive, and keeps /metrics in', async () => {
    const production = await readFile(PRODUCTION_CONFIG, 'utf8');
    const active = production
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean);
    const upstream = active.slice(active.indexOf('upstream samtalsmatch_api {'));
    const servers = upstream.slice(0, upstream.indexOf('}')).filter((l) => l.startsWith('server '));
    expect(servers.length).toBeGreaterThanOrEqual(2);
    // No balancing method other than round-robin, no kept-alive upstream connections.
    for (const directive of ['keepalive', 'least_conn', 'ip_hash', 'hash ', 'random']) {
      expect(active.some((l) => l.startsWith(directive))).toBe(false);
    }
    // HTTP/1.1 only where a socket is upgraded (the video signalling), never for requests.
    const requests = active.slice(active.indexOf('location / {'));
    expect(requests.slice(0, requests.indexOf('}'))).not.toContain('proxy_http_version 1.1;');
    expect(active).toContain('location ~* ^/metrics {');
    expect(active).toContain('proxy_next_upstream error timeout;');
    expect(active).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(active).toContain('proxy_set_header Host $host;');
  });

  it('passes the video signalling socket’s upgrade on, and only on its path', async () => {
    const production = await readFile(PRODUCTION_CONFIG, 'utf8');
    const active = production
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean);
    const start = active.indexOf('location ~ ^/api/video/[^/]+/signal$ {');
    expect(start).toBeGreaterThan(-1);
    const block = active.slice(start, start + active.slice(start).indexOf('}'));
    expect(block).toEqual(
      expect.arrayContaining([
        'proxy_http_version 1.1;',
        'proxy_set_header Upgrade $http_upgrade;',
        'proxy_set_header Connection "upgrade";',
        'proxy_set_header Host $host;',
        'proxy_set_header X-Forwarded-For $remote_addr;',
      ]),
    );
  });

  it('refuses a production file whose marked lines are gone', () => {
    expect(() =>
      renderNginxConfig('events {}', { listenPort: 1, redirectPort: 2, apiPorts: [3], dir }),
    ).toThrow(/missing/);
  });
});

import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

// A stand-in for apps/web/dist: the tests do not depend on a web build.
const INDEX_HTML = `<!doctype html><html lang="sv"><head><title>Samtalsmatch</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const SCRIPT = `export const text = ${JSON.stringify('Samtalsmatch '.repeat(500))};\n`;
const SCRIPT_PATH = '/assets/index-AbC123xy.js';

let distDir: string;
let server: TestServer;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'samtalsmatch-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(distDir, SCRIPT_PATH), SCRIPT);
  await writeFile(path.join(distDir, `${SCRIPT_PATH}.map`), '{"version":3,"sources":["src/x.ts"]}');
  await writeFile(path.join(distDir, 'sw.js.map'), '{"version":3}');
  await writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  server = await startTestServer({ WEB_DIST_DIR: distDir });
});

afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

/** Raw bytes as sent, still compressed: node:http, not fetch (which decodes). */
async function rawGet(
  urlPath: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseUrl}${urlPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('SPA assets: caching', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const res = await rawGet(SCRIPT_PATH, { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('answers index.html with no-cache, at / and as the history fallback', async () => {
    for (const urlPath of ['/', '/auth', '/provider/abc/booking']) {
      const res = await rawGet(urlPath, { accept: 'text/html', 'accept-encoding': 'identity' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toBe(INDEX_HTML);
    }
  });

  it('lets a browser revalidate index.html: 304 for an unchanged copy, by Last-Modified (app.ts turns ETags off)', async () => {
    const first = await rawGet('/dashboard', {
      accept: 'text/html',
      'accept-encoding': 'identity',
    });
    const lastModified = first.headers['last-modified'];
    expect(typeof lastModified).toBe('string');
    const again = await rawGet('/dashboard', {
      accept: 'text/html',
      'accept-encoding': 'identity',
      'if-modified-since': lastModified as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // A copy from before the file changed is answered in full.
    const stale = await rawGet('/dashboard', {
      accept: 'text/html',
      'accept-encoding': 'identity',
      'if-modified-since': new Date(Date.parse(lastModified as string) - 60_000).toUTCString(),
    });
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toBe(INDEX_HTML);
  });

  it('answers every SPA route 200 without noindex (the route table in contracts)', async () => {
    for (const urlPath of [
      '/',
      '/auth',
      '/auth/callback/bankid?code=x',
      '/dashboard',
      '/reset-password',
      '/reset-password/abc',
      '/provider/0b6e7a52-0d0b-4b43-9d6f-1b2f5c7e8a90',
      '/provider/0b6e7a52-0d0b-4b43-9d6f-1b2f5c7e8a90/booking',
      '/admin/0b6e7a52-0d0b-4b43-9d6f-1b2f5c7e8a90',
    ]) {
      const res = await rawGet(urlPath, { accept: 'text/html', 'accept-encoding': 'identity' });
      expect({ urlPath, status: res.status }).toEqual({ urlPath, status: 200 });
      expect(res.headers['x-robots-tag']).toBeUndefined();
    }
  });

  it('answers an unknown path 404 with noindex, and still the SPA (its 404 page renders)', async () => {
    for (const urlPath of [
      '/finns-inte',
      '/auth/x',
      '/dashboard/extra',
      '/provider',
      '/wp-login.php',
    ]) {
      const res = await rawGet(urlPath, { accept: 'text/html', 'accept-encoding': 'identity' });
      expect({ urlPath, status: res.status }).toEqual({ urlPath, status: 404 });
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toBe(INDEX_HTML);
    }
  });

  it('caches other public files for an hour', async () => {
    const res = await rawGet('/robots.txt', { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('SPA assets: compression', () => {
  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await rawGet(SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('prefers brotli when the browser accepts it', async () => {
    const res = await rawGet(SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('compresses index.html and keeps it no-cache', async () => {
    const res = await rawGet('/', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(res.body).toString()).toBe(INDEX_HTML);
  });

  it('sends plain bytes when the client asks for no encoding', async () => {
    const res = await rawGet(SCRIPT_PATH, { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('source maps', () => {
  it('never serves a source map, even one a build left behind', async () => {
    for (const mapPath of [`${SCRIPT_PATH}.map`, '/sw.js.map', '/ASSETS/../sw.js.MAP']) {
      const res = await rawGet(mapPath, { accept: '*/*', 'accept-encoding': 'identity' });
      expect({ mapPath, status: res.status }).toEqual({ mapPath, status: 404 });
      expect(res.body.toString()).not.toContain('"version":3');
    }
  });
});

describe('/api beside the SPA', () => {
  it('answers an unknown /api path with JSON 404, never index.html', async () => {
    const res = await rawGet('/api/does-not-exist', {
      accept: 'text/html,application/json',
      'accept-encoding': 'identity',
    });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

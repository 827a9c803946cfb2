import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(() => server.close());

/** A GET with exactly the Host (and extra headers) given, as a rebinding page would send. */
function get(
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.baseUrl);
  return rawRequest(`http://127.0.0.1:${port}${path}`, {
    method: 'GET',
    headers: { host, ...headers },
  });
}

describe('the Host header (DNS rebinding)', () => {
  it.each([
    'evil.example',
    'evil.example:3000',
    '127.0.0.1.evil.example',
    'localhost.evil.example',
  ])('refuses Host %s with 421 and a short Swedish text, also for /dev/mailbox', async (host) => {
    for (const path of ['/dev/mailbox', '/dev/mailbox.json', '/api/csrf-token', '/']) {
      const res = await get(path, host);
      expect({ path, status: res.status }).toEqual({ path, status: 421 });
      expect(res.body).toBe('Okänd värd: använd tjänstens adress.');
    }
  });

  it('refuses a forwarded host a same-origin script adds to a foreign Host, and the reverse', async () => {
    expect(
      (await get('/dev/mailbox.json', 'evil.example', { 'x-forwarded-host': 'localhost' })).status,
    ).toBe(421);
    expect(
      (await get('/dev/mailbox.json', 'localhost:3000', { 'x-forwarded-host': 'evil.example' }))
        .status,
    ).toBe(421);
  });

  it.each([
    'localhost:3000',
    'localhost',
    '127.0.0.1:5173',
    '127.1.2.3',
    '[::1]:3000',
    'LOCALHOST:3000',
  ])('answers the loopback and PUBLIC_URL host %s', async (host) => {
    expect((await get('/dev/mailbox.json', host)).status).toBe(200);
    expect((await get('/api/csrf-token', host)).status).toBe(200);
  });

  it('answers the health check whatever the host (load-balancer probes use an IP)', async () => {
    expect((await get('/api/health', '10.1.2.3:3000')).status).toBe(200);
  });

  it("answers PUBLIC_URL's own host", async () => {
    const publicServer = await startTestServer({
      PUBLIC_URL: 'https://samtalsmatch.example',
      SESSION_SECRET: 'z'.repeat(40),
      SSN_ENCRYPTION_KEY: 'c'.repeat(64),
      SSN_HASH_KEY: 'd'.repeat(64),
    });
    try {
      const { port } = new URL(publicServer.baseUrl);
      const status = async (host: string) =>
        (
          await rawRequest(`http://127.0.0.1:${port}/api/csrf-token`, {
            method: 'GET',
            headers: { host },
          })
        ).status;
      expect(await status('samtalsmatch.example')).toBe(200);
      expect(await status('other.example')).toBe(421);
    } finally {
      await publicServer.close();
    }
  });
});

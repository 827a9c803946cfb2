import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Words of zod's English defaults ("Invalid input: expected string, received number", …). */
const ENGLISH =
  /\b(invalid|expected|received|required|unrecognized|too (small|big)|must|input|option)\b/i;

type Body = { message: string; fieldErrors?: Record<string, string[]> };

const CASES: [string, string, unknown][] = [
  ['POST', '/api/auth/register', []],
  ['POST', '/api/auth/register', 'null'],
  ['POST', '/api/auth/register', { name: 5, email: ['a'], password: {}, confirmPassword: 7 }],
  ['POST', '/api/auth/register', { extra: true }],
  ['POST', '/api/auth/login', { email: 5, password: 5 }],
  ['POST', '/api/auth/login', [1, 2]],
  ['POST', '/api/auth/forgot-password', { email: { nested: 'x' } }],
  ['POST', '/api/auth/reset-password', { token: 5, password: 5, confirmPassword: 5 }],
  ['POST', '/api/auth/resend-verification', { email: 5 }],
  ['GET', '/api/auth/bankid/initiate?role=admin&acrValues=1', undefined],
];

describe('every 400 is Swedish (zod defaults included)', () => {
  it.each(CASES)('%s %s %j', async (method, path, body) => {
    const res = await new TestClient(server.baseUrl).request(method, path, body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as Body;
    const texts = [json.message, ...Object.values(json.fieldErrors ?? {}).flat()];
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).not.toMatch(ENGLISH);
      expect(text).toMatch(/[a-zåäö]/i);
    }
  });
});

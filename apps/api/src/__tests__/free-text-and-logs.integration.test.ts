import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { users } from '@samtalsmatch/db';
import { MSG } from '@samtalsmatch/contracts';
import { startTestServer, TestClient, type TestServer } from '../test/harness';
import {
  GOOD_PASSWORD,
  lastMailTo,
  registerClient,
  tokenFrom,
  uniqueEmail,
} from '../test/accounts';
import { createLogger } from '../lib/logger';

// Control characters in free text are a Swedish 400 (a NUL
// was a 500), and no logged error carries a query's parameters (docs/rules/accounts.md#free-text).
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  server = await startTestServer({}, { logger });
});

afterAll(async () => {
  await server.close();
});

type ErrorBody = { status: number; message: string; fieldErrors?: Record<string, string[]> };

describe('free text', () => {
  it('answers a NUL in the name with a Swedish 400 and stores nothing', async () => {
    const email = uniqueEmail('nul');
    const res = await registerClient(new TestClient(server.baseUrl), {
      email,
      name: 'Anna\u0000Ek',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.fieldErrors?.name).toEqual([MSG.controlCharacters]);
    const rows = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it.each(['\u200E', '\u200F\u200B', ' \u2061 ', '\u3164'])(
    'answers a name of invisible characters only (%j) with a Swedish 400 and stores nothing',
    async (name) => {
      const email = uniqueEmail('osynlig');
      const res = await registerClient(new TestClient(server.baseUrl), { email, name });
      expect(res.status).toBe(400);
      // A format character among them is also named as such (decision 401).
      expect(((await res.json()) as ErrorBody).fieldErrors?.name).toContain(MSG.invisibleOnly);
      const rows = await server.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(0);
    },
  );

  it('keeps a name with an emoji and Swedish letters', async () => {
    const email = uniqueEmail('emoji');
    const name = 'Åsa Öberg 🌷';
    const res = await registerClient(new TestClient(server.baseUrl), { email, name });
    expect(res.status).toBe(201);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.name).toBe(name);
  });

  it('refuses an emoji sequence joined by a format character in a name (decision 401)', async () => {
    const email = uniqueEmail('emoji');
    const res = await registerClient(new TestClient(server.baseUrl), {
      email,
      name: 'Åsa Öberg 👩\u200D💻',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fieldErrors?.name).toEqual([
      MSG.nameInvisibleCharacters,
    ]);
    const rows = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it('refuses an escape sequence and a line separator in a name too', async () => {
    for (const name of ['Anna\u001b[31mEk', 'Anna\u2028Ek', 'Anna\nEk']) {
      const res = await registerClient(new TestClient(server.baseUrl), {
        email: uniqueEmail('ctl'),
        name,
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('names in mails', () => {
  it.each([
    'Ditt konto är spärrat, logga in på https://evil.example',
    'Logga in på www.exempel.se',
    'Skriv till support@exempel.se',
    'Gå till spärrat-konto.se',
  ])('refuses the name %j with a Swedish 400', async (name) => {
    const email = uniqueEmail('lank');
    const res = await registerClient(new TestClient(server.baseUrl), { email, name });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fieldErrors?.name).toEqual([MSG.nameNoLinks]);
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('greets an unverified address neutrally and a verified one by name', async () => {
    const client = new TestClient(server.baseUrl);
    const email = uniqueEmail('halsning');
    expect((await registerClient(client, { email, name: 'Vera Verifierad' })).status).toBe(201);
    const verification = await lastMailTo(server.baseUrl, email);
    expect(verification.text).toMatch(/^Hej!\n/);
    expect(verification.text).not.toContain('Vera');

    // Before verification a reset mail does not carry the name either.
    expect((await client.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const earlyReset = await lastMailTo(server.baseUrl, email);
    expect(earlyReset.subject).toMatch(/Återställ/);
    expect(earlyReset.text).toMatch(/^Hej!\n/);

    const token = tokenFrom(verification, 'verify-email');
    expect((await client.get(`/api/auth/verify-email/${token}`)).status).toBe(200);
    expect((await client.post('/api/auth/forgot-password', { email })).status).toBe(200);
    expect((await lastMailTo(server.baseUrl, email)).text).toMatch(/^Hej Vera Verifierad!\n/);
  });
});

describe('error logs', () => {
  it('log a failed INSERT without the e-mail address or the password hash', async () => {
    const { db } = server.database;
    // A constraint only this test's name breaks: the INSERT fails inside Postgres
    // with every value as a parameter (and Postgres's "Failing row contains").
    await db.execute(
      sql`alter table users add constraint test_forced_failure check (name <> 'Tvinga Fel')`,
    );
    const email = uniqueEmail('loggas-aldrig');
    const before = lines.length;
    const res = await registerClient(new TestClient(server.baseUrl), {
      email,
      name: 'Tvinga Fel',
      password: GOOD_PASSWORD,
    });
    expect(res.status).toBe(500);
    await db.execute(sql`alter table users drop constraint test_forced_failure`);

    const logged = lines.slice(before).join('\n');
    expect(logged).toMatch(/unexpected error/);
    // The query text with placeholders may be there; its values may not.
    expect(logged).toMatch(/insert into/);
    expect(logged).not.toContain(email);
    expect(logged).not.toMatch(/\$argon2id\$/);
    expect(logged).not.toContain('Tvinga Fel');
    expect(logged).not.toContain(GOOD_PASSWORD);
  });
});

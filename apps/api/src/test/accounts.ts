import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb } from '@samtalsmatch/db';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../lib/logger';
import { sessionCookieName } from '../lib/session';
import { TEST_DEFAULT_ENV, type TestClient, type TestServer } from './harness';

/** Passes the password rules (docs/rules/accounts.md#passwords) and is on no common-password list. */
export const GOOD_PASSWORD = 'Ljus-Fjäril-47';

/** A fresh address; Swedish letters in the prefix become ASCII (å → a). */
export function uniqueEmail(prefix = 'person'): string {
  const ascii = prefix.normalize('NFD').replace(/[^A-Za-z0-9.-]/g, '');
  return `${ascii}.${randomBytes(5).toString('hex')}@exempel.se`;
}

export interface MailboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  status: string;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
}

/** The dev mailbox's mails (newest first), optionally for one recipient. */
export async function mailbox(baseUrl: string, to?: string): Promise<MailboxMail[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const res = await fetch(`${baseUrl}/dev/mailbox.json${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { mails: MailboxMail[] }).mails;
}

/** The token of the first `/verify-email/…` or `/reset-password/…` link of a mail. */
export function tokenFrom(mail: MailboxMail, kind: 'verify-email' | 'reset-password'): string {
  const link = mail.links.find((l) => l.includes(`/${kind}/`));
  if (!link) throw new Error(`no ${kind} link in "${mail.subject}"`);
  return link.split(`/${kind}/`)[1]!;
}

/** The newest mail to `to`; fails when there is none. */
export async function lastMailTo(baseUrl: string, to: string): Promise<MailboxMail> {
  const [mail] = await mailbox(baseUrl, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export async function registerClient(
  client: TestClient,
  input: { email: string; name?: string; password?: string },
): Promise<Response> {
  return client.post('/api/auth/register', {
    email: input.email,
    name: input.name ?? 'Test Testsson',
    password: input.password ?? GOOD_PASSWORD,
  });
}

export async function login(
  client: TestClient,
  email: string,
  password = GOOD_PASSWORD,
): Promise<Response> {
  const res = await client.post('/api/auth/login', { email, password });
  // A new session has a new CSRF token.
  client.forgetCsrf();
  return res;
}

/** Registers, verifies by the mailed link, and signs in. */
export async function signedInClient(
  server: TestServer,
  client: TestClient,
  options: { email?: string; verify?: boolean } = {},
): Promise<string> {
  const email = options.email ?? uniqueEmail();
  expect((await registerClient(client, { email })).status).toBe(201);
  if (options.verify !== false) {
    const token = tokenFrom(await lastMailTo(server.baseUrl, email), 'verify-email');
    expect((await client.get(`/api/auth/verify-email/${token}`)).status).toBe(200);
  }
  expect((await login(client, email)).status).toBe(200);
  return email;
}

/** A second API process (its own app and pool) over the same database. */
export async function startSecondInstance(
  server: TestServer,
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: server.config.publicUrl,
    WEB_DIST_DIR: '/nonexistent',
    ...TEST_DEFAULT_ENV,
    ...env,
    DATABASE_URL: server.config.databaseUrl!,
  });
  const database = createDb(config.databaseUrl!, { max: 3 });
  const app = createApp({ config, database, logger: createLogger('silent') });
  const http: Server = createServer(app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await database.close();
    },
  };
}

/** Polls `check` until it returns a value (no timing assertions: only a generous deadline). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Marks the session of `client` as signed in with BankID at `at` (ms), as the
 * BankID callback does (`bankIdAuthAt`): for tests of what needs a fresh one.
 */
export async function markBankIdSignIn(
  server: TestServer,
  client: TestClient,
  at: number = Date.now(),
): Promise<void> {
  const raw = client.getCookie(sessionCookieName(server.config));
  const value = raw ? decodeURIComponent(raw) : '';
  if (!value.startsWith('s:')) throw new Error('the client has no session cookie');
  const sid = value.slice(2, value.lastIndexOf('.'));
  const result = await server.database.db.execute(sql`
    update session
    set sess = jsonb_set(sess::jsonb, '{bankIdAuthAt}', to_jsonb(${at}::bigint))::json
    where sid = ${sid}
  `);
  expect(result.rowCount).toBe(1);
}

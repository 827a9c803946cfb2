import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, REPO_ROOT, runMigrations, users, type DbHandle } from '@samtalsmatch/db';
import { loadConfig } from '../config';
import { createTestDatabase, TestClient, TEST_DEFAULT_ENV } from '../test/harness';
import { eventually, GOOD_PASSWORD, login, registerClient, uniqueEmail } from '../test/accounts';
import {
  createBooking,
  createClient,
  createMatch,
  createProvider,
  FACTORY_DESCRIPTION,
  signInAs,
  stockholmHour,
  type FactoryContext,
} from '../test/factories';
import { startNginx, writeNginxConfig } from '../test/nginx';
import { startSmtp, type Received } from '../test/smtp';

/**
 * Two API processes on one PostgreSQL behind nginx rendered from
 * deploy/nginx.conf: what must hold when any request may land on either.
 */

const SERVER_ENTRY = path.join(REPO_ROOT, 'apps', 'api', 'src', 'server.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface ApiProcess {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** One API process (tsx, the source); it stops itself when this test process goes away. */
function startApi(port: number, env: Record<string, string>): ApiProcess {
  const launcher = [
    // stdin closes when the test process ends, however it ends.
    "process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));",
    'process.stdin.resume();',
    `await import(${JSON.stringify(SERVER_ENTRY)});`,
  ].join('\n');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', launcher],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { port, child, exited };
}

async function waitUntilReady(port: number): Promise<void> {
  await eventually(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
    return res?.status === 200 ? true : undefined;
  }, 90_000);
}

let dir: string;
let drop: () => Promise<void>;
let database: DbHandle;
let ctx: FactoryContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const received: Received[] = [];
let nginx: ChildProcess | undefined;
let nginxPort: number;
const apis: ApiProcess[] = [];
let proxyUrl: string;

// Made before the processes start, for the rounds both run at start.
let reminderClientEmail: string;
let reminderBookingId: string;
let staleBookingId: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'samtalsmatch-two-processes-'));
  const testDb = await createTestDatabase();
  drop = testDb.drop;
  database = createDb(testDb.url, { max: 3 });
  // Migrations run once, before the processes start (as in production).
  await runMigrations(database.pool);
  smtp = await startSmtp(0, received);
  nginxPort = await freePort();
  proxyUrl = `http://127.0.0.1:${nginxPort}`;
  const env: Record<string, string> = {
    ...TEST_DEFAULT_ENV,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${nginxPort}`,
    DATABASE_URL: testDb.url,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'error',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_POLL_INTERVAL_MS: '100',
    MAIL_RETRY_BASE_MS: '200',
    RATE_LIMIT_FORGOT_PASSWORD: '5/2/60',
  };
  ctx = { database, config: loadConfig({ ...env, PORT: '0' }) };

  const client = await createClient(ctx);
  const provider = await createProvider(ctx);
  const match = await createMatch(ctx, { clientId: client.id, providerId: provider.id });
  const inTwelveHours = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 12 * 3_600_000);
  const confirmed = await createBooking(ctx, match.id, {
    status: 'CONFIRMED',
    suggestedTimes: [inTwelveHours],
    confirmedTime: inTwelveHours,
  });
  reminderClientEmail = client.email!;
  reminderBookingId = confirmed.id;
  const otherClient = await createClient(ctx);
  const otherMatch = await createMatch(ctx, { clientId: otherClient.id, providerId: provider.id });
  const stale = await createBooking(ctx, otherMatch.id);
  await database.pool.query(
    `update bookings set expires_at = now() - interval '1 minute' where id = $1`,
    [stale.id],
  );
  staleBookingId = stale.id;

  const ports = [await freePort(), await freePort()];
  for (const port of ports) apis.push(startApi(port, env));
  await Promise.all(ports.map(waitUntilReady));
  const file = await writeNginxConfig({
    listenPort: nginxPort,
    redirectPort: await freePort(),
    apiPorts: ports,
    dir,
  });
  nginx = startNginx(file, dir);
  await eventually(async () => {
    const res = await fetch(`${proxyUrl}/api/ready`).catch(() => undefined);
    return res?.status === 200 ? true : undefined;
  });
}, 180_000);

afterAll(async () => {
  for (const api of apis) {
    api.child.stdin?.end();
    if (api.child.exitCode === null) api.child.kill('SIGTERM');
  }
  await Promise.all(
    apis.map((api) =>
      Promise.race([api.exited, new Promise((r) => setTimeout(r, 15_000))]).then(() => {
        if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
      }),
    ),
  );
  if (nginx) {
    const stopped = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.stdin?.end();
    await stopped;
  }
  await smtp?.close();
  await database?.close();
  await drop?.();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

/** Which process answered (the rendered config names it in X-Served-By). */
const servedBy = (res: Response) => res.headers.get('x-served-by');

function unfold(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

describe('two API processes behind nginx', () => {
  it('spreads requests over both processes', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i++) seen.add(servedBy(await fetch(`${proxyUrl}/api/health`)));
    expect(seen).toEqual(new Set(apis.map((a) => `127.0.0.1:${a.port}`)));
  });

  it('keeps a session and its CSRF token valid on both processes', async () => {
    const http = new TestClient(proxyUrl);
    const email = uniqueEmail('tva.processer');
    // The token comes from one process, the registration lands on the other.
    const token = await http.request('GET', '/api/csrf-token');
    http.setCsrf(((await token.json()) as { csrfToken: string }).csrfToken);
    const registered = await registerClient(http, { email });
    expect(registered.status).toBe(201);
    expect(servedBy(registered)).not.toBe(servedBy(token));

    const mail = await eventually(async () => {
      const found = received.find((m) => m.to.includes(email));
      return found ? unfold(found.raw) : undefined;
    });
    const verifyToken = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(verifyToken).toBeTruthy();
    expect((await http.get(`/api/auth/verify-email/${verifyToken}`)).status).toBe(200);
    expect((await login(http, email, GOOD_PASSWORD)).status).toBe(200);

    const answeredBy = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const me = await http.get('/api/users/me');
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe(email);
      answeredBy.add(servedBy(me));
      // A mutating request with the session's one token, on whichever process.
      const csrfChecked = await http.post('/api/auth/logout-other-sessions-does-not-exist', {});
      expect(csrfChecked.status).toBe(404);
      answeredBy.add(servedBy(csrfChecked));
    }
    expect(answeredBy.size).toBe(2);
  });

  it('counts the per-account and per-address limits across both processes', async () => {
    // One session and token; each request goes to the next process.
    const http = new TestClient(proxyUrl);
    await http.csrfToken();
    const forgot = (email: string) => http.post('/api/auth/forgot-password', { email });
    const email = uniqueEmail('gransen');
    const first = await forgot(email);
    const second = await forgot(email);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(servedBy(first)).not.toBe(servedBy(second));
    // RATE_LIMIT_FORGOT_PASSWORD=5/2/60: the account's third request is refused, on either process.
    expect((await forgot(email)).status).toBe(429);
    // The address has spent 3 of its 5; two more pass, the next is refused.
    expect((await forgot(uniqueEmail('gransen'))).status).toBe(200);
    expect((await forgot(uniqueEmail('gransen'))).status).toBe(200);
    const refused = [await forgot(uniqueEmail('gransen')), await forgot(uniqueEmail('gransen'))];
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(new Set(refused.map(servedBy)).size).toBe(2);
  });

  it('delivers every queued mail exactly once with both outbox workers running', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `utskick.${i}.${Date.now()}@exempel.se`);
    await database.pool.query(
      `insert into mail_outbox (to_address, subject, text, html)
       select a, 'Ett brev', 'Hej', '<p>Hej</p>' from unnest($1::text[]) as a`,
      [addresses],
    );
    await eventually(async () => {
      const left = await database.pool.query(
        `select count(*)::int as n from mail_outbox where to_address = any($1) and status <> 'SENT'`,
        [addresses],
      );
      return left.rows[0].n === 0 ? true : undefined;
    }, 60_000);
    for (const address of addresses) {
      expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
    }
  });

  it('runs the expiry and reminder rounds once per booking', async () => {
    // Both processes ran a round as they started, at the same moment.
    await eventually(async () => {
      const rows = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from mail_outbox where to_address = $1 and status = 'SENT'`,
        [reminderClientEmail],
      );
      return rows.rows[0]!.n > 0 ? true : undefined;
    }, 60_000);
    const outbox = await database.pool.query(`select id from mail_outbox where to_address = $1`, [
      reminderClientEmail,
    ]);
    expect(outbox.rows).toHaveLength(1);
    expect(received.filter((m) => m.to.includes(reminderClientEmail))).toHaveLength(1);
    const booking = await database.pool.query(
      `select reminder_sent_at from bookings where id = $1`,
      [reminderBookingId],
    );
    expect(booking.rows[0].reminder_sent_at).not.toBeNull();
    const stale = await database.pool.query<{ status: string }>(
      `select status from bookings where id = $1`,
      [staleBookingId],
    );
    expect(stale.rows[0]!.status).toBe('EXPIRED');
  });

  it('shows a change made through one process on the next read through the other', async () => {
    const provider = await createProvider(ctx);
    const client = await createClient(ctx);
    const [a, b] = apis.map((api) => `http://127.0.0.1:${api.port}`) as [string, string];
    const asProvider = new TestClient(a);
    await signInAs(ctx, asProvider, provider);
    const asClient = new TestClient(b);
    await signInAs(ctx, asClient, client);

    const before = (await (
      await asClient.get(`/api/availabilities/${provider.id}`)
    ).json()) as unknown[];
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 5 * 86_400_000);
    start.setUTCHours(9);
    const slot = {
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    };
    const created = await asProvider.post('/api/availabilities', slot);
    expect(created.status).toBe(201);
    const after = (await (await asClient.get(`/api/availabilities/${provider.id}`)).json()) as {
      startTime: string;
    }[];
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((s) => s.startTime)).toContain(slot.startTime);

    // The provider's own view on the other process too.
    const own = new TestClient(b);
    await signInAs(ctx, own, provider);
    const mine = (await (await own.get('/api/users/me')).json()) as { id: string };
    expect(mine.id).toBe(provider.id);
  });

  it('shows a profile edit and a booking request in both match lists and the profile on the next read through the other process', async () => {
    const times = [10, 11, 12].map((hour) => stockholmHour(4, hour));
    const provider = await createProvider(ctx, {
      slots: times.map((start) => ({ start })),
      profile: { price: 900 },
    });
    const client = await createClient(ctx);
    const match = await createMatch(ctx, { clientId: client.id, providerId: provider.id });
    const [a, b] = apis.map((api) => `http://127.0.0.1:${api.port}`) as [string, string];
    const [providerOnA, providerOnB, clientOnA, clientOnB] = [a, b, a, b].map(
      (url) => new TestClient(url),
    ) as [TestClient, TestClient, TestClient, TestClient];
    await signInAs(ctx, providerOnA, provider);
    await signInAs(ctx, providerOnB, provider);
    await signInAs(ctx, clientOnA, client);
    await signInAs(ctx, clientOnB, client);

    interface ListedMatch {
      id: string;
      provider?: {
        providerProfile: { price: number | null; personalAttributes?: string | null } | null;
      };
      bookings: { status: string }[];
    }
    const listed = async (http: TestClient) => {
      const res = await http.get('/api/matches');
      expect(res.status).toBe(200);
      return ((await res.json()) as ListedMatch[]).find((m) => m.id === match.id);
    };
    const ownProfile = async () =>
      (
        (await (await providerOnB.get('/api/users/me')).json()) as {
          profile: { price: number } | null;
        }
      ).profile?.price;

    // Every read on B first, so that a process keeping what it read would answer it again.
    expect((await listed(clientOnB))?.provider?.providerProfile?.price).toBe(900);
    // A therapist's list holds a match once the client has asked for a time.
    expect(await listed(providerOnB)).toBeUndefined();
    expect(await ownProfile()).toBe(900);

    const saved = await providerOnA.patch('/api/profiles/provider', {
      name: provider.name,
      email: provider.email,
      phoneNumber: '0701740650',
      street: 'Storgatan 1',
      city: 'Stockholm',
      zip: '111 22',
      title: ['PSYKOLOG'],
      description: FACTORY_DESCRIPTION,
      education: ['MASTER'],
      price: 1150,
      sessionDuration: 50,
      personalAttributes: 'Rak och varm',
      cancellationPolicy: 'TWENTY_FOUR_HOURS',
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const clientView = await listed(clientOnB);
    expect(clientView?.provider?.providerProfile).toMatchObject({
      price: 1150,
      personalAttributes: 'Rak och varm',
    });
    expect(await ownProfile()).toBe(1150);

    const requested = await clientOnA.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map((t) => t.toISOString()),
    });
    expect(requested.status).toBe(201);
    expect((await listed(providerOnB))?.bookings.map((x) => x.status)).toEqual([
      'PENDING_PROVIDER_CONFIRMATION',
    ]);
    expect((await listed(clientOnB))?.bookings.map((x) => x.status)).toEqual([
      'PENDING_PROVIDER_CONFIRMATION',
    ]);
  });

  it('shows a verification made through one process on the next read through the other', async () => {
    // Its licensed title was found in the register, so the admin may verify it.
    const provider = await createProvider(ctx, { verified: false, licenceChecked: true });
    const [adminUser] = await database.db
      .insert(users)
      .values({ type: 'ADMIN', name: 'Ada Admin', onboardingStep: 'ONBOARDING_COMPLETED' })
      .returning();
    const [a, b] = apis.map((api) => `http://127.0.0.1:${api.port}`) as [string, string];
    const adminOnA = new TestClient(a);
    await signInAs(ctx, adminOnA, adminUser!);
    const adminOnB = new TestClient(b);
    await signInAs(ctx, adminOnB, adminUser!);
    const providerOnB = new TestClient(b);
    await signInAs(ctx, providerOnB, provider);

    const listed = async () => {
      const res = await adminOnB.get(`/api/admin/providers?q=${encodeURIComponent(provider.name)}`);
      const page = (await res.json()) as { items: { id: string; isVerified: boolean }[] };
      return page.items.find((p) => p.id === provider.id)?.isVerified;
    };
    const ownState = async () =>
      (
        (await (await providerOnB.get('/api/users/me')).json()) as {
          profile: { isVerified: boolean } | null;
        }
      ).profile?.isVerified;
    expect(await listed()).toBe(false);
    expect(await ownState()).toBe(false);

    const verified = await adminOnA.patch(`/api/admin/providers/${provider.id}/verify`, {});
    expect(verified.status).toBe(200);
    expect(await listed()).toBe(true);
    expect(await ownState()).toBe(true);
  });

  it('drains a process on SIGTERM during a steady GET load: no request fails, exit code 0', async () => {
    const failures: string[] = [];
    let done = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${proxyUrl}/api/health`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`status ${res.status}`);
        } catch (err) {
          failures.push(String(err));
        }
        done++;
      }
    };
    const load = Array.from({ length: 4 }, worker);
    await eventually(async () => (done >= 40 ? true : undefined));
    const victim = apis[0]!;
    victim.child.kill('SIGTERM');
    const code = await victim.exited;
    const afterExit = done;
    await eventually(async () => (done >= afterExit + 40 ? true : undefined));
    stop = true;
    await Promise.all(load);
    expect(code).toBe(0);
    expect(failures).toEqual([]);
    // It no longer takes connections; the other answers everything.
    await expect(fetch(`http://127.0.0.1:${victim.port}/api/health`)).rejects.toThrow();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, REPO_ROOT, runMigrations, users, type DbHandle } from '@samtalsmatch/db';
import { freePort } from '@samtalsmatch/db/embedded';
import { loadConfig } from '../config';
import { createTestDatabase, TestClient, TEST_DEFAULT_ENV } from '../test/harness';
import { eventually, GOOD_PASSWORD, login, registerClient, uniqueEmail } from '../test/accounts';
import {
  CLIENT_ANSWERS_ALL,
  PROVIDER_ANSWERS_ALL,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  FACTORY_DESCRIPTION,
  FACTORY_PASSWORD,
  signInAs,
  stockholmHour,
  type FactoryContext,
} from '../test/factories';
import { NGINX, startNginx, stopNginx, writeNginxConfig } from '../test/nginx';
import {
  API_SOURCE_ENTRY,
  startApiProcess,
  stopApiProcess,
  waitUntilReady,
  type ApiProcess,
} from '../test/processes';
import { openSignalSocket } from '../test/signal-socket';
import { sentSubjects } from '../test/outbox';
import { roomWithClientWaiting } from '../test/video-room';
import { startSmtp, type Received } from '../test/smtp';

/**
 * Two API processes on one PostgreSQL behind nginx rendered from
 * deploy/nginx.conf: what must hold when any request may land on either.
 */

/** The deploy step that takes a process out of nginx's upstream before it stops, and puts it back. */
const DRAIN_SCRIPT = path.join(REPO_ROOT, 'deploy', 'drain.sh');

/** Bookings each background round finds due at once, so that the two processes' rounds contend. */
const DUE_BOOKINGS = 10;

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
/** The API processes' environment (a restarted process gets the same). */
let processEnv: Record<string, string>;
/** The rendered nginx file (deploy/drain.sh edits it). */
let nginxFile: string;
/** Both processes' log lines (JSON, LOG_LEVEL=warn). */
const logLines: string[] = [];

// Made before the processes start, for the rounds both run at start.
interface DueReminder {
  bookingId: string;
  clientEmail: string;
  providerEmail: string;
}
const dueReminders: DueReminder[] = [];
const staleRequests: { bookingId: string; providerId: string; clientEmail: string }[] = [];
/** Requests sent 25 hours ago with 23 hours left: each therapist's one reminder is due. */
const unansweredRequests: { bookingId: string; providerEmail: string }[] = [];
/** Clients who asked to be told of new matches, and a therapist who fits them: one mail each. */
const waitingForMatches: string[] = [];

/** Backends waiting for a lock (a table's or a row's) while running a statement that matches `pattern` (LIKE). */
async function waitingForLock(pattern: string): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where wait_event_type = 'Lock' and query like $1`,
    [pattern],
  );
  return rows[0]!.n;
}

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
    PUBLIC_URL: `http://localhost:${nginxPort}`,
    DATABASE_URL: testDb.url,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_POLL_INTERVAL_MS: '100',
    MAIL_RETRY_BASE_MS: '200',
    RATE_LIMIT_FORGOT_PASSWORD: '5/2/60',
    // Three failed logins of an account from one address, then 429 for that address.
    RATE_LIMIT_LOGIN: '1000/3/60',
  };
  processEnv = env;
  ctx = { database, config: loadConfig({ ...env, PORT: '0' }) };

  // Confirmed sessions in 12 hours (reminders due) and requests whose last
  // time has passed (to expire), each with its own client and therapist.
  const inTwelveHours = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 12 * 3_600_000);
  for (let i = 0; i < DUE_BOOKINGS; i++) {
    const client = await createClient(ctx);
    const provider = await createProvider(ctx);
    const match = await createMatch(ctx, { clientId: client.id, providerId: provider.id });
    const confirmed = await createBooking(ctx, match.id, {
      status: 'CONFIRMED',
      suggestedTimes: [inTwelveHours],
      confirmedTime: inTwelveHours,
    });
    dueReminders.push({
      bookingId: confirmed.id,
      clientEmail: client.email!,
      providerEmail: provider.email!,
    });
    const otherClient = await createClient(ctx);
    const otherProvider = await createProvider(ctx);
    const otherMatch = await createMatch(ctx, {
      clientId: otherClient.id,
      providerId: otherProvider.id,
    });
    // Holds its three hours (PENDING) until it expires.
    const stale = await createBooking(ctx, otherMatch.id);
    staleRequests.push({
      bookingId: stale.id,
      providerId: otherProvider.id,
      clientEmail: otherClient.email!,
    });
    const waitingClient = await createClient(ctx);
    const waitingProvider = await createProvider(ctx);
    const waitingMatch = await createMatch(ctx, {
      clientId: waitingClient.id,
      providerId: waitingProvider.id,
    });
    const unanswered = await createBooking(ctx, waitingMatch.id, {
      suggestedTimes: [10, 11, 12].map((hour) => stockholmHour(6, hour)),
      createdAt: new Date(Date.now() - 25 * 3_600_000),
      expiresAt: new Date(Date.now() + 23 * 3_600_000),
    });
    unansweredRequests.push({ bookingId: unanswered.id, providerEmail: waitingProvider.email! });
  }
  await database.pool.query(
    `update bookings set expires_at = now() - interval '1 minute' where id = any($1::uuid[])`,
    [staleRequests.map((r) => r.bookingId)],
  );
  // The match alert round, run by both processes as they start.
  for (let i = 0; i < DUE_BOOKINGS; i++) {
    const client = await createClient(ctx, { answers: CLIENT_ANSWERS_ALL });
    await database.pool.query(`insert into match_alerts (user_id) values ($1)`, [client.id]);
    waitingForMatches.push(client.email!);
  }
  await createProvider(ctx, {
    answers: PROVIDER_ANSWERS_ALL,
    slots: [9, 10, 11].map((hour) => ({ daysAhead: 5, hour })),
  });

  // Both processes run a bookings round as they start. A lock on the table
  // holds both rounds until both wait for it, then lets them go at once.
  const gate = new pg.Client({ connectionString: testDb.url });
  await gate.connect();
  await gate.query('begin');
  await gate.query('lock table bookings in share mode');
  try {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      apis.push(
        startApiProcess({
          entry: API_SOURCE_ENTRY,
          port,
          env,
          onLogLine: (line) => logLines.push(line),
        }),
      );
    }
    await Promise.all(apis.map((api) => waitUntilReady(api.baseUrl, { api })));
    await eventually(
      async () => ((await waitingForLock(`%bookings%'EXPIRED'%`)) >= 2 ? true : undefined),
      60_000,
    );
  } finally {
    await gate.query('rollback');
    await gate.end();
  }

  const file = (nginxFile = await writeNginxConfig({
    listenPort: nginxPort,
    redirectPort: await freePort(),
    apiPorts: apis.map((api) => api.port),
    dir,
  }));
  nginx = startNginx(file, dir);
  await waitUntilReady(proxyUrl, { timeoutMs: 15_000 });
}, 180_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => stopApiProcess(api)));
  if (nginx) await stopNginx(nginx, dir);
  await smtp?.close();
  await database?.close();
  await drop?.();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

/** Whether a new TCP connection to 127.0.0.1:`port` is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/**
 * Runs the deploy step deploy/drain.sh on the rendered file and this
 * test's nginx: `down` (then SIGTERM to `pid`) or `up` for 127.0.0.1:`port`.
 */
function drainStep(
  action: 'down' | 'up',
  port: number,
  pid?: number,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    DRAIN_SCRIPT,
    [action, `127.0.0.1:${port}`, ...(pid === undefined ? [] : [String(pid)])],
    {
      env: {
        ...process.env,
        NGINX_CONF: nginxFile,
        NGINX,
        NGINX_ARGS: `-p ${dir} -e ${dir}/error.log -c ${nginxFile}`,
        NGINX_PID_FILE: path.join(dir, 'nginx.pid'),
        DRAIN_TIMEOUT: '30',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/**
 * Requests the drain's load keeps in flight: enough that the stopping
 * process's listen backlog holds connections as it closes (a bare SIGTERM
 * then cuts some).
 */
const LOAD_WORKERS = 16;

/** Sent with each request of the drain's load (see there). */
const ONE_REQUEST_PER_CONNECTION = { connection: 'close' };

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

  it('keeps a session valid on both processes: sign in on one, go on through the other', async () => {
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
    }
    expect(answeredBy.size).toBe(2);
  });

  it('takes a CSRF token fetched from one process on the other, and refuses a missing or wrong one through the proxy', async () => {
    const provider = await createProvider(ctx);
    const http = new TestClient(proxyUrl);
    await signInAs(ctx, http, provider);
    const slot = (daysAhead: number) => {
      const start = stockholmHour(daysAhead, 9);
      return {
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      };
    };
    const ownSlots = async () =>
      (
        await database.pool.query<{ n: number }>(
          'select count(*)::int as n from availability_slots where provider_id = $1',
          [provider.id],
        )
      ).rows[0]!.n;

    // Round-robin: the token from one process, the change it guards on the other.
    for (let day = 3; day <= 6; day++) {
      const tokenRes = await http.get('/api/csrf-token');
      const { csrfToken } = (await tokenRes.json()) as { csrfToken: string };
      const created = await http.post('/api/availabilities', slot(day), { csrf: csrfToken });
      expect(created.status, await created.clone().text()).toBe(201);
      expect(servedBy(created)).not.toBe(servedBy(tokenRes));
    }
    expect(await ownSlots()).toBe(4);

    const refused = [
      await http.post('/api/availabilities', slot(7), { csrf: false }),
      await http.post('/api/availabilities', slot(7), { csrf: 'not-the-token' }),
      await http.post('/api/availabilities', slot(7), { csrf: false }),
      await http.post('/api/availabilities', slot(7), { csrf: 'not-the-token' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(new Set(refused.map(servedBy)).size).toBe(2);
    for (const res of refused) {
      expect(((await res.json()) as { code: string }).code).toBe('CSRF_INVALID');
    }
    expect(await ownSlots()).toBe(4);
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

  it("counts an account's failed logins across both processes", async () => {
    const client = await createClient(ctx);
    const http = new TestClient(proxyUrl);
    // One token for every attempt (a failed login keeps the session): each attempt goes to the next process.
    await http.csrfToken();
    const attempt = (password: string) =>
      http.post('/api/auth/login', { email: client.email, password });
    const failed = [
      await attempt('Fel-Lösenord-1'),
      await attempt('Fel-Lösenord-2'),
      await attempt('Fel-Lösenord-3'),
    ];
    expect(failed.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(new Set(failed.map(servedBy)).size).toBe(2);
    // RATE_LIMIT_LOGIN=1000/3/60: after three failures this address is refused, even the right password.
    const refused = [await attempt(FACTORY_PASSWORD), await attempt(FACTORY_PASSWORD)];
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

  it('runs the expiry and reminder rounds once per booking, both processes at once', async () => {
    // Both processes ran a round as they started, let go at the same moment.
    const addresses = dueReminders.flatMap((r) => [r.clientEmail, r.providerEmail]);
    const subjects = await sentSubjects(database.pool, addresses);
    // Each booking's client and therapist: one reminder queued and one delivered.
    expect(Object.fromEntries(addresses.map((a) => [a, subjects(a).length]))).toEqual(
      Object.fromEntries(addresses.map((a) => [a, 1])),
    );
    for (const address of addresses) {
      expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
    }
    const reminded = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from bookings where id = any($1::uuid[]) and reminder_sent_at is not null`,
      [dueReminders.map((r) => r.bookingId)],
    );
    expect(reminded.rows[0]!.n).toBe(DUE_BOOKINGS);

    // Each request expired, its three hours given back to its therapist; expiry
    // records nothing else, and neither process's round failed (a lost race
    // would be logged and left to the next round).
    const expired = await database.pool.query<{ status: string; held: number; free: number }>(
      `select b.status::text,
         (select count(*)::int from availability_slots s where s.booking_id = b.id) as held,
         (select count(*)::int from availability_slots s join matches m on m.provider_id = s.provider_id
          where m.id = b.match_id and s.status = 'AVAILABLE' and s.start_time = any(b.suggested_times)) as free
       from bookings b where b.id = any($1::uuid[])`,
      [staleRequests.map((r) => r.bookingId)],
    );
    expect(expired.rows).toHaveLength(DUE_BOOKINGS);
    expect(expired.rows).toEqual(
      Array.from({ length: DUE_BOOKINGS }, () => ({ status: 'EXPIRED', held: 0, free: 3 })),
    );
    expect(logLines.filter((l) => l.includes('bookings round failed'))).toEqual([]);
  });

  it('mails each client who asked to be told of new matches once, both processes running the round', async () => {
    const subjects = await sentSubjects(database.pool, waitingForMatches);
    for (const address of waitingForMatches) {
      expect(subjects(address)).toEqual(['Nya terapeuter som passar dig']);
      expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
    }
    expect(logLines.filter((l) => l.includes('match alert'))).toEqual([]);
  });

  it("tells each expired request's client once and reminds each unanswered request's therapist once, both processes at once", async () => {
    const expiredTo = staleRequests.map((r) => r.clientEmail);
    const remindedTo = unansweredRequests.map((r) => r.providerEmail);
    const addresses = [...expiredTo, ...remindedTo];
    const subjects = await sentSubjects(database.pool, addresses);
    for (const address of expiredTo) {
      expect(subjects(address)).toEqual(['Din bokningsförfrågan fick inget svar i tid']);
      expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
    }
    for (const address of remindedTo) {
      expect(subjects(address)).toEqual(['Du har en obesvarad förfrågan']);
      expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
    }
    const claimed = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from bookings
       where id = any($1::uuid[]) and request_reminder_sent_at is not null
         and status = 'PENDING_PROVIDER_CONFIRMATION'`,
      [unansweredRequests.map((r) => r.bookingId)],
    );
    expect(claimed.rows[0]!.n).toBe(DUE_BOOKINGS);
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

  it('relays a video room between a client on one process and the therapist on the other; nginx passes the upgrade', async () => {
    const [a, b] = apis.map((api) => `http://127.0.0.1:${api.port}`) as [string, string];
    const origin = new URL(processEnv.PUBLIC_URL!).origin;
    // The therapist in the room on process A, the client waiting on process B.
    const {
      booking,
      clientHttp: clientOnB,
      therapist,
      waiting,
    } = await roomWithClientWaiting(ctx, {
      therapistUrl: a,
      clientUrl: b,
      origin,
    });
    therapist.send({ type: 'admit' });
    await waiting.next('admitted');
    await therapist.next('peer-ready');
    // An offer longer than one NOTIFY (8000 bytes) arrives whole on the other process.
    const sdp = `v=0\r\n${'a=candidate:x\r\n'.repeat(900)}`;
    therapist.send({ type: 'signal', data: { sdp } });
    expect((await waiting.next('signal')).data).toEqual({ sdp });
    waiting.send({ type: 'signal', data: { sdp: 'svar' } });
    expect((await therapist.next('signal')).data).toEqual({ sdp: 'svar' });

    // Through nginx, a newer tab of the client takes over and is let in at once.
    const throughProxy = await openSignalSocket(
      proxyUrl,
      booking.id,
      clientOnB.cookieHeader(),
      origin,
    );
    await throughProxy.next('admitted');
    await waiting.next('replaced');
    therapist.send({ type: 'signal', data: { candidate: 'igen' } });
    expect((await throughProxy.next('signal')).data).toEqual({ candidate: 'igen' });
    for (const socket of [therapist, waiting, throughProxy]) socket.ws.close();
    await Promise.all([therapist.closed, throughProxy.closed]);
  });

  it("recovers the relay when a process's LISTEN connection drops: signalling across the two processes goes on", async () => {
    const [a, b] = apis.map((api) => `http://127.0.0.1:${api.port}`) as [string, string];
    const origin = new URL(processEnv.PUBLIC_URL!).origin;
    const { therapist, waiting } = await roomWithClientWaiting(ctx, {
      therapistUrl: a,
      clientUrl: b,
      origin,
    });

    // Each process's listening session is cut, as a Postgres restart or a network cut would.
    const listening = `select pid from pg_stat_activity
      where datname = current_database() and query = 'LISTEN video_signal'`;
    const before = (await database.pool.query<{ pid: number }>(listening)).rows.map((r) => r.pid);
    expect(before).toHaveLength(2);
    await database.pool.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)',
      [before],
    );
    // Both listen again, on new sessions.
    await eventually(async () => {
      const pids = (await database.pool.query<{ pid: number }>(listening)).rows.map((r) => r.pid);
      return pids.length === 2 && pids.every((pid) => !before.includes(pid)) ? true : undefined;
    }, 30_000);

    // The sockets stayed open; the room goes on across the two processes.
    therapist.send({ type: 'admit' });
    await waiting.next('admitted');
    await therapist.next('peer-ready');
    therapist.send({ type: 'signal', data: { sdp: 'efter avbrottet' } });
    expect((await waiting.next('signal')).data).toEqual({ sdp: 'efter avbrottet' });
    waiting.send({ type: 'signal', data: { sdp: 'svar' } });
    expect((await therapist.next('signal')).data).toEqual({ sdp: 'svar' });
    for (const socket of [therapist, waiting]) socket.ws.close();
    await Promise.all([therapist.closed, waiting.closed]);
  });

  it('passes /metrics on to no one: nginx refuses it, a process answers it on loopback', async () => {
    for (const pathname of ['/metrics', '/metrics/', '/metrics?format=text']) {
      const viaProxy = await fetch(`${proxyUrl}${pathname}`);
      expect(viaProxy.status).toBe(404);
      expect(servedBy(viaProxy)).toBeNull();
      expect(await viaProxy.text()).not.toContain('http_request_duration_seconds');
    }
    for (const api of apis) {
      const direct = await fetch(`${api.baseUrl}/metrics`);
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('http_request_duration_seconds');
    }
  });

  it('drains a process taken out of the upstream first (deploy/drain.sh): it finishes the request it has, takes no new one, exits 0; under mixed reads and changes no request fails, none is applied twice; back in, it answers again', async () => {
    // Someone to read as: a client matched with a therapist who has hours.
    const requested = [10, 11, 12].map((hour) => stockholmHour(5, hour));
    const provider = await createProvider(ctx, {
      slots: [...requested, ...[9, 13, 14, 15].map((hour) => stockholmHour(6, hour))].map(
        (start) => ({ start }),
      ),
    });
    const client = await createClient(ctx);
    const match = await createMatch(ctx, { clientId: client.id, providerId: provider.id });
    const reader = new TestClient(proxyUrl);
    await signInAs(ctx, reader, client);
    // Changes through the proxy: another therapist adds one new hour per request.
    const writer = await createProvider(ctx);
    const asWriter = new TestClient(proxyUrl);
    await signInAs(ctx, asWriter, writer);
    // One token for every change (fetching one per request would replace the session's).
    await asWriter.csrfToken();
    const hours: Date[] = [];
    for (let day = 8; day < 60; day++) {
      for (let hour = 7; hour < 20; hour++) hours.push(stockholmHour(day, hour));
    }
    const victim = apis[0]!;

    // A steady load through the proxy: real reads (the match list, the
    // therapist's hours), the health check and changes, on both processes.
    // Each on its own connection to nginx: a reload closes the old workers'
    // idle kept-alive client connections, and a request sent on one as it
    // closes gets no answer at all (a browser sends it again; undici does
    // not). That is nginx's reload, not the drain, which this test measures
    // (decision 420).
    const failures: string[] = [];
    const answers: { servedBy: string | null; sentAt: number }[] = [];
    const added: Date[] = [];
    let next = 0;
    let stop = false;
    const worker = async (k: number) => {
      for (let i = k; !stop; i++) {
        const sentAt = Date.now();
        let what = '';
        try {
          let res: Response;
          if (i % 4 === 3) {
            const start = hours[next++]!;
            what = `POST ${start.toISOString()}`;
            res = await asWriter.request(
              'POST',
              '/api/availabilities',
              {
                startTime: start.toISOString(),
                endTime: new Date(start.getTime() + 3_600_000).toISOString(),
              },
              { headers: ONE_REQUEST_PER_CONNECTION },
            );
            if (res.status === 201) added.push(start);
            else failures.push(`${what}: status ${res.status}`);
          } else {
            what = ['/api/matches', `/api/availabilities/${provider.id}`, '/api/health'][i % 4]!;
            res = await reader.request('GET', what, undefined, {
              headers: ONE_REQUEST_PER_CONNECTION,
            });
            if (res.status !== 200) failures.push(`${what}: status ${res.status}`);
          }
          answers.push({ servedBy: servedBy(res), sentAt });
        } catch (err) {
          failures.push(`${what}: ${String(err)} ${String((err as { cause?: unknown }).cause)}`);
        }
      }
    };
    const load = Array.from({ length: LOAD_WORKERS }, (_, k) => worker(k));
    await eventually(async () => (answers.length >= 40 ? true : undefined));
    expect(answers.map((a) => a.servedBy)).toContain(`127.0.0.1:${victim.port}`);

    // A request in the victim's hands: a booking request straight to it, held
    // at its lock on the match by a transaction of the test's own.
    const gate = await database.pool.connect();
    let drained: Promise<{ code: number | null; output: string }>;
    try {
      await gate.query('begin');
      await gate.query('select 1 from matches where id = $1 for update', [match.id]);
      const onVictim = new TestClient(victim.baseUrl);
      await signInAs(ctx, onVictim, client);
      await onVictim.csrfToken();
      const inHand = onVictim.post('/api/bookings', {
        matchId: match.id,
        suggestedTimes: requested.map((t) => t.toISOString()),
      });
      // Awaited below; a failure before that fails the test, not the run.
      inHand.catch(() => undefined);
      await eventually(async () =>
        (await waitingForLock('%matches%for update%')) >= 1 ? true : undefined,
      );

      // The deploy step: out of the upstream, nginx reloaded, then SIGTERM.
      drained = drainStep('down', victim.port, victim.child.pid);
      // It takes no new connection while it still has the booking request.
      await eventually(async () => ((await connectionRefused(victim.port)) ? true : undefined));
      expect(victim.child.exitCode).toBeNull();
      await gate.query('commit');
      const booked = await inHand;
      expect(booked.status, await booked.clone().text()).toBe(201);
    } finally {
      await gate.query('rollback').catch(() => undefined);
      gate.release();
    }
    expect(await victim.exited).toBe(0);
    const step = await drained;
    expect(step, step.output).toMatchObject({ code: 0 });

    const exitedAt = Date.now();
    const sentLater = () => answers.filter((a) => a.sentAt > exitedAt);
    await eventually(async () => (sentLater().length >= 30 ? true : undefined));
    // After the exit, the other process answers everything.
    expect(new Set(sentLater().map((a) => a.servedBy))).toEqual(
      new Set([`127.0.0.1:${apis[1]!.port}`]),
    );

    // Started again on its port and put back: both answer.
    const restarted = startApiProcess({
      entry: API_SOURCE_ENTRY,
      port: victim.port,
      env: processEnv,
      onLogLine: (line) => logLines.push(line),
    });
    apis[0] = restarted;
    await waitUntilReady(restarted.baseUrl, { api: restarted });
    const back = await drainStep('up', restarted.port);
    expect(back, back.output).toMatchObject({ code: 0 });
    const putBackAt = Date.now();
    await eventually(async () =>
      answers.some((a) => a.sentAt > putBackAt && a.servedBy === `127.0.0.1:${restarted.port}`)
        ? true
        : undefined,
    );

    stop = true;
    await Promise.all(load);
    expect(failures).toEqual([]);
    // Every change answered 201 once and stored once: none cut, none repeated.
    expect(added.length).toBeGreaterThan(10);
    // One row per answered change (the unique key on provider and hour keeps a repeat out,
    // so the set of hours stored against the 201s is what tells a repeated change apart).
    const stored = await database.pool.query<{ start: Date }>(
      `select start_time as start from availability_slots where provider_id = $1`,
      [writer.id],
    );
    expect(stored.rows.map((r) => r.start.getTime()).sort()).toEqual(
      added.map((d) => d.getTime()).sort(),
    );
  }, 120_000);
});

/**
 * The service at a country's size: `npx -y pnpm@10.34.8 bench scale [--scale 0.1]
 * [--duration 10] [--reseed]`.
 *
 * On the large seed (`pnpm seed:large`: 5,000 verified therapists with 8 weeks
 * of weekday hours, 50,000 clients, 100,000 bookings; `--scale` multiplies the
 * counts), through nginx (deploy/nginx.conf rendered as the two-process test
 * renders it) to two API processes (the build, `node apps/api/dist/server.js`),
 * at 20 connections:
 *   reads, p99 <= 30 ms: a client's GET /api/matches; a therapist's
 *     GET /api/matches and GET /api/availabilities/{own id}; a client's
 *     GET /api/availabilities/{a matched therapist}; GET /api/users/me;
 *   the admin list, p99 <= 100 ms: GET /api/admin/providers, the first page
 *     and searches by name or e-mail;
 *   POST /api/bookings, p99 <= 50 ms: each request a fresh, valid request
 *     (201) of its own client, for three free hours of a seeded therapist;
 *     the first requests unmeasured (a fresh process's first seconds).
 * Each line: median, p99, requests/s, and the CPU per request of each API
 * process, Postgres (postmaster and every backend) and nginx (master and
 * worker), read from /proc; with the machine's load.
 *
 * The seed is made once and kept: in an embedded PostgreSQL in .data/large
 * (the folder `pnpm seed:large` fills; .data/large-<scale> for another
 * scale), or in DATABASE_URL's database (never production: seed:large's
 * rules). The first run seeds it (minutes); later runs reuse it. Every run
 * measures on a copy of it (CREATE DATABASE … TEMPLATE), dropped at the end,
 * so what the run writes (bookings, sessions, mails) never stays. `--reseed`
 * makes the embedded seed again. Everything the run started (nginx, the API
 * processes, Postgres, the copy) is stopped on success, failure and Ctrl+C.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDb, REPO_ROOT, runMigrations, type DbHandle } from '../packages/db/src/index';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../packages/db/src/embedded';
import { seedDatabase } from '../packages/db/src/seed/index';
import { LARGE_SIZE, largeSeedRefusal, seedLarge } from '../packages/db/src/seed/large';
import { loadConfig, type Config } from '../apps/api/src/config';
import { createSessionCookie, type FactoryContext } from '../apps/api/src/test/factories';
import {
  nginxMasterPid,
  startNginx,
  stopNginx,
  writeNginxConfig,
} from '../apps/api/src/test/nginx';
import {
  API_BUILT_ENTRY,
  startApiProcess,
  stopApiProcess,
  waitUntilReady,
  type ApiProcess,
} from '../apps/api/src/test/processes';
import { postmasterPid, processTreeCpuMs } from './cpu';
import {
  loadTest,
  machineLoad,
  NO_RATE_LIMITS,
  printResult,
  signedInPost,
  type CpuReader,
  type LoadRequest,
  type LoadStats,
} from './lib';

/** The issue's concurrency. */
const CONNECTIONS = 20;
/** Signed-in clients and therapists the reads go round (each request the next one's). */
const READERS = 100;
/** Booking requests of a fresh process's first seconds: printed, not budgeted. */
const BOOKING_WARMUP = 500;
/** The budget's booking requests: a p99 of 25 requests. */
const BOOKING_MEASURED = 2500;
/** Seeded therapists the booking requests go round. */
const BOOKING_THERAPISTS = 1000;
/** The copy each run measures on. */
const COPY_DATABASE = 'samtalsmatch_scale_bench';
/** Every account the run makes (on the copy) has an address here. */
const RUN_DOMAIN = 'matning.exempel.se';

const BUDGET = { read: 30, admin: 100, booking: 50 } as const;

interface Options {
  scale: number;
  /** Seconds measured per read (after 3 s of the same load). */
  duration: number;
  reseed: boolean;
}

function parseOptions(args: string[]): Options {
  const options: Options = { scale: 1, duration: 10, reseed: false };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--reseed') options.reseed = true;
    else if (arg === '--scale' || arg === '--duration') {
      const value = Number(args[++i]);
      if (arg === '--scale') options.scale = value;
      else options.duration = value;
    } else throw new Error(`bench scale: unknown argument "${arg}"`);
  }
  if (!(options.scale > 0 && options.scale <= 1)) {
    throw new Error('bench scale: --scale must be above 0 and at most 1');
  }
  if (!(options.duration >= 1 && options.duration <= 600)) {
    throw new Error('bench scale: --duration must be 1 to 600 seconds');
  }
  return options;
}

/** What to undo, last first; runs once, on success, failure or a signal. */
class Teardown {
  private steps: { label: string; fn: () => Promise<unknown> }[] = [];
  private running: Promise<void> | undefined;

  add(label: string, fn: () => Promise<unknown>): void {
    this.steps.push({ label, fn });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.fn();
        } catch (err) {
          console.error(`stopping ${step.label}: ${(err as Error).message ?? err}`);
        }
      }
    })();
    return this.running;
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** `url` with another database name. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function query<R extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The database that holds the large seed at this scale (seeded now if it
 * does not yet), left with no connection so it can be copied; its URL and
 * the server's maintenance URL.
 */
async function seededSource(
  options: Options,
  teardown: Teardown,
): Promise<{ url: string; adminUrl: string }> {
  const therapists = Math.max(3, Math.round(LARGE_SIZE.therapists * options.scale));
  let url = process.env.DATABASE_URL;
  let adminUrl: string;
  if (url) {
    const refusal = largeSeedRefusal(process.env, process.argv);
    if (refusal) throw new Error(refusal);
    if (options.reseed) {
      throw new Error('bench scale: --reseed only remakes the embedded seed, not DATABASE_URL');
    }
    adminUrl = withDatabase(url, 'postgres');
  } else {
    const folder = options.scale === 1 ? 'large' : `large-${options.scale}`;
    const dataDir = path.join(REPO_ROOT, '.data', folder, 'postgres');
    if (options.reseed) {
      console.log(`--reseed: removing ${dataDir}`);
      await rm(dataDir, { recursive: true, force: true });
    }
    const started = performance.now();
    const embedded: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir });
    teardown.add('PostgreSQL', () => embedded.stop());
    console.log(`PostgreSQL on ${dataDir} (started in ${seconds(started)})`);
    url = embedded.url;
    adminUrl = embedded.adminUrl;
  }

  const handle = createDb(url, { max: 2 });
  try {
    await runMigrations(handle.pool);
    await seedDatabase(handle, { demoData: false });
    const [{ n, seededAt }] = (
      await handle.pool.query<{ n: number; seededAt: Date | null }>(
        `select count(*)::int as n, min(created_at) as "seededAt" from users
         where type = 'PROVIDER' and email like 'terapeut.%@stor.exempel.se'`,
      )
    ).rows as [{ n: number; seededAt: Date | null }];
    if (n === 0) {
      console.log(`seeding at scale ${options.scale} (once; later runs reuse it)`);
      const started = performance.now();
      const counts = await seedLarge(handle.pool, {
        scale: options.scale,
        log: (line) => console.log(`  [${seconds(started)}] ${line}`),
      });
      // What autovacuum does to a database that has lived a while: statistics
      // and the visibility map for every table the bulk inserts filled.
      await handle.pool.query('vacuum (analyze)');
      console.log(`seeded in ${seconds(started)}: ${JSON.stringify(counts)}`);
    } else if (n !== therapists) {
      throw new Error(
        `bench scale: the database holds the large seed with ${n} therapists, not ${therapists} (scale ${options.scale}); ` +
          'give the scale it was seeded at, or --reseed (embedded) to make it again',
      );
    } else {
      const days = (Date.now() - seededAt!.getTime()) / 86_400_000;
      console.log(
        `reusing the large seed (${n} therapists) made ${days.toFixed(1)} days ago` +
          (days > 14 ? '; its 8 weeks of hours are running out: --reseed makes it again' : ''),
      );
    }
  } finally {
    await handle.close();
  }
  return { url, adminUrl };
}

/** A fresh copy of the seeded database for this run, dropped at the end. */
async function copyOf(
  source: { url: string; adminUrl: string },
  teardown: Teardown,
): Promise<string> {
  const sourceName = decodeURIComponent(new URL(source.url).pathname.slice(1));
  const started = performance.now();
  await query(source.adminUrl, `drop database if exists ${COPY_DATABASE} with (force)`);
  teardown.add('the copy of the seed', () =>
    query(source.adminUrl, `drop database if exists ${COPY_DATABASE} with (force)`),
  );
  await query(
    source.adminUrl,
    `create database ${COPY_DATABASE} template "${sourceName}" strategy file_copy`,
  );
  console.log(`copied the seed for this run in ${seconds(started)}`);
  return withDatabase(source.url, COPY_DATABASE);
}

interface SignedIn {
  id: string;
  cookie: string;
}

/** `n` seeded users whose address matches `pattern`, spread over the seed (a fixed order), each signed in. */
async function signInSeeded(ctx: FactoryContext, pattern: string, n: number): Promise<SignedIn[]> {
  const { rows } = await ctx.database.pool.query<{ id: string; session_version: number }>(
    `select id, session_version from users where email like $1 order by md5(id::text) limit $2`,
    [pattern, n],
  );
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      cookie: (await createSessionCookie(ctx, { id: r.id, sessionVersion: r.session_version }))
        .header,
    })),
  );
}

const jsonGet = (pathname: string, cookie: string): LoadRequest => ({
  path: pathname,
  headers: { accept: 'application/json', cookie },
});

interface Requester {
  cookie: string;
  csrfToken: string;
  body: string;
}

/**
 * One fresh client per booking request, each with a match with one of
 * BOOKING_THERAPISTS seeded therapists and three of that therapist's free
 * hours (bookable: more than 24 h ahead, inside the horizon) no other
 * request asks for, a session and its CSRF token.
 */
async function prepareRequesters(
  ctx: FactoryContext,
  proxyUrl: string,
  count: number,
): Promise<Requester[]> {
  const pool = ctx.database.pool;
  const therapistRows = await pool.query<{ id: string }>(
    `select id from users where type = 'PROVIDER' and email like 'terapeut.%@stor.exempel.se'
     order by md5(id::text) limit $1`,
    [BOOKING_THERAPISTS],
  );
  const therapists = therapistRows.rows.map((r) => r.id);
  const perTherapist = Math.ceil(count / therapists.length);
  // The k-th request on a therapist takes its free hours 3k, 3k+1 and 3k+2 in time order.
  const triples = await pool.query<{ provider_id: string; k: number; times: Date[] }>(
    `select provider_id, (n / 3)::int as k, array_agg(start_time order by start_time) as times
     from (
       select provider_id, start_time,
         row_number() over (partition by provider_id order by start_time) - 1 as n
       from availability_slots
       where provider_id = any($1::uuid[]) and status = 'AVAILABLE'
         and start_time > now() + interval '26 hours' and start_time < now() + interval '60 days'
     ) s
     where n < $2 * 3
     group by provider_id, n / 3
     having count(*) = 3`,
    [therapists, perTherapist],
  );
  const times = new Map(triples.rows.map((r) => [`${r.provider_id}|${r.k}`, r.times]));
  const clients = await pool.query<{ id: string; session_version: number }>(
    `insert into users (type, name, email, email_verified_at, onboarding_step)
     select 'CLIENT', 'Mätklient ' || g, 'klient.' || g || '@${RUN_DOMAIN}', now(), 'QUESTIONS_COMPLETED'
     from generate_series(1, $1::int) g
     order by g
     returning id, session_version`,
    [count],
  );
  const plan = clients.rows.map((client, i) => {
    const providerId = therapists[i % therapists.length]!;
    const triple = times.get(`${providerId}|${Math.floor(i / therapists.length)}`);
    if (!triple)
      throw new Error('bench scale: a therapist has too few free hours for the requests');
    return { client, providerId, triple };
  });
  const matches = await pool.query<{ id: string; client_id: string }>(
    `insert into matches (client_id, provider_id, score)
     select c, p, 0.8 from unnest($1::uuid[], $2::uuid[]) as m(c, p)
     returning id, client_id`,
    [plan.map((p) => p.client.id), plan.map((p) => p.providerId)],
  );
  const matchOf = new Map(matches.rows.map((m) => [m.client_id, m.id]));
  const prepare = async ({ client, triple }: (typeof plan)[number]): Promise<Requester> => {
    const { header } = await createSessionCookie(ctx, {
      id: client.id,
      sessionVersion: client.session_version,
    });
    const res = await fetch(`${proxyUrl}/api/csrf-token`, { headers: { cookie: header } });
    if (!res.ok) throw new Error(`GET /api/csrf-token answered ${res.status}`);
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    return {
      cookie: header,
      csrfToken,
      body: JSON.stringify({
        matchId: matchOf.get(client.id),
        suggestedTimes: triple.map((t) => t.toISOString()),
      }),
    };
  };
  const out: Requester[] = [];
  for (let i = 0; i < plan.length; i += CONNECTIONS) {
    out.push(...(await Promise.all(plan.slice(i, i + CONNECTIONS).map(prepare))));
  }
  return out;
}

function bookingRequests(requesters: Requester[]): LoadRequest[] {
  return requesters.map((r) => signedInPost('/api/bookings', r));
}

/** CPU of each API process, Postgres and nginx from when it is made. */
function processCpu(parts: Record<string, number | undefined>): () => Promise<CpuReader> {
  return async () => {
    const read = () =>
      Object.fromEntries(
        Object.entries(parts).map(([part, pid]) => [
          part,
          pid === undefined ? undefined : processTreeCpuMs(pid),
        ]),
      );
    const before = read();
    return {
      read: () => {
        const now = read();
        const used = Object.fromEntries(
          Object.keys(parts).map((part) => {
            const [a, b] = [before[part], now[part]];
            return [part, a === undefined || b === undefined ? undefined : b - a];
          }),
        );
        const apps = Object.entries(used).filter(([part]) => part.startsWith('app '));
        const both = apps.every(([, ms]) => ms !== undefined)
          ? apps.reduce((sum, [, ms]) => sum + ms!, 0)
          : undefined;
        return { 'apps (both)': both, ...used };
      },
    };
  };
}

interface Row {
  label: string;
  stats: LoadStats;
  budgetMs?: number;
  ok: boolean;
}

const ms = (v: number | undefined) => (v === undefined ? 'n/a' : v.toFixed(v < 10 ? 2 : 1));

function printSummary(rows: Row[]): void {
  console.log(
    '\n| measurement | median ms | p99 ms | budget p99 | req/s | CPU ms/request: apps (both) | Postgres | nginx |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const cpu = r.stats.cpu ?? {};
    console.log(
      `| ${r.label} | ${ms(r.stats.medianMs)} | ${ms(r.stats.p99Ms)} | ${
        r.budgetMs === undefined ? '–' : `${r.budgetMs} ${r.ok ? 'OK' : 'OVER'}`
      } | ${r.stats.requestsPerSecond.toFixed(0)} | ${ms(cpu['apps (both)'])} | ${ms(cpu.Postgres)} | ${ms(cpu.nginx)} |`,
    );
  }
  console.log(`\n${machineLoad()}`);
}

export default async function main(args: string[]): Promise<boolean> {
  const options = parseOptions(args);
  const teardown = new Teardown();
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping everything the benchmark started`);
    void teardown.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const started = performance.now();
  console.log(`bench scale at scale ${options.scale}, ${machineLoad()}`);
  try {
    const build = spawnSync(process.execPath, ['build.mjs'], {
      cwd: path.join(REPO_ROOT, 'apps', 'api'),
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('bench scale: building the API failed');

    const source = await seededSource(options, teardown);
    const url = await copyOf(source, teardown);

    const [nginxPort, redirectPort, ...apiPorts] = await Promise.all(
      [0, 1, 2, 3].map(() => freePort()),
    );
    const proxyUrl = `http://127.0.0.1:${nginxPort}`;
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      PUBLIC_URL: `http://localhost:${nginxPort}`,
      TRUST_PROXY: 'loopback',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      SEED_DEMO_DATA: 'false',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      ...NO_RATE_LIMITS,
      RATE_LIMIT_ANONYMOUS_SESSION: '1000000/60',
    };
    const config: Config = loadConfig({ ...env, PORT: '0' });
    const database: DbHandle = createDb(url, { max: 4 });
    teardown.add('the benchmark pool', () => database.close());
    const ctx: FactoryContext = { database, config };

    const apis: ApiProcess[] = apiPorts.map((port) =>
      startApiProcess({ entry: API_BUILT_ENTRY, port: port!, env }),
    );
    for (const api of apis)
      teardown.add(`the API process on ${api.port}`, () => stopApiProcess(api));
    // A start takes seconds of CPU; on a machine busy with other work, minutes.
    await Promise.all(apis.map((api) => waitUntilReady(api.baseUrl, { api, timeoutMs: 300_000 })));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'samtalsmatch-scale-bench-'));
    teardown.add('the temporary folder', () => rm(dir, { recursive: true, force: true }));
    const file = await writeNginxConfig({
      listenPort: nginxPort!,
      redirectPort: redirectPort!,
      apiPorts: apiPorts as number[],
      dir,
    });
    const nginx = startNginx(file, dir);
    teardown.add('nginx', () => stopNginx(nginx, dir));
    await waitUntilReady(proxyUrl, { timeoutMs: 15_000 });
    const pids: Record<string, number | undefined> = {
      'app 1': apis[0]!.child.pid,
      'app 2': apis[1]!.child.pid,
      Postgres: await postmasterPid(database.pool),
      nginx: await nginxMasterPid(dir),
    };
    const cpu = processCpu(pids);
    const target = { baseUrl: proxyUrl };
    console.log(`two API processes and nginx answer on ${proxyUrl} (${seconds(started)} so far)`);

    // Who reads.
    const clients = await signInSeeded(ctx, 'klient.%@stor.exempel.se', READERS);
    const therapists = await signInSeeded(ctx, 'terapeut.%@stor.exempel.se', READERS);
    const viewed = await database.pool.query<{ client_id: string; provider_id: string }>(
      `select distinct on (client_id) client_id, provider_id from matches
       where client_id = any($1::uuid[]) order by client_id, provider_id`,
      [clients.map((c) => c.id)],
    );
    const therapistOf = new Map(viewed.rows.map((r) => [r.client_id, r.provider_id]));
    const [admin] = (
      await database.pool.query<{ id: string; session_version: number }>(
        `insert into users (type, name, email, email_verified_at, onboarding_step)
         values ('ADMIN', 'Mätadmin', 'admin@${RUN_DOMAIN}', now(), 'ONBOARDING_COMPLETED')
         returning id, session_version`,
      )
    ).rows;
    const adminCookie = (
      await createSessionCookie(ctx, { id: admin!.id, sessionVersion: admin!.session_version })
    ).header;
    const seededTherapists = Math.max(3, Math.round(LARGE_SIZE.therapists * options.scale));
    // Searches an admin types: a therapist's name or the start of an address.
    const searches = Array.from({ length: 50 }, (_, i) => {
      const n = 1 + ((i * 7919) % seededTherapists);
      return i % 2 === 0 ? `Terapeut ${n}` : `terapeut.${n}@`;
    });

    const reads: { label: string; requests: LoadRequest[]; budgetMs: number }[] = [
      {
        label: "GET /api/matches, a client's (3 matches)",
        requests: clients.map((c) => jsonGet('/api/matches', c.cookie)),
        budgetMs: BUDGET.read,
      },
      {
        label: "GET /api/matches, a therapist's",
        requests: therapists.map((t) => jsonGet('/api/matches', t.cookie)),
        budgetMs: BUDGET.read,
      },
      {
        label: "GET /api/availabilities/{id}, a therapist's own (8 weeks)",
        requests: therapists.map((t) => jsonGet(`/api/availabilities/${t.id}`, t.cookie)),
        budgetMs: BUDGET.read,
      },
      {
        label: "GET /api/availabilities/{id}, a client's view of a matched therapist",
        requests: clients.map((c) =>
          jsonGet(`/api/availabilities/${therapistOf.get(c.id)}`, c.cookie),
        ),
        budgetMs: BUDGET.read,
      },
      {
        label: 'GET /api/users/me, clients and therapists in turn',
        requests: clients.flatMap((c, i) => [
          jsonGet('/api/users/me', c.cookie),
          jsonGet('/api/users/me', therapists[i]!.cookie),
        ]),
        budgetMs: BUDGET.read,
      },
      {
        label: 'GET /api/admin/providers, the first page of 50',
        requests: [jsonGet('/api/admin/providers?page=1&pageSize=50', adminCookie)],
        budgetMs: BUDGET.admin,
      },
      {
        label: 'GET /api/admin/providers, a search by name or e-mail',
        requests: searches.map((q) =>
          jsonGet(
            `/api/admin/providers?q=${encodeURIComponent(q)}&page=1&pageSize=50`,
            adminCookie,
          ),
        ),
        budgetMs: BUDGET.admin,
      },
    ];

    const rows: Row[] = [];
    let ok = true;
    for (const read of reads) {
      const stats = await loadTest(target, {
        requests: read.requests,
        connections: CONNECTIONS,
        duration: options.duration,
        cpu,
      });
      const held = printResult(`${read.label}, ${CONNECTIONS} connections`, stats, {
        budgetMs: read.budgetMs,
        of: 'p99',
      });
      rows.push({ label: read.label, stats, budgetMs: read.budgetMs, ok: held });
      ok = held && ok;
    }

    const prepared = performance.now();
    const requesters = await prepareRequesters(ctx, proxyUrl, BOOKING_WARMUP + BOOKING_MEASURED);
    console.log(
      `${requesters.length} clients with a match, three free hours, a session and a CSRF token (${seconds(prepared)})`,
    );
    const warm = await loadTest(target, {
      requests: bookingRequests(requesters.slice(0, BOOKING_WARMUP)),
      eachOnce: true,
      connections: CONNECTIONS,
      cpu,
    });
    const warmLabel = `POST /api/bookings, the first ${BOOKING_WARMUP} requests (not budgeted)`;
    const warmHeld = printResult(`${warmLabel}, ${CONNECTIONS} connections`, warm);
    rows.push({ label: warmLabel, stats: warm, ok: warmHeld });
    ok = warmHeld && ok;
    const post = await loadTest(target, {
      requests: bookingRequests(requesters.slice(BOOKING_WARMUP)),
      eachOnce: true,
      connections: CONNECTIONS,
      cpu,
    });
    const postLabel = `POST /api/bookings, the next ${BOOKING_MEASURED} requests`;
    const postHeld = printResult(`${postLabel}, ${CONNECTIONS} connections`, post, {
      budgetMs: BUDGET.booking,
      of: 'p99',
    });
    rows.push({ label: postLabel, stats: post, budgetMs: BUDGET.booking, ok: postHeld });
    ok = postHeld && ok;

    printSummary(rows);
    console.log(`bench scale took ${seconds(started)}`);
    return ok;
  } finally {
    await teardown.run();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

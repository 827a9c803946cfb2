/**
 * Shared helpers for benchmarks (`bench/<name>.bench.ts`, run with
 * `npx -y pnpm@10.34.8 bench <name>`). A benchmark:
 *
 *   const env = await startBenchEnv();           // embedded Postgres in a temp dir, migrated,
 *   try {                                          // the questionnaire seeded, the real app on 127.0.0.1
 *     await env.sql('insert into … select … from generate_series(1, $1)', [n]);  // seed fast
 *     const client = await createClient(env, {…}); // apps/api/src/test/factories.ts works here too
 *     const { header } = await createSessionCookie(env, client);
 *     const stats = await measureLoop(() => httpGet(env, '/api/…', header), { iterations: 50 });
 *     printResult('GET /api/… (N = 10 000)', stats, { budgetMs: 30, of: 'median' });
 *     printResult('… at 20 connections', await loadTest(env, { path: '/api/…', cookie: header }));
 *   } finally {
 *     await env.stop();
 *   }
 *
 * With DATABASE_URL set, a fresh database is created on that server instead of
 * an embedded one (and dropped at the end). Nothing here is part of `pnpm test`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createDb, runMigrations, type DbHandle } from '../packages/db/src/index';
import { startEmbeddedPostgres } from '../packages/db/src/embedded';
import { seedDatabase } from '../packages/db/src/seed/index';
import { createApp } from '../apps/api/src/app';
import { loadConfig, type Config } from '../apps/api/src/config';
import { createLogger } from '../apps/api/src/lib/logger';
import { cpuMeter } from './cpu';

export interface BenchEnv {
  /** http://127.0.0.1:<port> of the real app. */
  baseUrl: string;
  config: Config;
  /** The app's own pool (also what the test factories take). */
  database: DbHandle;
  /** Runs SQL on a separate pool (for seeding; does not compete with the app's pool). */
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  /** A pool for seeding (COPY, big inserts). */
  seedPool: pg.Pool;
  /** Stops the app, the pools and the database; removes the temp dir. */
  stop: () => Promise<void>;
}

export interface StartBenchOptions {
  /** Extra environment for loadConfig (e.g. rate limits). */
  env?: Record<string, string>;
  /** Size of the app's pool (default 10, as in production). */
  poolSize?: number;
}

/** Rate limits no load reaches (a benchmark measures the work, not the limiter). */
export const NO_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_LOGIN: '1000000/1000000/60',
  RATE_LIMIT_REGISTER: '1000000/1000000/60',
  RATE_LIMIT_FORGOT_PASSWORD: '1000000/1000000/60',
  RATE_LIMIT_RESET_PASSWORD: '1000000/1000000/60',
  RATE_LIMIT_VERIFY_EMAIL: '1000000/1000000/60',
  RATE_LIMIT_RESEND_VERIFICATION: '1000000/1000000/60',
  RATE_LIMIT_CHANGE_EMAIL: '1000000/1000000/60',
};

/** Starts a fresh, migrated database and the real app on 127.0.0.1 (a free port). */
export async function startBenchEnv(options: StartBenchOptions = {}): Promise<BenchEnv> {
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error('bench cleanup:', err);
      }
    }
  };
  try {
    let url: string;
    const external = process.env.DATABASE_URL;
    if (external) {
      const name = `bench_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: external });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(external);
      u.pathname = `/${name}`;
      url = u.toString();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: external });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
    } else {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'samtalsmatch-bench-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const embedded = await startEmbeddedPostgres({ dataDir: dir, database: 'bench' });
      cleanups.push(embedded.stop);
      url = embedded.url;
    }

    const database = createDb(url, { max: options.poolSize ?? 10 });
    cleanups.push(database.close);
    await runMigrations(database.pool);
    await seedDatabase(database, { demoData: false });

    const seedPool = new pg.Pool({ connectionString: url, max: 4 });
    seedPool.on('error', () => undefined);
    cleanups.push(() => seedPool.end());

    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const { port } = server.address() as AddressInfo;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: '/nonexistent',
      ...NO_RATE_LIMITS,
      ...options.env,
      DATABASE_URL: url,
    });
    server.on('request', createApp({ config, database, logger: createLogger('silent') }));

    return {
      baseUrl: `http://127.0.0.1:${port}`,
      config,
      database,
      seedPool,
      sql: (text, values) => seedPool.query(text, values),
      stop: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** One GET with a session cookie; throws unless 2xx. Returns the parsed body. */
export async function httpGet<T = unknown>(
  env: BenchEnv,
  pathname: string,
  cookie?: string,
): Promise<T> {
  const res = await fetch(`${env.baseUrl}${pathname}`, {
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface Stats {
  n: number;
  medianMs: number;
  p99Ms: number;
  meanMs: number;
  minMs: number;
  maxMs: number;
}

/** Percentile (0-100) of sorted values, nearest rank. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function stats(samplesMs: number[]): Stats {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    n: sorted.length,
    medianMs: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    meanMs: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
    minMs: sorted[0] ?? NaN,
    maxMs: sorted[sorted.length - 1] ?? NaN,
  };
}

/**
 * Runs `fn` sequentially `warmup` times unmeasured, then `iterations` times
 * measured (wall clock around each call); bounded, never open-ended.
 */
export async function measureLoop(
  fn: () => Promise<unknown>,
  options: { iterations?: number; warmup?: number } = {},
): Promise<Stats> {
  for (let i = 0; i < (options.warmup ?? 3); i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < (options.iterations ?? 50); i += 1) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/** One request of a load: a GET of `path` unless said otherwise. */
export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A JSON POST as a signed-in browser sends it: its session cookie and CSRF token. */
export function signedInPost(
  path: string,
  { cookie, csrfToken, body }: { cookie: string; csrfToken: string; body: string },
): LoadRequest {
  return {
    method: 'POST',
    path,
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      cookie,
      'x-csrf-token': csrfToken,
    },
    body,
  };
}

export interface LoadTestOptions {
  /** A GET of this path with this cookie, again and again… */
  path?: string;
  cookie?: string;
  /** …or these requests (each sent once with `eachOnce`, else round and round). */
  requests?: LoadRequest[];
  /** Send each of `requests` exactly once, all measured (no warm-up, no duration). */
  eachOnce?: boolean;
  /** Default 20. */
  connections?: number;
  /** Seconds; default 10. */
  duration?: number;
  /**
   * Seconds of the same load before measuring, not counted; default 3. A fresh
   * process compiles its hot code during its first requests: the figures are
   * the warm service's.
   */
  warmup?: number;
  /**
   * Starts a CPU meter when the measured part begins; by default the app in
   * this process (its main thread) and the local Postgres behind `seedPool`.
   */
  cpu?: () => Promise<CpuReader>;
}

/** The default meter: this process's main thread as `app`, and Postgres. */
async function inProcessCpu(pool: pg.Pool): Promise<CpuReader> {
  const meter = await cpuMeter(pool);
  return {
    read: () => {
      const used = meter.read();
      return { app: used.mainThreadMs, Postgres: used.postgresMs };
    },
  };
}

/**
 * CPU per request, in ms, by what used it: for a bench with the app in this
 * process, `app` (the server's event loop: this process's main thread) and
 * `Postgres` (every backend and helper of the local server); a bench that
 * runs other processes names its own parts. Undefined when not measurable.
 */
export type CpuPerRequest = Record<string, number | undefined>;

/** Reads the CPU used since it was made, in ms, by part (see CpuPerRequest). */
export interface CpuReader {
  read: () => Record<string, number | undefined>;
}

/** Where a load goes: the app's base URL, and the pool whose server's CPU the default meter reads. */
export interface LoadTarget {
  baseUrl: string;
  seedPool?: pg.Pool;
}

export interface LoadStats extends Stats {
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  /** The bytes of body read per answer, on average (the whole body is read). */
  bytesPerAnswer?: number;
  /** CPU used during the measured part, per measured request. */
  cpu?: CpuPerRequest;
}

/**
 * A closed-loop load (see bench/load-worker.mjs, the one load generator):
 * `connections` connections, each sending its next request when the last
 * answer has arrived, measured for `duration` seconds after `warmup` seconds
 * of the same load, or each of `requests` once. Also measures the CPU of the
 * server's event loop and of Postgres during the measured part.
 */
export async function loadTest(env: LoadTarget, options: LoadTestOptions): Promise<LoadStats> {
  const requests: LoadRequest[] = options.requests ?? [
    {
      path: options.path!,
      headers: {
        accept: 'application/json',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    },
  ];
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: {
      baseUrl: env.baseUrl,
      requests,
      eachOnce: options.eachOnce ?? false,
      connections: options.connections ?? 20,
      warmupMs: (options.warmup ?? 3) * 1000,
      durationMs: (options.duration ?? 10) * 1000,
    },
  });
  const startMeter = options.cpu ?? (env.seedPool ? () => inProcessCpu(env.seedPool!) : undefined);
  let meter: Promise<CpuReader> | undefined;
  const result = await new Promise<LoadWorkerResult>((resolve, reject) => {
    worker.on('message', (m: LoadWorkerResult | { measuring: true }) => {
      if ('measuring' in m) meter = startMeter?.();
      else resolve(m);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load generator stopped (${code})`)));
  });
  const used = meter ? (await meter).read() : undefined;
  await worker.terminate();
  const n = Math.max(1, result.latencies.length);
  const per = (ms: number | undefined) => (ms === undefined ? undefined : ms / n);
  const cpu =
    used && Object.fromEntries(Object.entries(used).map(([part, ms]) => [part, per(ms)] as const));
  return {
    ...stats(result.latencies),
    requestsPerSecond: result.latencies.length / result.seconds,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerAnswer: result.bytesRead / n,
    cpu,
  };
}

interface LoadWorkerResult {
  latencies: number[];
  non2xx: number;
  errors: number;
  bytesRead: number;
  seconds: number;
}

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
const cpuMs = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${ms.toFixed(2)} ms`);

/** The machine's load averages (1, 5, 15 min) and core count, for every report. */
export function machineLoad(): string {
  const [one, five, fifteen] = os.loadavg().map((l) => l.toFixed(2));
  return `load ${one} / ${five} / ${fifteen} (1/5/15 min) on ${os.cpus().length} cores`;
}

/**
 * Prints one result line: median, p99, n, and a budget verdict when given
 * (`of` says which figure the budget applies to). Returns whether it held:
 * a load with any non-2xx answer or error does not hold, whatever its figures.
 */
export function printResult(
  label: string,
  s: Stats | LoadStats,
  budget?: { budgetMs: number; of: 'median' | 'p99' },
): boolean {
  const figure = budget ? (budget.of === 'median' ? s.medianMs : s.p99Ms) : NaN;
  const failed = 'requestsPerSecond' in s && s.non2xx + s.errors > 0;
  const ok = !failed && (budget ? figure <= budget.budgetMs : true);
  const extra =
    'requestsPerSecond' in s
      ? `, ${s.requestsPerSecond.toFixed(0)} req/s, non-2xx ${s.non2xx}, errors ${s.errors}${
          s.bytesPerAnswer === undefined
            ? ''
            : `, ${(s.bytesPerAnswer / 1000).toFixed(1)} kB/answer`
        }${
          s.cpu
            ? `, CPU/request ${Object.entries(s.cpu)
                .map(([part, ms]) => `${part} ${cpuMs(ms)}`)
                .join(', ')}`
            : ''
        }`
      : '';
  const verdict = failed
    ? '  FAILED: not every answer was a 2xx'
    : budget
      ? `  budget ${budget.of} <= ${budget.budgetMs} ms: ${ok ? 'OK' : 'OVER'}`
      : '';
  console.log(
    `${label}: median ${fmt(s.medianMs)}, p99 ${fmt(s.p99Ms)} (n=${s.n}${extra})${verdict}  [${machineLoad()}]`,
  );
  return ok;
}

/** Times an async step and logs it (for seeding). */
export async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const value = await fn();
  console.log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return value;
}

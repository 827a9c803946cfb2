/**
 * Availability: `npx -y pnpm@10.34.8 bench availability [weeks] [postWeeks]`
 * (defaults 8 and 6, the budget parameters).
 *
 * 1. GET /api/availabilities/{id} for a provider with 8 weeks of hourly slots
 *    (every hour of every day from today: 1 344 rows, some PENDING/BOOKED), at
 *    20 connections: as the provider themself (every slot) and as a client
 *    (the AVAILABLE slots in the bookable window). Budget: p99 <= 30 ms.
 * 2. POST /api/availabilities/many with 6 weeks of weekday hours 07-20
 *    (about 420 slots) for 30 fresh providers, one at a time, and the same
 *    payload again (all already there: the idempotent path). Budget: p99 <= 150 ms.
 */
import {
  addStockholmDays,
  HOUR_MS,
  startOfStockholmDay,
  stockholmDateTime,
  stockholmParts,
} from '../packages/contracts/src/index';
import { createClient, createProvider, createSessionCookie } from '../apps/api/src/test/factories';
import { httpGet, loadTest, printResult, startBenchEnv, stats, timed, type BenchEnv } from './lib';

let WEEKS_GET = 8;
let WEEKS_POST = 6;
const POST_ROUNDS = 30;

function weekdayHours(now: Date): { startTime: string; endTime: string }[] {
  const slots: { startTime: string; endTime: string }[] = [];
  const today = startOfStockholmDay(now);
  for (let d = 1; d <= WEEKS_POST * 7; d += 1) {
    const p = stockholmParts(addStockholmDays(today, d));
    if (p.weekday > 5) continue;
    for (let h = 7; h <= 20; h += 1) {
      const start = stockholmDateTime(p.year, p.month, p.day, h, 0);
      slots.push({
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + HOUR_MS).toISOString(),
      });
    }
  }
  return slots;
}

/** A session cookie plus its CSRF token, for POSTs. */
async function signedIn(env: BenchEnv, user: { id: string; sessionVersion: number }) {
  const { header } = await createSessionCookie(env, user);
  const { csrfToken } = await httpGet<{ csrfToken: string }>(env, '/api/csrf-token', header);
  return { cookie: header, csrfToken };
}

async function timedPost(
  env: BenchEnv,
  path: string,
  body: unknown,
  auth: { cookie: string; csrfToken: string },
) {
  const payload = JSON.stringify(body);
  const t0 = performance.now();
  const res = await fetch(`${env.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: auth.cookie,
      'x-csrf-token': auth.csrfToken,
    },
    body: payload,
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 201)
    throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms, count: (JSON.parse(text) as unknown[]).length };
}

export default async function main(args: string[]): Promise<boolean> {
  WEEKS_GET = Number(args[0] ?? 8);
  WEEKS_POST = Number(args[1] ?? 6);
  if (![WEEKS_GET, WEEKS_POST].every((w) => Number.isInteger(w) && w >= 1 && w <= 52)) {
    throw new Error('bench availability: weeks must be whole numbers from 1 to 52');
  }
  const env = await startBenchEnv();
  let ok = true;
  try {
    // 1. GET with 8 weeks of hourly slots.
    const provider = await createProvider(env, { verified: true });
    const from = startOfStockholmDay(new Date());
    await timed(`seed ${WEEKS_GET * 7 * 24} slots`, () =>
      env.sql(
        `insert into availability_slots (provider_id, start_time, end_time)
         select $1, s, s + interval '1 hour'
         from generate_series($2::timestamptz, $2::timestamptz + $3 * interval '1 hour' - interval '1 hour', interval '1 hour') as s`,
        [provider.id, from.toISOString(), WEEKS_GET * 7 * 24],
      ),
    );
    // Other providers' slots in the same table, as in real life.
    for (let i = 0; i < 20; i += 1) {
      const other = await createProvider(env, { verified: true });
      await env.sql(
        `insert into availability_slots (provider_id, start_time, end_time)
         select $1, s, s + interval '1 hour'
         from generate_series($2::timestamptz, $2::timestamptz + $3 * interval '1 hour' - interval '1 hour', interval '1 hour') as s`,
        [other.id, from.toISOString(), WEEKS_GET * 7 * 24],
      );
    }
    await env.sql('analyze availability_slots');
    const path = `/api/availabilities/${provider.id}`;
    const own = await signedIn(env, provider);
    const ownSlots = await httpGet<unknown[]>(env, path, own.cookie);
    const client = await createClient(env);
    const asClient = await signedIn(env, client);
    const clientSlots = await httpGet<unknown[]>(env, path, asClient.cookie);
    ok =
      printResult(
        `GET ${'/api/availabilities/{id}'} as the provider (${ownSlots.length} slots), 20 connections`,
        await loadTest(env, { path, cookie: own.cookie, duration: 10 }),
        { budgetMs: 30, of: 'p99' },
      ) && ok;
    ok =
      printResult(
        `GET ${'/api/availabilities/{id}'} as a client (${clientSlots.length} bookable slots), 20 connections`,
        await loadTest(env, { path, cookie: asClient.cookie, duration: 10 }),
        { budgetMs: 30, of: 'p99' },
      ) && ok;

    // 2. POST /many with 6 weeks of weekday hours, each round a fresh provider.
    const slots = weekdayHours(new Date());
    const fresh: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < POST_ROUNDS + 3; i += 1) {
      const p = await createProvider(env, {
        verified: false,
        onboardingStep: 'QUESTIONS_COMPLETED',
      });
      const auth = await signedIn(env, p);
      const first = await timedPost(env, '/api/availabilities/many', { slots }, auth);
      const second = await timedPost(env, '/api/availabilities/many', { slots }, auth);
      if (first.count !== slots.length || second.count !== slots.length) {
        throw new Error(`expected ${slots.length} slots, got ${first.count} and ${second.count}`);
      }
      // The first rounds warm the JIT and the pool.
      if (i >= 3) {
        fresh.push(first.ms);
        again.push(second.ms);
      }
    }
    ok =
      printResult(
        `POST /api/availabilities/many, ${slots.length} new slots (${WEEKS_POST} weeks of weekday hours), one at a time`,
        stats(fresh),
        { budgetMs: 150, of: 'p99' },
      ) && ok;
    ok =
      printResult(
        `POST /api/availabilities/many, the same ${slots.length} slots again (idempotent)`,
        stats(again),
        { budgetMs: 150, of: 'p99' },
      ) && ok;
    return ok;
  } finally {
    await env.stop();
  }
}

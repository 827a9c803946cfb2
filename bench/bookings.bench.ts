/**
 * The bookings budgets, at 20 connections with 500 bookings on one therapist:
 *   POST /api/bookings              p99 <= 50 ms (every request a fresh, valid request: 201)
 *   the provider's GET /api/matches p99 <= 30 ms
 * `npx -y pnpm@10.34.8 bench bookings [existingBookings]` (default 500, the parameter).
 *
 * What is measured (decision 225): the service in its steady state, not a
 * fresh process's first seconds. WARMUP requests (their own clients, the same
 * shape, 20 connections) run first and are printed but not held to the
 * budget; then MEASURED requests, each a fresh valid request (201), are the
 * budget's figure. A quarter of the requests would need more free hours than
 * one therapist has (826 bookable hours in the horizon, 3 per request), so the
 * requests go round PER_THERAPIST-sized therapists, the first of which has the
 * 500 bookings. The therapist's GET runs on a therapist of its own with
 * exactly the 500 bookings (no request lands there).
 */
import { stockholmDateTime, stockholmParts } from '../packages/contracts/src/index';
import { createProvider, createSessionCookie } from '../apps/api/src/test/factories';
import {
  loadTest,
  printResult,
  signedInPost,
  startBenchEnv,
  timed,
  type BenchEnv,
  type LoadStats,
} from './lib';

let EXISTING_BOOKINGS = 500;
/** Unmeasured (printed, not budgeted): a fresh process's first seconds. */
const WARMUP = 500;
/** The budget's requests, after the warm-up: long enough for a p99 of 25 requests. */
const MEASURED = 2500;
const REQUESTS = WARMUP + MEASURED;
/** Requests per therapist: at most 826 / 3 free triples of hours each. */
const PER_THERAPIST = 250;
/** The concurrency. */
const CONNECTIONS = 20;
const THERAPISTS = Math.ceil(REQUESTS / PER_THERAPIST);

/** Every bookable hour (07-20 Stockholm) from day 2 to day 60: far enough ahead, inside the horizon. */
function bookableHours(now: Date): Date[] {
  const p = stockholmParts(now);
  const out: Date[] = [];
  for (let day = 2; day <= 60; day++) {
    for (let hour = 7; hour <= 20; hour++)
      out.push(stockholmDateTime(p.year, p.month, p.day + day, hour));
  }
  return out;
}

/** 500 bookings on the therapist: completed, cancelled, confirmed and pending, each its own match. */
async function seedExistingBookings(env: BenchEnv, providerId: string, tag: string) {
  await env.sql(
    `with c as (
       insert into users (type, name, email, email_verified_at, onboarding_step)
       select 'CLIENT', 'Bänkklient ' || g, 'bench.existing.' || $3::text || '.' || g || '@exempel.se', now(), 'QUESTIONS_COMPLETED'
       from generate_series(1, $1) g
       returning id
     ), m as (
       insert into matches (client_id, provider_id, status, score)
       select id, $2, 'ACTIVE', 0.8 from c
       returning id
     ), n as (
       select id, row_number() over () as i from m
     )
     insert into bookings (match_id, status, meeting_format, suggested_times, confirmed_time,
                           completed_at, cancelled_by, cancelled_at, expires_at)
     select id,
       (case when i % 10 < 5 then 'COMPLETED' when i % 10 < 8 then 'CANCELLED'
             when i % 10 = 8 then 'CONFIRMED' else 'PENDING_PROVIDER_CONFIRMATION' end)::booking_status,
       'IN_PERSON'::meeting_format,
       array[date_trunc('hour', now()) + make_interval(days => (case when i % 10 < 8 then -30 else 80 end), hours => (i % 12)::int)],
       case when i % 10 < 5 or i % 10 = 8 then date_trunc('hour', now()) + make_interval(days => (case when i % 10 < 8 then -30 else 80 end), hours => (i % 12)::int) end,
       case when i % 10 < 5 then now() - interval '29 days' end,
       case when i % 10 between 5 and 7 then 'CLIENT'::cancelled_by end,
       case when i % 10 between 5 and 7 then now() - interval '29 days' end,
       case when i % 10 = 9 then date_trunc('hour', now()) + make_interval(days => 80, hours => (i % 12)::int) end
     from n`,
    [EXISTING_BOOKINGS, providerId, tag],
  );
}

interface Requester {
  cookie: string;
  csrf: string;
  body: string;
}

async function prepareRequesters(env: BenchEnv, providerIds: string[]): Promise<Requester[]> {
  const hours = bookableHours(new Date());
  const triples = Math.floor(hours.length / 3);
  for (const providerId of providerIds) {
    await env.sql(
      `insert into availability_slots (provider_id, start_time, end_time)
       select $1, t, t + interval '1 hour' from unnest($2::timestamptz[]) t`,
      [providerId, hours.map((h) => h.toISOString())],
    );
  }
  const clients = await env.sql(
    `insert into users (type, name, email, email_verified_at, onboarding_step)
     select 'CLIENT', 'Bokare ' || g, 'bench.requester.' || g || '@exempel.se', now(), 'QUESTIONS_COMPLETED'
     from generate_series(1, $1) g
     returning id, session_version`,
    [REQUESTS],
  );
  const prepare = async (i: number): Promise<Requester> => {
    const client = clients.rows[i] as { id: string; session_version: number };
    const providerId = providerIds[i % providerIds.length]!;
    const triple = Math.floor(i / providerIds.length);
    if (triple >= triples) throw new Error('not enough slots for the requests');
    const match = await env.sql(
      `insert into matches (client_id, provider_id, score) values ($1, $2, 0.8) returning id`,
      [client.id, providerId],
    );
    const { header } = await createSessionCookie(env, {
      id: client.id,
      sessionVersion: client.session_version,
    });
    const res = await fetch(`${env.baseUrl}/api/csrf-token`, { headers: { cookie: header } });
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    const times = hours.slice(triple * 3, triple * 3 + 3).map((h) => h.toISOString());
    return {
      cookie: header,
      csrf: csrfToken,
      body: JSON.stringify({
        matchId: (match.rows[0] as { id: string }).id,
        suggestedTimes: times,
      }),
    };
  };
  const out: Requester[] = [];
  for (let i = 0; i < REQUESTS; i += 10) {
    const chunk = Array.from({ length: Math.min(10, REQUESTS - i) }, (_, k) => prepare(i + k));
    out.push(...(await Promise.all(chunk)));
  }
  return out;
}

/** POST /api/bookings at 20 connections, each requester's request sent once. */
function postLoad(env: BenchEnv, requesters: Requester[]): Promise<LoadStats> {
  return loadTest(env, {
    connections: CONNECTIONS,
    eachOnce: true,
    requests: requesters.map((r) =>
      signedInPost('/api/bookings', { cookie: r.cookie, csrfToken: r.csrf, body: r.body }),
    ),
  });
}

export default async function main(args: string[]): Promise<boolean> {
  EXISTING_BOOKINGS = Number(args[0] ?? 500);
  if (!Number.isInteger(EXISTING_BOOKINGS) || EXISTING_BOOKINGS < 0) {
    throw new Error('bench bookings: the number of existing bookings must be a whole number');
  }
  const env = await startBenchEnv();
  try {
    const therapists = await timed(`${THERAPISTS + 1} therapists`, () =>
      Promise.all(Array.from({ length: THERAPISTS + 1 }, () => createProvider(env))),
    );
    // The first receives requests, the last only the GET.
    const viewer = therapists.pop()!;
    await timed(`${EXISTING_BOOKINGS} bookings on each of two therapists`, async () => {
      await seedExistingBookings(env, therapists[0]!.id, 'a');
      await seedExistingBookings(env, viewer.id, 'b');
    });
    const requesters = await timed(
      `${REQUESTS} clients with a match, a session and three free hours`,
      () =>
        prepareRequesters(
          env,
          therapists.map((t) => t.id),
        ),
    );
    await env.sql('analyze');

    const shape = `${CONNECTIONS} connections, ${THERAPISTS} therapists, the first with ${EXISTING_BOOKINGS} bookings`;
    const warm = await postLoad(env, requesters.slice(0, WARMUP));
    // No budget: it fails only if an answer was not a 2xx.
    let ok = printResult(
      `warm-up, not budgeted: POST /api/bookings, the first ${WARMUP} requests of a fresh process, ${shape}`,
      warm,
    );
    const post = await postLoad(env, requesters.slice(WARMUP));
    ok =
      printResult(`POST /api/bookings, the next ${MEASURED} requests, ${shape}`, post, {
        budgetMs: 50,
        of: 'p99',
      }) && ok;

    const { header } = await createSessionCookie(env, viewer);
    const get = await loadTest(env, { path: '/api/matches', cookie: header, duration: 10 });
    ok =
      printResult(
        `GET /api/matches as a therapist with ${EXISTING_BOOKINGS} bookings, ${CONNECTIONS} connections`,
        get,
        { budgetMs: 30, of: 'p99' },
      ) && ok;
    return ok;
  } finally {
    await env.stop();
  }
}

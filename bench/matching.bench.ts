/**
 * Matching speed: one client's recomputation of matches with N verified
 * therapists (answers and slots), N = 1 000, 10 000, 100 000, and
 * GET /api/matches at 20 connections. `npx -y pnpm@10.34.8 bench matching [sizes]`: `sizes` is a comma-separated
 * list (default 1000,10000,100000) or one number (every default size up to it).
 *
 * Budgets: recomputation median <= 30 ms at 10 000 and <= 200 ms at 100 000;
 * GET /api/matches p99 <= 30 ms at 20 connections.
 *
 * Therapists are seeded in SQL (generate_series, one statement per table,
 * so the matching_vectors triggers run once per table, set-wise); their
 * answers are pseudo-random but deterministic (hashes), 90 % speak Swedish,
 * and each has 8 distinct slots spread over the next 9 weeks (some inside
 * 24 h, some beyond 8 weeks: not bookable). Each step's seeding time is printed.
 */
import { performance } from 'node:perf_hooks';
import { createClient, createSessionCookie } from '../apps/api/src/test/factories';
import { recomputeMatches } from '../apps/api/src/modules/matching/matching.service';
import {
  httpGet,
  loadTest,
  measureLoop,
  printResult,
  startBenchEnv,
  stats,
  timed,
  type BenchEnv,
} from './lib';

const SIZES = [1_000, 10_000, 100_000];
const BUDGET_MS: Record<number, number> = { 10_000: 30, 100_000: 200 };

/** Adds therapists number `from`+1 … `to` (ids and addresses derived from the number). */
export async function seedTherapists(env: BenchEnv, from: number, to: number): Promise<void> {
  await env.sql(
    `insert into users (id, type, name, email, email_verified_at, phone_number, street, city, zip, onboarding_step)
     select md5('bench-therapist-' || g)::uuid, 'PROVIDER', 'Terapeut ' || g, 'terapeut' || g || '@bench.example',
            now(), '0701740650', 'Storgatan ' || (g % 90 + 1), 'Stockholm', '111 22', 'ONBOARDING_COMPLETED'
     from generate_series($1::int + 1, $2::int) g`,
    [from, to],
  );
  await env.sql(
    `insert into provider_profiles (user_id, title, description, education, price, session_duration,
                                    profile_image_key, personal_attributes, is_verified, verified_at)
     select md5('bench-therapist-' || g)::uuid, '{PSYKOLOG}', repeat('Ord ', 200), '{MASTER}', 700 + (g % 9) * 50, 50,
            'seed/anna.png', 'Lugn, nyfiken', true, now()
     from generate_series($1::int + 1, $2::int) g`,
    [from, to],
  );
  // One statement: the answers trigger refreshes the matching vectors once, set-wise.
  await env.sql(
    `insert into answers (user_id, question_id, value)
     select md5('bench-therapist-' || g)::uuid, q.id,
            array(select o.value from question_options o
                  where o.question_id = q.id and o.user_type in ('BOTH', 'PROVIDER') and o.value <> 'none'
                    and (abs(hashtext(g || ':' || o.value)) % 100
                         < case when q.key = 'language' and o.value = 'sv' then 90
                                when q.key = 'age' then 60 else 25 end)
                  order by o."order")
     from generate_series($1::int + 1, $2::int) g cross join questions q`,
    [from, to],
  );
  // Eight distinct hours per therapist (offsets 181 h apart modulo 63 days:
  // never the same hour twice), so no DISTINCT and no conflict handling.
  await env.sql(
    `insert into availability_slots (provider_id, start_time, end_time)
     select p, t, t + interval '1 hour' from (
       select md5('bench-therapist-' || g)::uuid as p,
              date_trunc('hour', now())
                + (((abs(hashtext('slot' || g)) + k * 181) % (63 * 24)) + 2) * interval '1 hour' as t
       from generate_series($1::int + 1, $2::int) g cross join generate_series(1, 8) k
     ) s`,
    [from, to],
  );
  await env.sql('analyze');
}

export default async function main(args: string[]): Promise<boolean> {
  const arg = args[0];
  const sizes = !arg
    ? SIZES
    : arg.includes(',')
      ? arg.split(',').map(Number)
      : SIZES.filter((s) => s <= Number(arg));
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(`bench matching: sizes must be positive integers, got "${arg}"`);
  }
  sizes.sort((a, b) => a - b);
  const env = await startBenchEnv();
  let ok = true;
  try {
    const client = await createClient(env, {
      answers: {
        age: ['35-49'],
        language: { value: ['sv'], importance: 3 },
        therapy_methods: { value: ['kbt', 'act'], importance: 1 },
        problem_areas: { value: ['angest', 'stress'], importance: 2 },
        knowledge_areas: ['any'],
      },
    });
    const { header } = await createSessionCookie(env, client);
    let seeded = 0;
    for (const n of sizes) {
      await timed(`seed therapists ${seeded + 1}-${n}`, () => seedTherapists(env, seeded, n));
      seeded = n;

      // Server time: the recomputation itself, in the server process, one at a time.
      const samples: number[] = [];
      for (let i = 0; i < 3; i += 1) await recomputeMatches(env.database.db, client.id);
      for (let i = 0; i < (n >= 100_000 ? 30 : 60); i += 1) {
        const t0 = performance.now();
        await recomputeMatches(env.database.db, client.id);
        samples.push(performance.now() - t0);
      }
      const budget = BUDGET_MS[n];
      ok =
        printResult(
          `recompute matches, N = ${n.toLocaleString('sv-SE')}`,
          stats(samples),
          budget ? { budgetMs: budget, of: 'median' } : undefined,
        ) && ok;
      // The same over HTTP (GET /api/matches/potential also reads the matches back).
      printResult(
        `GET /api/matches/potential, N = ${n.toLocaleString('sv-SE')}`,
        await measureLoop(() => httpGet(env, '/api/matches/potential', header), {
          iterations: n >= 100_000 ? 20 : 40,
        }),
      );
    }
    const matches = await httpGet<unknown[]>(env, '/api/matches', header);
    console.log(`GET /api/matches returns ${matches.length} matches`);
    ok =
      printResult(
        'GET /api/matches, 20 connections, 10 s',
        await loadTest(env, {
          path: '/api/matches',
          cookie: header,
          connections: 20,
          duration: 10,
        }),
        { budgetMs: 30, of: 'p99' },
      ) && ok;
    return ok;
  } finally {
    await env.stop();
  }
}

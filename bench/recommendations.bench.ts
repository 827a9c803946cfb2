/**
 * What computing a client's recommendations costs, on every path that does it
 * (docs/rules/matching.md#when-recommendations-are-computed, decision 451), at
 * a country's size: `npx -y pnpm@10.34.8 bench recommendations [--therapists 5000]
 * [--clients 100000] [--samples 40]`.
 *
 * Seeds its own data in set-wise SQL: the therapists of `bench matching`
 * (verified, answers, 8 hours each over the next 9 weeks) and clients with
 * consent, answers (Swedish, an age, one problem area; importances spread)
 * and five stored recommendations each. Then, each path one request at a
 * time (median, p99, and the CPU per operation of the app's event loop and
 * of Postgres, read from /proc over the whole loop):
 *   - the entry point itself, `recomputeMatches`, in process;
 *   - `POST /api/answers`: a client saves answers (saved, then recomputed);
 *   - `GET /api/matches` whose list holds a recommendation no longer bookable:
 *     the read recomputes and reads again (the refresh at read);
 *   - a therapist's change, `POST /api/availabilities/delete-many` (one hour):
 *     recomputes nobody, whatever the number of clients;
 *   - `GET /api/matches` of a short list (decision 500): clients who want
 *     above all a language only three therapists speak read their list, which
 *     scans the candidates and finds nothing new; and clients whose full list
 *     lost two recommendations (rows deleted: two candidates not recommended)
 *     read theirs, which scans, finds them, recomputes and reads again;
 *   - `GET /api/matches/empty-reason` of the same short lists: the candidate
 *     count the dashboard already reads at each view of a short list;
 * and `GET /api/matches` with nothing stale at 20 connections (the list's
 * usual cost: a full list is not scanned). Each seeding step's time is printed.
 */
import { performance } from 'node:perf_hooks';
import { CONSENT_TEXTS } from '../packages/contracts/src/index';
import {
  answersPayload,
  questionIdsByKey,
  type AnswersByKey,
} from '../apps/api/src/test/factories';
import { createSessionCookie } from '../apps/api/src/test/factories';
import { recomputeMatches } from '../apps/api/src/modules/matching/matching.service';
import { cpuMeter } from './cpu';
import { httpGet, loadTest, printResult, startBenchEnv, stats, timed, type BenchEnv } from './lib';
import { seedTherapists } from './matching.bench';

/** Clients number `from`+1 … `to`: consent, answers and five stored recommendations each. */
async function seedClients(env: BenchEnv, from: number, to: number, therapists: number) {
  await env.sql(
    `insert into users (id, type, name, email, email_verified_at, onboarding_step)
     select md5('bench-client-' || g)::uuid, 'CLIENT', 'Klient ' || g, 'klient' || g || '@bench.example',
            now(), 'QUESTIONS_COMPLETED'
     from generate_series($1::int + 1, $2::int) g`,
    [from, to],
  );
  await env.sql(
    `insert into consents (user_id, kind, version)
     select md5('bench-client-' || g)::uuid, 'QUESTIONNAIRE', $3::int
     from generate_series($1::int + 1, $2::int) g`,
    [from, to, CONSENT_TEXTS.QUESTIONNAIRE.version],
  );
  // One statement: the answers trigger refreshes the matching vectors once, set-wise.
  await env.sql(
    `insert into answers (user_id, question_id, value, importance)
     select md5('bench-client-' || g)::uuid, q.id,
            case q.key
              when 'language' then array['sv']
              when 'age' then array[(array['18-24', '25-34', '35-49', '50-64', '65+'])[1 + abs(hashtext('age' || g)) % 5]]
              when 'problem_areas' then array[(array['angest', 'stress', 'somn'])[1 + abs(hashtext('area' || g)) % 3]]
              else array['any'] end,
            case when q.has_importance_scale and q.key in ('language', 'problem_areas')
                 then 1 + abs(hashtext(q.key || g)) % 3 end
     from generate_series($1::int + 1, $2::int) g
     cross join questions q
     where q.type <> 'TEXTAREA'`,
    [from, to],
  );
  await env.sql(
    `insert into matches (client_id, provider_id, status, score, rank)
     select md5('bench-client-' || g)::uuid,
            md5('bench-therapist-' || (1 + abs(hashtext('m' || g || ':' || k)) % $3::int))::uuid,
            'PENDING', 0.5, k
     from generate_series($1::int + 1, $2::int) g cross join generate_series(1, 5) k
     on conflict do nothing`,
    [from, to, therapists],
  );
  await env.sql('analyze');
}

/** A measured loop, one at a time: wall time per call, and CPU per call over the whole loop. */
async function measured(
  env: BenchEnv,
  label: string,
  items: readonly string[],
  fn: (item: string) => Promise<unknown>,
): Promise<void> {
  const meter = await cpuMeter(env.seedPool);
  const samples: number[] = [];
  for (const item of items) {
    const t0 = performance.now();
    await fn(item);
    samples.push(performance.now() - t0);
  }
  const used = meter.read();
  printResult(label, stats(samples));
  const per = (ms: number | undefined) =>
    ms === undefined ? 'n/a' : `${(ms / items.length).toFixed(2)} ms`;
  console.log(
    `  CPU per operation: app ${per(used.mainThreadMs)}, Postgres ${per(used.postgresMs)}`,
  );
}

function arg(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`bench recommendations: --${name} must be a positive integer`);
  }
  return value;
}

const ANSWERS: AnswersByKey = {
  age: ['25-34'],
  language: { value: ['sv'], importance: 3 },
  therapy_methods: ['any'],
  problem_areas: { value: ['angest', 'stress'], importance: 2 },
  knowledge_areas: ['any'],
};

/**
 * The reads of a short list (docs/rules/matching.md#a-short-list-grows-at-read):
 * Somali is made rare (three therapists speak it), `short` clients want it
 * above all (importance 3) and get their recommendations computed
 * (unmeasured); each read then
 * scans the candidates and finds nothing new. `grown` clients have their
 * five computed, then lose the two last (deleted rows: two candidates among
 * the best not recommended); each read scans, recomputes and reads again.
 */
async function measureShortLists(
  env: BenchEnv,
  session: (id: string) => Promise<{ header: string }>,
  short: readonly string[],
  grown: readonly string[],
  therapists: number,
): Promise<void> {
  const db = env.database.db;
  // Somali becomes rare: the first three therapists speak it, no other does.
  await env.sql(
    `update answers a
     set value = case when t.g <= 3 then array_append(array_remove(a.value, 'so'), 'so')
                      else array_remove(a.value, 'so') end
     from questions q, (select md5('bench-therapist-' || g)::uuid as id, g
                        from generate_series(1, $1::int) g) t
     where q.id = a.question_id and q.key = 'language' and a.user_id = t.id`,
    [therapists],
  );
  await env.sql(
    `update answers a set value = array['so'], importance = 3
     from questions q
     where q.id = a.question_id and q.key = 'language' and a.user_id = any($1::uuid[])`,
    [short],
  );
  for (const id of short) await recomputeMatches(db, id);
  for (const id of grown) await recomputeMatches(db, id);
  await env.sql(
    `delete from matches where client_id = any($1::uuid[]) and status = 'PENDING' and rank >= 4`,
    [grown],
  );
  const sessions = new Map(
    await Promise.all([...short, ...grown].map(async (id) => [id, await session(id)] as const)),
  );
  const pendingOf = async (id: string) =>
    (await httpGet<{ status: string }[]>(env, '/api/matches', sessions.get(id)!.header)).filter(
      (m) => m.status === 'PENDING',
    ).length;
  const shortSizes = (
    await env.sql(
      `select count(m.id)::int as n from unnest($1::uuid[]) u(id)
       left join matches m on m.client_id = u.id and m.status = 'PENDING' group by u.id`,
      [short],
    )
  ).rows.map((r: { n: number }) => r.n);
  console.log(
    `short lists: the ${short.length} lists hold ${Math.min(...shortSizes)}-${Math.max(...shortSizes)} recommendations`,
  );
  await measured(
    env,
    'GET /api/matches, a short list, nothing new (scanned at read)',
    short,
    (id) => httpGet(env, '/api/matches', sessions.get(id)!.header),
  );
  await measured(
    env,
    'GET /api/matches, a short list, two new candidates (scanned, recomputed at read)',
    grown,
    (id) => httpGet(env, '/api/matches', sessions.get(id)!.header),
  );
  console.log(`  after the read a grown list holds ${await pendingOf(grown[0]!)} recommendations`);
  await measured(
    env,
    'GET /api/matches, the grown lists read again (five: not scanned)',
    grown,
    (id) => httpGet(env, '/api/matches', sessions.get(id)!.header),
  );
  await measured(env, 'GET /api/matches/empty-reason, the same short lists', short, (id) =>
    httpGet(env, '/api/matches/empty-reason', sessions.get(id)!.header),
  );
}

export default async function main(args: string[]): Promise<boolean> {
  const therapists = arg(args, 'therapists', 5_000);
  const clients = arg(args, 'clients', 100_000);
  const samples = arg(args, 'samples', 40);
  const env = await startBenchEnv();
  try {
    await timed(`seed ${therapists.toLocaleString('sv-SE')} therapists`, () =>
      seedTherapists(env, 0, therapists),
    );
    const chunk = 25_000;
    const started = performance.now();
    for (let from = 0; from < clients; from += chunk) {
      await seedClients(env, from, Math.min(clients, from + chunk), therapists);
    }
    console.log(
      `seed ${clients.toLocaleString('sv-SE')} clients (answers, 5 recommendations each): ${(
        (performance.now() - started) /
        1000
      ).toFixed(1)} s`,
    );
    const { rows } = await env.sql(
      `select (select count(*) from matches)::int as matches, (select count(*) from answers)::int as answers`,
    );
    console.log(`matches ${rows[0].matches}, answers ${rows[0].answers}`);

    // Four disjoint sets of clients spread over the seed, one per path.
    const pick = (set: number) =>
      Array.from({ length: samples }, (_, i) => 1 + (((set * samples + i) * 7919) % clients));
    const idsOf = async (gs: number[]) =>
      (
        await env.sql(
          `select md5('bench-client-' || g)::uuid as id from unnest($1::int[]) with ordinality as u(g, i) order by i`,
          [gs],
        )
      ).rows.map((r: { id: string }) => r.id);
    const [recomputeSet, answerSet, staleSet, listSet, shortSet, grownSet] = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((s) => idsOf(pick(s))),
    );
    const session = async (id: string) => {
      const { header } = await createSessionCookie(env, { id, sessionVersion: 0 });
      const res = await fetch(`${env.baseUrl}/api/csrf-token`, { headers: { cookie: header } });
      const { csrfToken } = (await res.json()) as { csrfToken: string };
      return { header, csrfToken };
    };
    const db = env.database.db;

    // Warm the process (the statements' plans, the questionnaire) before measuring.
    for (const id of listSet!.slice(0, 3)) await recomputeMatches(db, id);

    await measured(env, 'recomputeMatches, one client (in process)', recomputeSet!, (id) =>
      recomputeMatches(db, id),
    );

    const questionIds = await questionIdsByKey(db);
    const body = JSON.stringify(answersPayload(questionIds, ANSWERS));
    const answerSessions = new Map(
      await Promise.all(answerSet!.map(async (id) => [id, await session(id)] as const)),
    );
    await measured(env, 'POST /api/answers (saves, then recomputes)', answerSet!, async (id) => {
      const s = answerSessions.get(id)!;
      const res = await fetch(`${env.baseUrl}/api/answers`, {
        method: 'POST',
        headers: {
          cookie: s.header,
          'x-csrf-token': s.csrfToken,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
      });
      if (!res.ok) throw new Error(`POST /api/answers answered ${res.status}`);
      await res.arrayBuffer();
    });

    // The refresh at read: each client's best recommendation loses its therapist's
    // hours (unmeasured), then the client reads the list (measured).
    for (const id of staleSet!) await recomputeMatches(db, id);
    await env.sql(
      `delete from availability_slots s using matches m
       where m.client_id = any($1::uuid[]) and m.status = 'PENDING' and m.rank = 1
         and s.provider_id = m.provider_id and s.status = 'AVAILABLE'`,
      [staleSet],
    );
    const staleSessions = new Map(
      await Promise.all(staleSet!.map(async (id) => [id, await session(id)] as const)),
    );
    await measured(
      env,
      'GET /api/matches, one recommendation no longer bookable (recomputed at read)',
      staleSet!,
      (id) => httpGet(env, '/api/matches', staleSessions.get(id)!.header),
    );
    const after = await httpGet<{ status: string }[]>(
      env,
      '/api/matches',
      staleSessions.get(staleSet![0]!)!.header,
    );
    console.log(
      `  after the refresh a list holds ${after.filter((m) => m.status === 'PENDING').length} recommendations`,
    );

    await measureShortLists(env, session, shortSet!, grownSet!, therapists);

    // A therapist's change: one hour removed through the API; nobody is recomputed.
    const therapistIds = (
      await env.sql(
        `select s.provider_id as id, min(s.id::text) as slot from availability_slots s
         where s.status = 'AVAILABLE' group by s.provider_id order by s.provider_id limit $1`,
        [samples],
      )
    ).rows as { id: string; slot: string }[];
    const therapistSessions = new Map(
      await Promise.all(therapistIds.map(async (t) => [t.id, await session(t.id)] as const)),
    );
    const slotOf = new Map(therapistIds.map((t) => [t.id, t.slot]));
    await measured(
      env,
      "a therapist's change: POST /api/availabilities/delete-many, one hour",
      therapistIds.map((t) => t.id),
      async (id) => {
        const s = therapistSessions.get(id)!;
        const res = await fetch(`${env.baseUrl}/api/availabilities/delete-many`, {
          method: 'POST',
          headers: {
            cookie: s.header,
            'x-csrf-token': s.csrfToken,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ ids: [slotOf.get(id)] }),
        });
        if (!res.ok) throw new Error(`delete-many answered ${res.status}`);
        await res.arrayBuffer();
      },
    );

    // The list as usual: computed lists, nothing stale, 20 connections.
    for (const id of listSet!) await recomputeMatches(db, id);
    const listSessions = await Promise.all(listSet!.map((id) => session(id)));
    printResult(
      'GET /api/matches, nothing stale, 20 connections, 10 s',
      await loadTest(env, {
        requests: listSessions.map((s) => ({
          path: '/api/matches',
          headers: { accept: 'application/json', cookie: s.header },
        })),
        connections: 20,
        duration: 10,
      }),
    );
    return true;
  } finally {
    await env.stop();
  }
}

/**
 * The statements of POST /api/bookings timed directly (decision 226), without
 * HTTP: `npx -y pnpm@10.34.8 bench bookings-sql [runs]` (default 500). On one
 * pooled connection, one after another, each run a fresh valid request: the
 * match's people (`readRequestMatch`) and the whole transaction
 * (`createRequest`, one call of request_booking), prepared as the API prepares
 * them. Prints the wall time per statement and the Postgres backend's CPU per
 * request (from /proc/<pid>/schedstat when the server is on this machine).
 * No budget: it says where the database's share of a request goes.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { stockholmDateTime, stockholmParts } from '../packages/contracts/src/index';
import { createProvider } from '../apps/api/src/test/factories';
import {
  createRequest,
  readRequestMatch,
} from '../apps/api/src/modules/bookings/bookings.repository';
import { newRequestMail } from '../apps/api/src/modules/bookings/bookings.mails';
import { machineLoad, startBenchEnv, stats } from './lib';

/** CPU time of a local process in ns (schedstat), undefined when not readable. */
function cpuNs(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

export default async function main(args: string[]): Promise<boolean> {
  const runs = Number(args[0] ?? 500);
  if (!Number.isInteger(runs) || runs < 1 || runs > 800) {
    throw new Error('bench bookings-sql: runs must be a whole number from 1 to 800');
  }
  const env = await startBenchEnv();
  try {
    const warm = 20;
    const providers = await Promise.all(
      Array.from({ length: Math.ceil((runs + warm) / 250) }, () => createProvider(env)),
    );
    const p = stockholmParts(new Date());
    const hours: Date[] = [];
    for (let day = 2; day <= 60; day++) {
      for (let hour = 7; hour <= 20; hour++)
        hours.push(stockholmDateTime(p.year, p.month, p.day + day, hour));
    }
    for (const provider of providers) {
      await env.sql(
        `insert into availability_slots (provider_id, start_time, end_time)
         select $1, t, t + interval '1 hour' from unnest($2::timestamptz[]) t`,
        [provider.id, hours.map((h) => h.toISOString())],
      );
    }
    const { rows } = await env.sql(
      `with c as (
         insert into users (type, name, email, email_verified_at, onboarding_step)
         select 'CLIENT', 'Bokare ' || g, 'bench.sql.' || g || '@exempel.se', now(), 'QUESTIONS_COMPLETED'
         from generate_series(1, $1) g returning id
       )
       insert into matches (client_id, provider_id, score)
       select id, ($2::uuid[])[1 + (row_number() over () - 1) % cardinality($2::uuid[])], 0.8 from c
       returning id, client_id, provider_id`,
      [runs + warm, providers.map((p) => p.id)],
    );
    await env.sql('analyze');
    const matches = rows as { id: string; client_id: string; provider_id: string }[];
    // Each provider's requests take its hours three by three.
    const taken = new Map<string, number>();
    const ctx = {
      publicUrl: env.config.publicUrl,
      companyName: 'Samtalsmatch',
      contactEmail: 'hej@exempel.se',
    };

    const client: pg.PoolClient = await env.database.pool.connect();
    try {
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
        .pid;
      const request = async (i: number, timing?: { read: number[]; call: number[] }) => {
        const m = matches[i]!;
        const triple = taken.get(m.provider_id) ?? 0;
        taken.set(m.provider_id, triple + 1);
        const times = hours.slice(triple * 3, triple * 3 + 3);
        const t0 = performance.now();
        const match = (await readRequestMatch(client, m.id))!;
        const t1 = performance.now();
        const mail = newRequestMail(
          ctx,
          { name: match.providerName, email: match.providerEmail! },
          times,
        );
        const t2 = performance.now();
        const result = await createRequest(client, {
          match,
          clientId: m.client_id,
          times,
          now: new Date(),
          mail,
        });
        const t3 = performance.now();
        if (result.outcome !== 'CHECKED' || !result.booking) {
          throw new Error(`request ${i} was not made: ${JSON.stringify(result)}`);
        }
        timing?.read.push(t1 - t0);
        timing?.call.push(t3 - t2);
      };
      // Warm-up: the plans settle (five custom plans before a generic one), the JIT warms.
      for (let i = 0; i < warm; i++) await request(i);
      const timing = { read: [] as number[], call: [] as number[] };
      const cpu0 = cpuNs(pid);
      for (let i = warm; i < warm + runs; i++) {
        await request(i, timing);
      }
      const cpu1 = cpuNs(pid);
      const fmt = (s: ReturnType<typeof stats>) =>
        `median ${s.medianMs.toFixed(3)} ms, p99 ${s.p99Ms.toFixed(3)} ms`;
      console.log(
        `the match's people (readRequestMatch), ${runs} runs: ${fmt(stats(timing.read))}`,
      );
      console.log(`request_booking (createRequest), ${runs} runs: ${fmt(stats(timing.call))}`);
      if (cpu0 !== undefined && cpu1 !== undefined) {
        console.log(
          `Postgres backend CPU per request (both statements): ${((cpu1 - cpu0) / runs / 1e6).toFixed(3)} ms`,
        );
      }
      console.log(`[${machineLoad()}]`);
    } finally {
      client.release();
    }
    return true;
  } finally {
    await env.stop();
  }
}

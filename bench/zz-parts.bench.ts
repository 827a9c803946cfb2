import { performance } from 'node:perf_hooks';
import { createClient, createMatch, createProvider, createBooking } from '../apps/api/src/test/factories';
import { clientMatchRows } from '../apps/api/src/modules/matching/matches.repository';
import { listQuestions } from '../apps/api/src/modules/questionnaire/questionnaire.repository';
import { clientMatches } from '../apps/api/src/modules/matching/matches.service';
import { startBenchEnv } from './lib';

export default async function main() {
  const env = await startBenchEnv();
  try {
    const client = await createClient(env, { answers: { language: ['sv'], therapy_methods: ['kbt'] } });
    for (let i = 0; i < 5; i++) {
      const p = await createProvider(env, { answers: { language: ['sv'], therapy_methods: ['kbt'] } });
      const m = await createMatch(env, { clientId: client.id, providerId: p.id });
      if (i < 2) await createBooking(env, m.id, { holdSlots: false });
    }
    const db = env.database.db;
    const time = async (label: string, fn: () => Promise<unknown>) => {
      for (let i = 0; i < 50; i++) await fn();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < 300; i++) await fn();
      const c = process.cpuUsage(cpu0);
      console.log(label, ((performance.now() - t0) / 300).toFixed(3), 'ms wall', ((c.user + c.system) / 1000 / 300).toFixed(3), 'ms app cpu');
    };
    await time('clientMatchRows', () => clientMatchRows(db, client.id));
    await time('listQuestions', () => listQuestions(db));
    await time('clientMatches', () => clientMatches(db, env.config, client.id));
    await time('clientMatches+stringify', async () => JSON.stringify(await clientMatches(db, env.config, client.id)));
    await time('select 1', () => env.database.pool.query('select 1'));
  } finally {
    await env.stop();
  }
}

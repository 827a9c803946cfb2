import path from 'node:path';
import { createDb } from '../client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded';
import { runMigrations } from '../migrate';
import { REPO_ROOT } from '../paths';
import { seedDatabase } from '../seed/index';
import { largeSeedRefusal, seedLarge } from '../seed/large';

// pnpm seed:large [--scale 0.1] [--not-production]: DATABASE_URL (never production; another
// machine only with --not-production), or an embedded PostgreSQL in .data/large.
const refusal = largeSeedRefusal(process.env, process.argv);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const scaleAt = process.argv.indexOf('--scale');
const scale = scaleAt === -1 ? 1 : Number(process.argv[scaleAt + 1]);
if (!(scale > 0 && scale <= 10)) {
  console.error('--scale must be a number above 0 and at most 10');
  process.exit(1);
}

const started = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

let embedded: EmbeddedDatabase | undefined;
let url = process.env.DATABASE_URL;
if (!url) {
  const dataDir = path.resolve(REPO_ROOT, '.data', 'large', 'postgres');
  log(`DATABASE_URL is not set: embedded PostgreSQL in ${dataDir}`);
  embedded = await startEmbeddedPostgres({ dataDir });
  url = embedded.url;
}
const handle = createDb(url, { max: 2 });
try {
  await runMigrations(handle.pool);
  await seedDatabase(handle, { demoData: false });
  log(`seeding at scale ${scale}`);
  const counts = await seedLarge(handle.pool, { scale, log });
  log(`done: ${JSON.stringify(counts)}`);
  if (embedded) log(`the database stays in .data/large; its URL while running: ${url}`);
} finally {
  await handle.close();
  await embedded?.stop();
}

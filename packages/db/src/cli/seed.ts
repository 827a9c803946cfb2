import { createDb } from '../client';
import { runMigrations } from '../migrate';
import { seedDatabase } from '../seed/index';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL must be set (the API seeds its embedded database by itself).');
  process.exit(1);
}
const handle = createDb(url);
await runMigrations(handle.pool);
console.log(await seedDatabase(handle, { demoData: process.env.SEED_DEMO_DATA !== 'false' }));
await handle.close();

import { createDb } from '../client';
import { runMigrations } from '../migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL must be set (the API migrates its embedded database by itself).');
  process.exit(1);
}
const handle = createDb(url);
await runMigrations(handle.pool);
await handle.close();
console.log('migrations applied');

import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { MIGRATIONS_DIR } from './paths';

// Any constant works; it only has to be the same in every process.
export const SETUP_LOCK = 7_202_611;

/**
 * Runs `work` while holding a session advisory lock on one connection, so
 * concurrent starts (two API processes on one database) take turns.
 */
export async function withSetupLock<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Applies the checked-in SQL migrations (under the setup lock). */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  await withSetupLock(pool, async (client) => {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  });
}

import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
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

/** The checked-in migration the schema must have reached: its journal time (`when`). */
export function latestMigrationMillis(): number {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  return Math.max(0, ...files.map((m) => m.folderMillis));
}

/**
 * True when the database has applied the latest checked-in migration (the
 * migrator records each one with its journal time in
 * `drizzle.__drizzle_migrations`). Throws when the database does not answer.
 */
export async function isSchemaCurrent(
  pool: pg.Pool,
  latest: number = latestMigrationMillis(),
): Promise<boolean> {
  const table = await pool.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table.rows[0]?.exists) return false;
  const result = await pool.query<{ applied: string | null }>(
    'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
  );
  const applied = result.rows[0]?.applied;
  return applied != null && Number(applied) >= latest;
}

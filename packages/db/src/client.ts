import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DbHandle {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
}

// timestamptz arrives as Date; bigint counts (rarely used) as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export function createDb(connectionString: string, options: { max?: number } = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/**
 * A named, server-side prepared statement of a fixed-shape SQL text
 * (decision 440): parsed and planned once per connection, then only bound
 * and run. `query` takes its values as `sql.placeholder(name)`; `execute`
 * fills them. Made from the handle it runs on: from a transaction inside
 * that transaction (its one connection), else from the pool.
 */
export function preparedSql<Row>(
  db: Executor,
  name: string,
  query: SQL,
): { execute: (values: Record<string, unknown>) => Promise<Row[]> } {
  // Drizzle's own prepared-query machinery, as `select(...).prepare(name)` uses it.
  const internal = db as unknown as {
    dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } };
    _: {
      session: {
        prepareQuery: (
          q: { sql: string; params: unknown[] },
          fields: undefined,
          name: string,
          arrayMode: boolean,
        ) => { execute: (values: Record<string, unknown>) => Promise<{ rows: Row[] }> };
      };
    };
  };
  const prepared = internal._.session.prepareQuery(
    internal.dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  );
  return { execute: async (values) => (await prepared.execute(values)).rows };
}

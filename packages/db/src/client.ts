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
 * Drizzle's prepared query of a fixed-shape SQL text, made from the handle it
 * runs on (see `preparedSqlStatement`). Building it turns the SQL into text.
 */
function preparedSqlQuery<Row>(
  db: Executor,
  name: string,
  query: SQL,
): { execute: (values: Record<string, unknown>) => Promise<{ rows: Row[] }> } {
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
  return internal._.session.prepareQuery(
    internal.dialect.sqlToQuery(query),
    undefined,
    name,
    false,
  );
}

/** What a Drizzle prepared query runs on: the pool, or a transaction's one client. */
interface BoundToClient {
  client: unknown;
}

function clientOf(db: Executor): unknown {
  return (db as unknown as { _: { session: { client: unknown } } })._.session.client;
}

/**
 * A fixed-shape statement written with Drizzle's query builder and
 * `.prepare(name)`, built once per process (decision 441): the builder's
 * work (the SQL text, the result's column mapping) is done on the first call,
 * and every later call only binds the same prepared query to the handle it
 * runs on, the pool or a transaction's connection (a statement that locks is
 * run with `tx`, so on the transaction's connection). Postgres parses and
 * plans it once per connection (decision 440). Values go in as
 * `sql.placeholder(name)`; the SQL text must not depend on them.
 */
export function preparedStatement<P extends { execute: (...args: never[]) => unknown }>(
  build: (db: Executor) => P,
): (db: Executor) => P {
  let template: (P & BoundToClient) | undefined;
  return (db) => {
    template ??= build(db) as P & BoundToClient;
    const client = clientOf(db);
    if (template.client === client) return template;
    // The same prepared query (its name, text and mapping) on this handle's connection.
    const bound = Object.create(template) as P & BoundToClient;
    bound.client = client;
    return bound;
  };
}

/**
 * A named, server-side prepared statement of a fixed-shape SQL text
 * (decision 440), built once per process like `preparedStatement`: parsed
 * and planned once per connection, then only bound and run, through
 * Drizzle's own prepared-query machinery. `query` takes its values as
 * `sql.placeholder(name)`; `execute` fills them. Called with the handle it
 * runs on: a transaction (its one connection) or the pool. Its rows come as
 * Postgres sends them (timestamps as text).
 */
export function preparedSqlStatement<Row>(
  name: string,
  query: SQL,
): (db: Executor) => { execute: (values: Record<string, unknown>) => Promise<{ rows: Row[] }> } {
  return preparedStatement((db) => preparedSqlQuery<Row>(db, name, query));
}

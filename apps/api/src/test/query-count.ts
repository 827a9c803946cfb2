import pg from 'pg';

/**
 * Counts the statements this process sends to Postgres (any pool, any
 * client: BEGIN and COMMIT included) while `fn` runs, and the text of each.
 * Every pg client goes through `Client.prototype.query`, so patching it for
 * the duration sees the session store, drizzle and raw statements alike.
 */
export async function recordQueries(fn: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string } | undefined;
    seen.push(typeof q === 'string' ? q : (q?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

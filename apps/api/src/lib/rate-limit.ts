import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Request } from 'express';
import { sql } from 'drizzle-orm';
import type { Executor } from '@samtalsmatch/db';

/** The client's address as Express sees it (TRUST_PROXY decides which hop). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * What a per-IP counter is keyed by. An IPv4 address as is (also when written
 * IPv4-mapped, `::ffff:192.0.2.1`). An IPv6 address by its /64: one
 * subscriber gets at least a whole /64, so keying by the full address would
 * give an attacker 2^64 fresh counters.
 */
export function rateLimitSubject(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv6(ip)) return `${ipv6Prefix64(ip)}::/64`;
  return ip;
}

/** The first four groups of an IPv6 address, expanded (`2001:db8::1` → `2001:db8:0:0`). */
function ipv6Prefix64(ip: string): string {
  const withoutZone = ip.split('%')[0]!;
  const [head = '', tail = ''] = withoutZone.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = withoutZone.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail counts as two groups; it never reaches the first four.
  const tailLength = tailGroups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = withoutZone.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailLength).fill('0'), ...tailGroups]
    : headGroups;
  return groups
    .slice(0, 4)
    .map((g) => (g.includes('.') ? '0' : g.toLowerCase().replace(/^0+(?=.)/, '')))
    .join(':');
}

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  limit: number;
  remaining: number;
  resetAt: Date;
  windowMs: number;
  allowed: boolean;
}

/**
 * A stored key never holds the address or e-mail itself: `action:kind:` and
 * a SHA-256 of the value (the table is shared, logged and backed up).
 */
export function rateLimitKey(action: string, kind: string, value: string): string {
  const digest = createHash('sha256').update(value, 'utf8').digest('base64url').slice(0, 32);
  return `${action}:${kind}:${digest}`;
}

/**
 * Counts one request against `key` in a fixed window, atomically in Postgres
 * (one upsert), so every API process shares the same counters.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const seconds = rule.windowMs / 1000;
  const result = await db.execute<{ count: number; reset_at: Date | string }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at
  `);
  const row = result.rows[0]!;
  const count = Number(row.count);
  return {
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetAt: new Date(row.reset_at),
    windowMs: rule.windowMs,
    allowed: count <= rule.limit,
  };
}

/** Forgets a counter (for example the account's after a successful sign-in). */
export async function clearRateLimit(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Deletes windows that have ended; run now and then by the maintenance job. */
export async function pruneRateLimits(db: Executor): Promise<number> {
  const result = await db.execute(sql`delete from rate_limits where reset_at <= now()`);
  return result.rowCount ?? 0;
}

/**
 * Standard headers (IETF draft, the widely deployed form): the most
 * restrictive of the results decides. `Retry-After` only when refused.
 */
export function rateLimitHeaders(
  results: RateLimitResult[],
  now = Date.now(),
): Record<string, string> {
  const tightest = [...results].sort(
    (a, b) => Number(a.allowed) - Number(b.allowed) || a.remaining - b.remaining,
  )[0];
  if (!tightest) return {};
  const reset = Math.max(0, Math.ceil((tightest.resetAt.getTime() - now) / 1000));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(tightest.limit),
    'RateLimit-Remaining': String(tightest.remaining),
    'RateLimit-Reset': String(reset),
    'RateLimit-Policy': results
      .map((r) => `${r.limit};w=${Math.round(r.windowMs / 1000)}`)
      .join(', '),
  };
  if (!tightest.allowed) headers['Retry-After'] = String(Math.max(1, reset));
  return headers;
}

/**
 * Reads a counter without counting: `count` so far in the current window
 * (0 when none), and `allowed` while it is below the limit.
 */
export async function peekRateLimit(
  db: Executor,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult & { count: number }> {
  const result = await db.execute<{ count: number; reset_at: Date | string }>(sql`
    select count, reset_at from rate_limits where key = ${key} and reset_at > now()
  `);
  const row = result.rows[0];
  const count = row ? Number(row.count) : 0;
  return {
    count,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetAt: row ? new Date(row.reset_at) : new Date(Date.now() + rule.windowMs),
    windowMs: rule.windowMs,
    allowed: count < rule.limit,
  };
}

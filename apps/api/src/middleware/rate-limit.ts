import { isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { Executor } from '@samtalsmatch/db';
import type { RateLimitAction, RateLimitRules } from '../config';
import { AppError } from '../lib/errors';
import {
  hitRateLimit,
  rateLimitHeaders,
  rateLimitKey,
  type RateLimitResult,
} from '../lib/rate-limit';

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

export interface RateLimitOptions {
  action: RateLimitAction;
  rules: RateLimitRules;
  /**
   * What identifies the account this request is about (a normalised e-mail,
   * a user id, a token); undefined when there is none.
   */
  account?: (req: Request) => string | undefined;
}

/**
 * Counts the request per IP and per account in Postgres before the handler
 * runs; over either limit is 429 with the too-many-attempts text (docs/rules/accounts.md#errors), `Retry-After` and
 * the RateLimit headers (sent on allowed requests too).
 */
export function rateLimit(
  db: Executor,
  { action, rules, account }: RateLimitOptions,
): RequestHandler {
  return async (req, res, next) => {
    const results: RateLimitResult[] = [
      await hitRateLimit(db, rateLimitKey(action, 'ip', rateLimitSubject(clientIp(req))), rules.ip),
    ];
    const accountId = account?.(req);
    if (accountId) {
      results.push(
        await hitRateLimit(db, rateLimitKey(action, 'account', accountId), rules.account),
      );
    }
    const headers = rateLimitHeaders(results);
    if (results.some((r) => !r.allowed)) {
      req.log?.warn({ action }, 'rate limit exceeded');
      throw new AppError('RATE_LIMITED', { headers });
    }
    res.set(headers);
    next();
  };
}

/** The e-mail of a JSON body, trimmed and lower-cased, for per-account keys. */
export function bodyEmail(req: Request): string | undefined {
  const email: unknown = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

/** A string field of the JSON body (a token), for per-account keys. */
export function bodyField(field: string) {
  return (req: Request): string | undefined => {
    const value: unknown = (req.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value ? value : undefined;
  };
}

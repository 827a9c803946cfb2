import type { Request, RequestHandler } from 'express';
import type { Executor } from '@samtalsmatch/db';
import type { RateLimitAction, RateLimitRules } from '../config';
import { AppError } from '../lib/errors';
import {
  clientIp,
  hitRateLimit,
  rateLimitHeaders,
  rateLimitKey,
  rateLimitSubject,
  type RateLimitResult,
} from '../lib/rate-limit';

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

import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, RequestHandler, Response } from 'express';
import type { Executor } from '@samtalsmatch/db';
import type { RateLimitRules } from '../config';
import { AppError } from '../lib/errors';
import {
  clearRateLimit,
  clientIp,
  hitRateLimit,
  peekRateLimit,
  rateLimitHeaders,
  rateLimitKey,
  rateLimitSubject,
  type RateLimitResult,
} from '../lib/rate-limit';
import { bodyEmail } from './rate-limit';

/** Longest extra wait a login on an account under attack gets. */
export const LOGIN_SLOWDOWN_MAX_MS = 5_000;
/** Extra wait per failure beyond the account threshold. */
const LOGIN_SLOWDOWN_STEP_MS = 500;

/**
 * How long a login on an account waits once the account as a whole has
 * `failures` failed logins in the window (from any address): nothing below
 * the threshold, then 0.5 s more per failure, at most 5 s. The account is
 * slowed down, never locked, so an attacker cannot lock its owner out.
 */
export function loginSlowdownMs(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, (failures - threshold + 1) * LOGIN_SLOWDOWN_STEP_MS);
}

function keys(req: Request, email: string) {
  const subject = rateLimitSubject(clientIp(req));
  return {
    ip: rateLimitKey('login', 'ip', subject),
    // The account and the address together: only this address is refused.
    pair: rateLimitKey('login', 'pair', `${email}\n${subject}`),
    account: rateLimitKey('login', 'account', email),
  };
}

/**
 * The login limits (docs/rules/accounts.md#login-limits), replacing "N attempts per account":
 * - per address: every attempt counts (RATE_LIMIT_LOGIN's first number);
 * - per account and address: failed logins count (its second number); over
 *   it, that address gets 429 for that account;
 * - per account: failed logins from every address only slow the account
 *   down (`loginSlowdownMs`); a correct password from an address without
 *   failures still signs in while someone else is guessing.
 * `recordLoginFailure` / `clearLoginFailures` are called by the route.
 */
export function loginRateLimit(db: Executor, rules: RateLimitRules): RequestHandler {
  return async (req, res, next) => {
    const results: RateLimitResult[] = [];
    const email = bodyEmail(req);
    const subject = rateLimitSubject(clientIp(req));
    results.push(await hitRateLimit(db, rateLimitKey('login', 'ip', subject), rules.ip));
    let accountFailures = 0;
    if (email) {
      const k = keys(req, email);
      results.push(await peekRateLimit(db, k.pair, rules.account));
      accountFailures = (await peekRateLimit(db, k.account, rules.account)).count;
    }
    const headers = rateLimitHeaders(results);
    if (results.some((r) => !r.allowed)) {
      req.log?.warn({ action: 'login' }, 'rate limit exceeded');
      throw new AppError('RATE_LIMITED', { headers });
    }
    res.locals.loginIpLimit = results[0];
    const wait = loginSlowdownMs(accountFailures, rules.account.limit);
    if (wait > 0) {
      req.log?.warn({ action: 'login', waitMs: wait }, 'login slowed down: account under attack');
      await sleep(wait);
    }
    res.set(headers);
    next();
  };
}

/**
 * A failed login: one more for this account from this address, and for the
 * account; the RateLimit headers then tell what is left after this attempt.
 */
export async function recordLoginFailure(
  db: Executor,
  req: Request,
  res: Response,
  email: string,
  rules: RateLimitRules,
): Promise<void> {
  const k = keys(req, email);
  const pair = await hitRateLimit(db, k.pair, rules.account);
  await hitRateLimit(db, k.account, rules.account);
  const ip = res.locals.loginIpLimit as RateLimitResult | undefined;
  res.set(rateLimitHeaders(ip ? [ip, pair] : [pair]));
}

/** A successful login forgets the account's failures (this address's and everyone's). */
export async function clearLoginFailures(db: Executor, req: Request, email: string): Promise<void> {
  const k = keys(req, email);
  await clearRateLimit(db, k.pair);
  await clearRateLimit(db, k.account);
}

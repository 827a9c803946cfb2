import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { Executor } from '@samtalsmatch/db';
import type { Config } from '../config';
import { clientIp, rateLimitSubject } from '../middleware/rate-limit';
import { AppError } from './errors';
import { hitRateLimit, rateLimitHeaders, rateLimitKey } from './rate-limit';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
  }
}

/**
 * `__Host-` (Secure, Path=/, no Domain: no subdomain can set or read it)
 * whenever the public URL is https; plain for http://localhost development.
 */
export function sessionCookieName(config: Config): string {
  return config.secureCookies ? '__Host-samtalsmatch.sid' : 'samtalsmatch.sid';
}

/** The attributes the cookie was set with, to clear it again on logout. */
export function sessionCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    path: '/',
  };
}

/** Sessions live in Postgres so every API process shares them. */
export function createSessionMiddleware(config: Config, pool: pg.Pool) {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool,
    tableName: 'session',
    createTableIfMissing: false,
    // The table comes from our migrations; expired rows are pruned every 15 min.
    pruneSessionInterval: 15 * 60,
    // No UPDATE on every read: the auth middleware writes lastSeenAt at most
    // once a minute (SESSION_TOUCH_INTERVAL_MS), which re-saves the row.
    disableTouch: true,
    errorLog: () => undefined,
  });
  const middleware = session({
    name: sessionCookieName(config),
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: undefined,
    cookie: {
      ...sessionCookieOptions(config),
      // The store row expires with the cookie; the idle and absolute limits
      // themselves are enforced on the server (middleware/require-auth.ts).
      maxAge: config.sessionAbsoluteMs,
    },
  });
  // A session nobody signed in to (a CSRF token, a BankID start) lives
  // ANONYMOUS_SESSION_MINUTES, its row too; signing in regenerates it with
  // the full life above (issue 8, point 8).
  const anonymousLife: RequestHandler = (req, _res, next) => {
    if (req.session && !req.session.userId) req.session.cookie.maxAge = config.anonymousSessionMs;
    next();
  };
  return [middleware, anonymousLife];
}

/**
 * Counts, per address, the requests that would store a new anonymous session
 * (no user, no CSRF token, no BankID start yet); over the limit, 429 before
 * anything is stored. A signed-in or already stored session is not counted.
 */
export function anonymousSessionLimit(config: Config, db: Executor): RequestHandler {
  return async (req, _res, next) => {
    const s = req.session;
    if (s && !s.userId && s.csrfToken === undefined && !s.bankid) {
      const key = rateLimitKey('anonymousSession', 'ip', rateLimitSubject(clientIp(req)));
      const result = await hitRateLimit(db, key, config.anonymousSessionLimit);
      if (!result.allowed) {
        req.log?.warn({ action: 'anonymousSession' }, 'rate limit exceeded');
        throw new AppError('RATE_LIMITED', { headers: rateLimitHeaders([result]) });
      }
    }
    next();
  };
}

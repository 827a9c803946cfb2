import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type pg from 'pg';
import type { Config } from '../config';

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
  return session({
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
}

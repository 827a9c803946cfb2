import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type pg from 'pg';
import type { Config } from '../config';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    csrfToken?: string;
  }
}

export function sessionCookieName(config: Config): string {
  return config.secureCookies ? '__Host-samtalsmatch.sid' : 'samtalsmatch.sid';
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
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      maxAge: config.sessionAbsoluteMs,
    },
  });
}

import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Request, RequestHandler } from 'express';
import { and, eq, gte, sql } from 'drizzle-orm';
import {
  jsonRowReader,
  providerProfiles,
  sessions,
  users,
  type DbHandle,
  type Executor,
} from '@samtalsmatch/db';
import type { Config } from '../config';
import { AppError } from './errors';
import {
  clientIp,
  hitRateLimit,
  rateLimitHeaders,
  rateLimitKey,
  rateLimitSubject,
} from './rate-limit';

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

type UserRow = typeof users.$inferSelect;

/**
 * What a therapist's standing is decided from, read with the session's user:
 * their profile's verification and pause (null: no profile row).
 */
export type StandingRead = { isVerified: boolean; pausedAt: Date | null } | null;

/** What the store read together with a request's session. */
interface SessionRead {
  user: UserRow | null;
  standing: StandingRead;
}

/** Where the store leaves what it read with a request's session: on the session data, then on the request's session. */
const READ = Symbol('session read');
type WithRead<T> = T & { [READ]?: SessionRead | undefined };

/**
 * What the session store read in the same statement as the request's
 * session (decision 220): the user row of the session's `userId` as it was
 * at the start of the request (null when there is none), and the standing
 * columns of that user's therapist profile (so a therapist's request needs
 * no second read for it). Undefined when the store read nothing for this
 * request; the caller then reads the user itself. Taken once.
 */
export function takeSessionRead(req: Request): SessionRead | undefined {
  const withRead = req.session as WithRead<session.Session> | undefined;
  const read = withRead?.[READ];
  if (read !== undefined) withRead![READ] = undefined;
  return read;
}

/**
 * Of the user `takeSessionRead` gave, what may stand for the session's user
 * `userId`: the row when it is that user's, null when the store found no
 * such user; undefined (read it yourself) when the store read nothing or
 * read it for another id (the session changed hands within the request).
 */
export function sessionUserFor(
  read: UserRow | null | undefined,
  userId: string,
): UserRow | null | undefined {
  if (read === null) return null;
  return read?.id === userId ? read : undefined;
}

/**
 * connect-pg-simple's store, whose `get` also reads the session's user in
 * the same statement (a left join on `sess->>'userId'`):
 * every signed-in request needed the two rows, one round trip each, and a
 * round trip was a large part of a small request's cost (decision 220).
 * Writes, deletes and pruning stay connect-pg-simple's (its prune timer starts
 * at the first write or destroy instead of the first read; every sign-in writes).
 */
function joinedStore(PgStore: ReturnType<typeof connectPgSimple>, database: DbHandle) {
  const userFromJson = jsonRowReader(users);
  // One prepared statement (decision 440): the session row, its user and the
  // standing of the user's therapist profile, if any (decision 441). The
  // user comes as one JSON value, read into the same row (decision 511).
  const sessionAndUser = database.db
    .select({
      sess: sessions.sess,
      user: sql<Record<string, unknown> | null>`row_to_json(${users})`,
      standing: { isVerified: providerProfiles.isVerified, pausedAt: providerProfiles.pausedAt },
    })
    .from(sessions)
    .leftJoin(
      users,
      // A malformed id would fail the cast: only a uuid is compared.
      eq(
        users.id,
        sql`case when ${sessions.sess}->>'userId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            then (${sessions.sess}->>'userId')::uuid end`,
      ),
    )
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    // As connect-pg-simple: `expire` holds local time written with to_timestamp.
    .where(
      and(
        eq(sessions.sid, sql.placeholder('sid')),
        gte(sessions.expire, sql`to_timestamp(${sql.placeholder('now')})`),
      ),
    )
    .prepare('session_and_user');

  return class JoinedPgStore extends PgStore {
    override get(sid: string, fn: (err: unknown, sess?: session.SessionData | null) => void) {
      sessionAndUser.execute({ sid, now: Math.ceil(Date.now() / 1000) }).then(
        ([row]) => {
          if (!row) return fn(null, null);
          let sess: WithRead<session.SessionData>;
          try {
            sess = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as typeof sess;
          } catch {
            // As connect-pg-simple: a row that cannot be read is removed (no session).
            return this.destroy(sid, (err) => fn(err ?? null, null));
          }
          // A symbol: express-session neither copies nor hashes nor stores it.
          sess[READ] = {
            user: row.user === null ? null : userFromJson(row.user),
            standing: row.standing,
          };
          fn(null, sess);
        },
        (err: unknown) => fn(err),
      );
    }

    override createSession(req: Request, sess: session.SessionData) {
      const created = super.createSession(req, sess) as WithRead<session.Session>;
      // On the request's session, which neither express-session's hash nor
      // the store's write sees (a symbol); a session made anew within the
      // request (sign-in, logout) holds none.
      created[READ] = (sess as WithRead<session.SessionData>)[READ];
      return created;
    }
  };
}

/** Sessions live in Postgres so every API process shares them. */
export function createSessionMiddleware(config: Config, database: DbHandle) {
  const PgStore = joinedStore(connectPgSimple(session), database);
  const store = new PgStore({
    pool: database.pool,
    tableName: 'session',
    createTableIfMissing: false,
    // The table comes from our migrations. Expired rows are pruned every 15 min
    // once this process has written a session (a sign-in, a CSRF token), and
    // by the retention round (data-rights/retention.ts) whatever happens here.
    pruneSessionInterval: 15 * 60,
    // No UPDATE on every read: the auth middleware writes lastSeenAt at most
    // once a minute (SESSION_TOUCH_INTERVAL_MS), which re-saves the row.
    disableTouch: true,
    errorLog: () => undefined,
  });
  // With touch disabled the store's `touch` only calls back; without one,
  // express-session ends a request without asking whether to touch (one
  // hash of the session less on every request).
  Object.defineProperty(store, 'touch', { value: undefined });
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
  return middleware;
}

/**
 * A session nobody signed in to (a CSRF token, a BankID start) lives
 * ANONYMOUS_SESSION_MINUTES, its row too; signing in regenerates it with
 * the full life of `createSessionMiddleware` (decision 124). Given to every
 * request's session that has no user (middleware/require-auth.ts).
 */
export function giveAnonymousLife(session: session.Session, config: Config): void {
  session.cookie.maxAge = config.anonymousSessionMs;
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

import type { Request } from 'express';
import { sql } from 'drizzle-orm';
import type { Executor, users } from '@samtalsmatch/db';
import { csrf } from './csrf';

declare module 'express-session' {
  interface SessionData {
    /** When the signed-in session began (express-session has no absolute timeout). */
    createdAt?: number;
    /** Last activity, for the idle timeout; written at most once a minute. */
    lastSeenAt?: number;
    /** users.session_version at sign-in; a password reset bumps it and ends the session. */
    sessionVersion?: number;
    /** When this session's BankID sign-in happened: a fresh one may change the e-mail (docs/rules/accounts.md#e-mail-change). */
    bankIdAuthAt?: number;
  }
}

/** A row of `users` as the database holds it (never sent as is). */
export type UserRow = typeof users.$inferSelect;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // The signed-in user, set by `loadSessionUser` (compatible with passport's typing).
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserRow {}
    interface Request {
      user?: User;
    }
  }
}

/** lastSeenAt is rewritten (one UPDATE of the session row) at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => (err ? reject(err) : resolve()));
  });
}

function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.save((err) => (err ? reject(err) : resolve()));
  });
}

/** The session's stored content, as express-session compares it (the cookie left out). */
function content(session: Request['session']): string {
  return JSON.stringify(session, function (this: unknown, key, value: unknown) {
    return this === session && key === 'cookie' ? undefined : value;
  });
}

/**
 * express-session does not know a regenerated session was saved by hand,
 * so it saves it once more when the response ends, AFTER the headers (a
 * redirect the browser follows at once) have gone out. That late write
 * could land after the next request's write and undo it: the CSRF token
 * the browser had just fetched (decision 121) or a logout. The
 * session saved here skips a save that would write exactly what is stored.
 */
function skipUnchangedSaves(req: Request): void {
  const session = req.session;
  const stored = content(session);
  const save = session.save.bind(session);
  Object.defineProperty(session, 'save', {
    configurable: true,
    enumerable: false,
    writable: true,
    value(callback?: (err?: unknown) => void) {
      if (content(session) === stored) {
        if (callback) process.nextTick(callback);
        return session;
      }
      return save(callback);
    },
  });
}

/**
 * Signs `userId` in: a new session id (the one from before sign-in is dead,
 * no fixation), then the user, the times the timeouts are measured from and
 * a new CSRF token, all stored before the caller answers. Used by password
 * login and BankID (`method` 'bankid' also stores when, as `bankIdAuthAt`). The CSRF token of the old session is not carried over;
 * `GET /csrf-token` hands out the new one without writing the session again.
 */
export async function signIn(
  req: Request,
  userId: string,
  sessionVersion: number,
  method: 'password' | 'bankid' = 'password',
): Promise<void> {
  await regenerate(req);
  const now = Date.now();
  req.session.userId = userId;
  req.session.createdAt = now;
  req.session.lastSeenAt = now;
  req.session.sessionVersion = sessionVersion;
  // The time of a BankID identification: a recent one may change the e-mail address.
  if (method === 'bankid') req.session.bankIdAuthAt = now;
  csrf.generateToken(req, true);
  await save(req);
  skipUnchangedSaves(req);
}

/** Ends the session (the row is deleted from the store). */
export async function signOut(req: Request): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
}

/**
 * Drops a session that is no longer valid (timed out, user gone, version
 * bumped): its row is deleted and the request continues with a fresh,
 * anonymous session object that is stored only if something writes to it.
 */
export async function endStaleSession(req: Request): Promise<void> {
  await regenerate(req);
}

/**
 * Deletes every stored session of a user (password reset), except `keepSid`.
 * The bumped session_version already refuses them; this frees the rows.
 */
export async function destroyUserSessions(
  db: Executor,
  userId: string,
  keepSid?: string,
): Promise<void> {
  await db.execute(sql`
    delete from session
    where sess->>'userId' = ${userId} and (${keepSid ?? null}::text is null or sid <> ${keepSid ?? null})
  `);
}

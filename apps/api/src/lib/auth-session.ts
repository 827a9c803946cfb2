import type { Request } from 'express';
import { sql } from 'drizzle-orm';
import type { Executor, users } from '@samtalsmatch/db';

declare module 'express-session' {
  interface SessionData {
    /** When the signed-in session began (express-session has no absolute timeout). */
    createdAt?: number;
    /** Last activity, for the idle timeout; written at most once a minute. */
    lastSeenAt?: number;
    /** users.session_version at sign-in; a password reset bumps it and ends the session. */
    sessionVersion?: number;
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

/**
 * Signs `userId` in: a new session id (the one from before sign-in is dead,
 * no fixation), then the user and the times the timeouts are measured from.
 * Used by password login and BankID. The CSRF token of the old session is
 * not carried over: the client fetches a new one.
 */
export async function signIn(req: Request, userId: string, sessionVersion: number): Promise<void> {
  await regenerate(req);
  const now = Date.now();
  req.session.userId = userId;
  req.session.createdAt = now;
  req.session.lastSeenAt = now;
  req.session.sessionVersion = sessionVersion;
  await save(req);
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

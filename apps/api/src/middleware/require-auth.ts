import type { Request, RequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import type { UserType } from '@samtalsmatch/contracts';
import { users, type Database } from '@samtalsmatch/db';
import type { Config } from '../config';
import { endStaleSession, SESSION_TOUCH_INTERVAL_MS, type UserRow } from '../lib/auth-session';
import { AppError } from '../lib/errors';
import { sessionUserFor, takeSessionUser } from '../lib/session';

/**
 * Runs after the session middleware on every /api request. For a signed-in
 * session it enforces the idle and absolute timeouts and the session
 * version (a password reset ends other sessions), loads the user into
 * `req.user`, and refreshes lastSeenAt at most once a minute, so a read
 * does not write the database on every request. The session store normally
 * reads the user in the same statement as the session (decision 220); the
 * read here serves when it did not (a session saved and read within a request).
 */
export function loadSessionUser(config: Config, db: Database): RequestHandler {
  const userById = (id: string) => db.select().from(users).where(eq(users.id, id)).limit(1);
  return async (req, _res, next) => {
    const session = req.session;
    if (!session?.userId) {
      next();
      return;
    }
    const now = Date.now();
    const { createdAt, lastSeenAt } = session;
    const timedOut =
      typeof createdAt !== 'number' ||
      typeof lastSeenAt !== 'number' ||
      now - createdAt > config.sessionAbsoluteMs ||
      now - lastSeenAt > config.sessionIdleMs;
    // Usually the store read the user with the session (decision 220).
    const read = sessionUserFor(takeSessionUser(req), session.userId);
    const user = timedOut
      ? undefined
      : read !== undefined
        ? (read ?? undefined)
        : (await userById(session.userId))[0];
    if (!user || user.sessionVersion !== session.sessionVersion) {
      await endStaleSession(req);
      next();
      return;
    }
    if (now - lastSeenAt! >= SESSION_TOUCH_INTERVAL_MS) session.lastSeenAt = now;
    req.user = user;
    next();
  };
}

/** The signed-in user's row; 401 when there is none. */
export function currentUser(req: Request): UserRow {
  if (!req.user) throw new AppError('UNAUTHENTICATED');
  return req.user;
}

/** 401 unless signed in. */
export const requireAuth: RequestHandler = (req, _res, next) => {
  currentUser(req);
  next();
};

/** 401 unless signed in, 403 unless the user's type is one of `types`. */
export function requireRole(...types: UserType[]): RequestHandler {
  return (req, _res, next) => {
    const user = currentUser(req);
    if (!types.includes(user.type)) throw new AppError('FORBIDDEN');
    next();
  };
}

import type { Request, RequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import type { UserType } from '@samtalsmatch/contracts';
import { users, type Database } from '@samtalsmatch/db';
import type { Config } from '../config';
import { endStaleSession, SESSION_TOUCH_INTERVAL_MS, type UserRow } from '../lib/auth-session';
import { AppError } from '../lib/errors';
import {
  giveAnonymousLife,
  sessionUserFor,
  takeSessionRead,
  type StandingRead,
} from '../lib/session';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /**
       * The signed-in therapist's profile standing as read with the session's
       * user (require-verified-provider.ts); undefined when it was not.
       */
      standingRead?: StandingRead;
    }
  }
}

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
      if (session) giveAnonymousLife(session, config);
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
    // Usually the store read the user with the session (decision 220), and
    // the standing of their therapist profile with it (decision 441).
    const taken = takeSessionRead(req);
    const read = sessionUserFor(taken?.user, session.userId);
    const standing = taken?.standing;
    const user = timedOut
      ? undefined
      : read !== undefined
        ? (read ?? undefined)
        : (await userById(session.userId))[0];
    if (!user || user.sessionVersion !== session.sessionVersion) {
      await endStaleSession(req);
      // The new session has no user yet.
      giveAnonymousLife(req.session, config);
      next();
      return;
    }
    if (now - lastSeenAt! >= SESSION_TOUCH_INTERVAL_MS) session.lastSeenAt = now;
    req.user = user;
    if (read && standing !== undefined) req.standingRead = standing;
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

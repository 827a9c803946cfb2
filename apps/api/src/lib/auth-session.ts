import type { Request } from 'express';

declare module 'express-session' {
  interface SessionData {
    /** When the signed-in session began (express-session has no absolute timeout). */
    createdAt?: number;
    /** Last activity, for the idle timeout. */
    lastSeenAt?: number;
    /** users.session_version at sign-in; a password reset bumps it and ends the session. */
    sessionVersion?: number;
  }
}

/**
 * Signs `userId` in: a new session id (no fixation), then the user and the
 * times the timeouts are measured from. Used by password login and BankID.
 */
export async function signIn(req: Request, userId: string, sessionVersion: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    req.session.regenerate((err) => (err ? reject(err) : resolve()));
  });
  const now = Date.now();
  req.session.userId = userId;
  req.session.createdAt = now;
  req.session.lastSeenAt = now;
  req.session.sessionVersion = sessionVersion;
  await new Promise<void>((resolve, reject) => {
    req.session.save((err) => (err ? reject(err) : resolve()));
  });
}

/** Ends the session (the row is deleted from the store). */
export async function signOut(req: Request): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
}

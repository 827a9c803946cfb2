import { csrfSync } from 'csrf-sync';
import type { Request, RequestHandler } from 'express';
import { isSafeMethod, SAFE_METHODS } from './http-methods';

/** Synchronizer-token CSRF protection: the token lives in the session. */
export const csrf = csrfSync({
  ignoredMethods: [...SAFE_METHODS],
  getTokenFromRequest: (req: Request) => {
    const header = req.headers['x-csrf-token'];
    return typeof header === 'string' ? header : undefined;
  },
});

/**
 * csrf-sync's check, entered only by the methods it checks. On a safe method
 * it would only hang `req.csrfToken` on the request, which we never call
 * (the token is handed out by `csrf.generateToken`): a closure and a new
 * property on every read the app answers.
 */
export const csrfProtection: RequestHandler = (req, res, next) => {
  if (isSafeMethod(req.method)) next();
  else csrf.csrfSynchronisedProtection(req, res, next);
};

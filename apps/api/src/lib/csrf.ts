import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';

/** Synchronizer-token CSRF protection: the token lives in the session. */
export const csrf = csrfSync({
  getTokenFromRequest: (req: Request) => {
    const header = req.headers['x-csrf-token'];
    return typeof header === 'string' ? header : undefined;
  },
});

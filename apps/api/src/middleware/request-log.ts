import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler, Response } from 'express';
import { redactPath, type Logger } from '../lib/logger';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

// The global Express namespace: pnpm does not let apps/api resolve
// 'express-serve-static-core' by name, so augmenting it would not apply.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id: string;
      log: Logger;
    }
  }
}

/**
 * An anonymous visitor's `GET /api/users/me` answers 401: that is how every
 * page asks "who is signed in?", the normal answer for each visitor, not a
 * failure, so its line goes at debug level and the log keeps the 401s that
 * say something (docs/rules/accounts.md#a-quiet-log).
 */
function isWhoAmIOfAVisitor(method: string, url: string, status: number): boolean {
  return status === 401 && method === 'GET' && url.split('?')[0] === '/api/users/me';
}

/** Told of each finished request and how long it took (the request metrics). */
export type RequestFinished = (req: Request, res: Response, ms: number) => void;

/**
 * Gives every request an id (the caller's `x-request-id` when well formed),
 * echoes it in the response, and logs one line when the response finishes.
 * `req.log`, the logger bound to the id, is made on first use: most
 * requests log nothing but that line, and a disabled level builds nothing.
 * `requestPrototype` is the app's `app.request`, where the lazy `log` lives.
 * `finished` hears of the same finish from the same listener and clock: one
 * timer and one listener per request serve the log and the metrics.
 */
export function requestLog(
  logger: Logger,
  requestPrototype: Request,
  finished?: RequestFinished,
): RequestHandler {
  Object.defineProperty(requestPrototype, 'log', {
    configurable: true,
    get(this: Request): Logger {
      const log = logger.child({ requestId: this.id });
      Object.defineProperty(this, 'log', { value: log, writable: true, configurable: true });
      return log;
    },
    set(this: Request, log: Logger) {
      Object.defineProperty(this, 'log', { value: log, writable: true, configurable: true });
    },
  });
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', req.id);
    const started = performance.now();
    res.on('finish', () => {
      const ms = performance.now() - started;
      finished?.(req, res, ms);
      const level =
        res.statusCode >= 500
          ? 'error'
          : isWhoAmIOfAVisitor(req.method, req.originalUrl, res.statusCode)
            ? 'debug'
            : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const entry = {
        method: req.method,
        path: redactPath(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      req.log[level](entry, level === 'error' ? 'request failed' : 'request');
    });
    next();
  };
}

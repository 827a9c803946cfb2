import type { ErrorRequestHandler, RequestHandler } from 'express';
import { errorCatalog, MSG, type ApiError } from '@samtalsmatch/contracts';
import { AppError, isLostRace } from '../lib/errors';

/** Unknown `/api` routes answer JSON 404, never the SPA. */
export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new AppError('ROUTE_NOT_FOUND'));
};

function send(res: Parameters<RequestHandler>[1], body: ApiError) {
  res.status(body.status).json(body);
}

/**
 * The one place errors become responses: `{ message, status }` (plus `code`
 * and, for 400, `fieldErrors`). Unexpected errors are logged with the
 * request id and answered with the generic Swedish message, no internals.
 */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    return;
  }
  if (err instanceof AppError) {
    if (err.headers) res.set(err.headers);
    send(res, {
      message: err.message,
      status: err.status,
      code: err.code,
      ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
      ...(err.conflicts ? { conflicts: err.conflicts } : {}),
    });
    return;
  }
  const e = err as { type?: string; status?: number; code?: string } | undefined;
  // body-parser: malformed JSON or a body over the limit.
  if (e?.type === 'entity.parse.failed') {
    const entry = errorCatalog.VALIDATION;
    send(res, { message: entry.message, status: entry.status, code: 'VALIDATION' });
    return;
  }
  if (e?.type === 'entity.too.large') {
    send(res, { message: 'Förfrågan är för stor.', status: 413 });
    return;
  }
  // csrf-sync throws an http-errors 403 with this code.
  if (e?.code === 'EBADCSRFTOKEN' || (e?.status === 403 && /csrf/i.test(String(err)))) {
    const entry = errorCatalog.CSRF_INVALID;
    send(res, { message: entry.message, status: entry.status, code: 'CSRF_INVALID' });
    return;
  }
  // Other client errors of body-parser and the router (an unsupported charset
  // or Content-Encoding, a body that does not inflate, a path parameter that
  // does not percent-decode): the client's fault, never a 500.
  const status = typeof e?.status === 'number' ? e.status : undefined;
  if (status !== undefined && status >= 400 && status < 500) {
    if (status === 413) {
      send(res, { ...errorCatalog.PAYLOAD_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
    } else if (status === 415) {
      send(res, { message: 'Formatet på förfrågan stöds inte.', status: 415 });
    } else {
      send(res, { message: errorCatalog.VALIDATION.message, status: 400, code: 'VALIDATION' });
    }
    return;
  }
  // A transaction that lost a race with another (a deadlock, a serialization
  // failure) rolled back whole: nothing was written, and trying again works.
  if (isLostRace(err)) {
    req.log?.warn({ err }, 'transaction lost a race');
    send(res, { message: MSG.changedMeanwhile, status: 409, code: 'STATE_CONFLICT' });
    return;
  }
  req.log?.error({ err }, 'unexpected error');
  const entry = errorCatalog.INTERNAL;
  send(res, { message: entry.message, status: entry.status, code: 'INTERNAL' });
};

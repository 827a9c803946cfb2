import type { Express } from 'express';

/**
 * The fields that Express's router, parseurl, body-parser, express-session,
 * csrf-sync and our middleware add to a request while the app handles it.
 * `shapeRequests` gives them to every request before Express does, so that
 * all requests share one shape (decision 516). One missing here costs
 * only speed, and `request-shape.integration.test.ts` fails naming it.
 */
export const REQUEST_FIELDS = [
  // Express's router and parseurl
  'next',
  'baseUrl',
  'originalUrl',
  '_parsedUrl',
  'params',
  'route',
  '_parsedOriginalUrl',
  // middleware/request-log.ts
  'id',
  // body-parser (a request with a body); multer (a photo upload)
  'body',
  'file',
  // express-session
  'sessionStore',
  'sessionID',
  'session',
  // middleware/require-auth.ts
  'user',
  'standingRead',
  // csrf-sync (a method it checks)
  'csrfToken',
] as const;

/** The same for a response. */
export const RESPONSE_FIELDS = [
  // Express; Node's status, set when the answer is written
  'locals',
  'statusCode',
  'statusMessage',
  // express-session's and on-headers' wrappers
  'writeHead',
  'end',
  // compression (the web app's pages and assets)
  'write',
  'on',
  'flush',
  // on-finished (a file sent, the dev mailbox)
  '__onFinished',
] as const;

type Fields = ReadonlyArray<readonly [string, unknown]>;

/**
 * Each field with the value a read of it gives before anything sets it:
 * the prototype chain's data value (a response's `end`, its `statusCode`
 * 200), or undefined. A field the chain defines by a getter (`req.query`,
 * `req.log`) would be hidden by an own field: that is a mistake in the list.
 */
export function fieldDefaults(prototype: object, fields: readonly string[]): Fields {
  return fields.map((field) => {
    for (
      let p: object | null = prototype;
      p !== null;
      p = Object.getPrototypeOf(p) as object | null
    ) {
      const descriptor = Object.getOwnPropertyDescriptor(p, field);
      if (!descriptor) continue;
      if (!('value' in descriptor)) {
        throw new Error(
          `"${field}" is an accessor of the prototype: it cannot be given in advance`,
        );
      }
      return [field, descriptor.value] as const;
    }
    return [field, undefined] as const;
  });
}

function assign(target: Record<string, unknown>, fields: Fields): void {
  for (let i = 0; i < fields.length; i++) target[fields[i]![0]] = fields[i]![1];
}

/**
 * Express 5 gives each request and response a new prototype (`app.request`,
 * `app.response`) before its first middleware runs. In V8 a field added to
 * an object after its prototype was changed gets a hidden class of that one
 * object's own: every `req.x = …` of every request allocated a new class and
 * a copy of its field list, and every read of the field missed the caches.
 * Fields that exist before the change keep one shared class. So the fields
 * are given here, with the values a read would give, before Express's
 * `handle` runs (decision 516).
 */
export function shapeRequests(app: Express): void {
  const requestFields = fieldDefaults(app.request, REQUEST_FIELDS);
  const responseFields = fieldDefaults(app.response, RESPONSE_FIELDS);
  const target = app as unknown as {
    handle: (req: Record<string, unknown>, res: Record<string, unknown>, done?: unknown) => void;
  };
  const handle = target.handle;
  target.handle = function shapedHandle(req, res, done) {
    // Once: a request handed to the app a second time keeps what it holds.
    if (!Object.hasOwn(req, REQUEST_FIELDS[0])) {
      assign(req, requestFields);
      assign(res, responseFields);
    }
    handle.call(this, req, res, done);
  };
}

import type { RequestHandler, Router } from 'express';

/** A literal first path segment, lower case ('/users/me' → '/users'); undefined for anything else. */
function firstSegment(path: string): string | undefined {
  const end = path.indexOf('/', 1);
  const segment = (end === -1 ? path : path.slice(0, end)).toLowerCase();
  return /^\/[a-z0-9._~-]+$/.test(segment) ? segment : undefined;
}

/**
 * `router`, entered only by a request whose path begins with the first
 * segment of one of its routes (`/users/me` → `/users`), so a request walks
 * past the module routers that cannot answer it instead of into each
 * (decision 512). Read from the router's routes as they are now: every
 * module router has all its routes when it is mounted. A router with a
 * middleware of its own (`router.use`), or a route whose first segment is
 * not literal, is entered by every request, as a router is without this.
 * Lower case on both sides: Express matches routes without regard to case.
 */
export function ownPaths(router: Router): RequestHandler {
  const segments = new Set<string>();
  for (const layer of router.stack) {
    const path: unknown = layer.route?.path;
    const segment = typeof path === 'string' ? firstSegment(path) : undefined;
    if (segment === undefined) return router;
    segments.add(segment);
  }
  return (req, res, next) => {
    const segment = firstSegment(req.path);
    if (segment !== undefined && segments.has(segment)) router(req, res, next);
    else next();
  };
}

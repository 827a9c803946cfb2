import type { RequestHandler, Router } from 'express';

/** A literal first path segment, lower case ('/users/me' → '/users'); undefined for anything else. */
function firstSegment(path: string): string | undefined {
  const end = path.indexOf('/', 1);
  const segment = (end === -1 ? path : path.slice(0, end)).toLowerCase();
  return /^\/[a-z0-9._~-]+$/.test(segment) ? segment : undefined;
}

/** What `ownPaths` reads of a layer of a router's stack. */
interface StackLayer {
  route?: { path?: unknown };
  /** Mounted with `use` at the root (no path of its own). */
  slash?: boolean;
  handle?: unknown;
}

/**
 * Adds the first segment of each route of `router` to `segments`, the
 * routes of routers mounted in it at the root included; false when some
 * request could be answered by a layer that is no such route (a
 * middleware, a route whose first segment is not literal).
 */
function addRouteSegments(
  router: { stack: readonly StackLayer[] },
  segments: Set<string>,
): boolean {
  for (const layer of router.stack) {
    if (layer.route) {
      const path = layer.route.path;
      const segment = typeof path === 'string' ? firstSegment(path) : undefined;
      if (segment === undefined) return false;
      segments.add(segment);
      continue;
    }
    const inner = layer.handle as { stack?: unknown } | undefined;
    if (!layer.slash || !Array.isArray(inner?.stack)) return false;
    if (!addRouteSegments(inner as { stack: readonly StackLayer[] }, segments)) return false;
  }
  return true;
}

/**
 * `router`, entered only by a request whose path begins with the first
 * segment of one of its routes (`/users/me` → `/users`), so a request walks
 * past the module routers that cannot answer it instead of into each
 * (decision 512). The routes of routers mounted in it at the root count as
 * its own: one gate serves a group of routers. Read from the routes as they
 * are now: every module router has all its routes when it is mounted. A
 * router with a middleware of its own (`router.use`), or a route whose
 * first segment is not literal, is entered by every request, as a router is
 * without this. Lower case on both sides: Express matches routes without
 * regard to case.
 */
export function ownPaths(router: Router): RequestHandler {
  const segments = new Set<string>();
  if (!addRouteSegments(router as { stack: readonly StackLayer[] }, segments)) return router;
  return (req, res, next) => {
    const segment = firstSegment(req.path);
    if (segment !== undefined && segments.has(segment)) router(req, res, next);
    else next();
  };
}

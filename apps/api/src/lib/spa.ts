import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type Router } from 'express';
import { isKnownRoute } from '@samtalsmatch/contracts';

/** apps/web/dist, seen from apps/api/src (tsx) and from apps/api/dist (bundle) alike. */
export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../web/dist'),
    path.resolve(here, '../../../web/dist'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

/**
 * Serves the built SPA: hashed assets cached for a year, everything else
 * that is not `/api` answered with index.html (history fallback: 200 for
 * the SPA's routes, 404 with `X-Robots-Tag: noindex` for any other path). Text
 * (JS, CSS, HTML, SVG) is compressed, brotli or gzip as the browser asks
 * (docs/decisions/011-spa-compression.md). `/api` never gets here: its JSON
 * stays uncompressed.
 */
export function spaRouter(distDir: string): Router | undefined {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const router = express.Router();
  // Source maps are never served, should a build have left any behind (vite.config.ts makes none).
  router.use((req, res, next) => {
    if (/\.map$/i.test(req.path)) {
      res.status(404).type('text/plain').send('Sidan hittades inte.');
      return;
    }
    next();
  });
  router.use(compression());
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api(\/|$)).*/, (req, res, next) => {
    if (!req.accepts('html')) {
      next();
      return;
    }
    res.set('cache-control', 'no-cache');
    // A path the SPA has no page for: still index.html (its 404 page renders),
    // but as HTTP 404 and not to be indexed (contracts ROUTE_PATTERNS).
    if (!isKnownRoute(req.path)) res.status(404).set('x-robots-tag', 'noindex');
    res.sendFile(indexFile);
  });
  return router;
}

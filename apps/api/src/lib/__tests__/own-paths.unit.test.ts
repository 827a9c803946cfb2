import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { ownPaths } from '../own-paths';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/**
 * `inner` mounted on /api through ownPaths, with a 404 of the API's after it;
 * `entries` counts the requests that went into `inner`.
 */
async function apiWith(inner: Router) {
  let entries = 0;
  // A router function passes each request to its own `handle`.
  const counted = inner as Router & { handle: RequestHandler };
  const handle = counted.handle.bind(inner);
  counted.handle = (req, res, next) => {
    entries += 1;
    handle(req, res, next);
  };
  const api = Router();
  api.use(ownPaths(inner), (_req, res) => void res.status(404).send('none'));
  const app = express();
  app.use('/api', api);
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    text: async (path: string) => (await fetch(`${base}${path}`)).text(),
    entries: () => entries,
  };
}

describe('ownPaths', () => {
  it('enters a router for the first segments of its routes, in any case, and answers as the router would', async () => {
    const inner = Router();
    inner.get('/users/me', (_req, res) => void res.send('me'));
    inner.get('/calendar/:secret.ics', (req, res) => void res.send(String(req.params.secret)));
    const { text, entries } = await apiWith(inner);
    expect(await text('/api/users/me')).toBe('me');
    expect(await text('/api/USERS/me')).toBe('me');
    expect(await text('/api/users/me/')).toBe('me');
    expect(await text('/api/calendar/abc.ics')).toBe('abc');
    // Entered, no route of its own: on to the next handler.
    expect(await text('/api/users/other')).toBe('none');
    expect(entries()).toBe(5);
  });

  it('does not enter a router for a path none of its routes begins with', async () => {
    const inner = Router();
    inner.get('/health', (_req, res) => void res.send('ok'));
    const { text, entries } = await apiWith(inner);
    for (const path of ['/api/bookings', '/api/healthy', '/api/', '/api/%68ealth']) {
      expect(await text(path)).toBe('none');
    }
    expect(entries()).toBe(0);
  });

  it('leaves a router with a middleware of its own, or a route without a literal first segment, entered by every request', () => {
    const withMiddleware = Router();
    withMiddleware.use('/admin', (_req, _res, next) => next());
    withMiddleware.get('/admin/users', (_req, res) => void res.send('admin'));
    expect(ownPaths(withMiddleware)).toBe(withMiddleware);
    const withParam = Router();
    withParam.get('/:anything', (_req, res) => void res.send('x'));
    expect(ownPaths(withParam)).toBe(withParam);
  });

  it('takes the routes of routers mounted in it at the root as its own: one gate for a group', async () => {
    const health = Router();
    health.get('/health', (_req, res) => void res.send('ok'));
    const images = Router();
    images.get('/images/:key', (req, res) => void res.send(`image ${String(req.params.key)}`));
    const group = Router();
    group.use(health);
    group.get('/public-config', (_req, res) => void res.send('config'));
    group.use(images);
    const { text, entries } = await apiWith(group);
    expect(await text('/api/health')).toBe('ok');
    expect(await text('/api/public-config')).toBe('config');
    expect(await text('/api/images/a1')).toBe('image a1');
    expect(entries()).toBe(3);
    for (const path of ['/api/users/me', '/api/bookings', '/api/imagesx']) {
      expect(await text(path)).toBe('none');
    }
    expect(entries()).toBe(3);
  });

  it('leaves a group entered by every request when a router in it has a middleware, or is mounted on a path', () => {
    const withMiddleware = Router();
    withMiddleware.use((_req, _res, next) => next());
    withMiddleware.get('/health', (_req, res) => void res.send('ok'));
    const group = Router();
    group.use(withMiddleware);
    expect(ownPaths(group)).toBe(group);
    const onPath = Router();
    onPath.get('/me', (_req, res) => void res.send('me'));
    const mounted = Router();
    mounted.use('/users', onPath);
    expect(ownPaths(mounted)).toBe(mounted);
  });
});

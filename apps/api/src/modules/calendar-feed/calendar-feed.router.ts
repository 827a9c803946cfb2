import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { rateLimit } from '../../middleware/rate-limit';
import { currentUser, requireAuth, requireRole } from '../../middleware/require-auth';
import { createFeed, feedCalendar, feedStatus, turnFeedOff } from './calendar-feed.service';

interface Deps {
  config: Config;
  database: DbHandle;
  now?: () => Date;
}

/**
 * GET /calendar/:secret.ics: the feed itself, for a calendar app without a
 * session (mounted before the session middleware: no cookie is read or
 * set). Rate limited per IP and per secret; the secret never reaches the log
 * (lib/logger.ts redactPath) nor the metrics (the route's pattern is the label).
 * Cached privately and revalidated by ETag (decision 463).
 */
export function calendarFeedPublicRouter({
  config,
  database,
  now = () => new Date(),
}: Deps): Router {
  const { db } = database;
  const router = Router();
  router.get(
    '/calendar/:secret.ics',
    rateLimit(db, {
      action: 'calendarFeed',
      rules: config.rateLimits.calendarFeed,
      account: (req) => (typeof req.params.secret === 'string' ? req.params.secret : undefined),
    }),
    async (req, res) => {
      const body = await feedCalendar(db, config, String(req.params.secret), now());
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      // Only the person's own calendar app may keep it, and it asks again each time.
      res.set({ 'cache-control': 'private, no-cache', etag, 'x-robots-tag': 'noindex' });
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.type('text/calendar; charset=utf-8').send(body);
    },
  );
  return router;
}

/**
 * The person's own switch (docs/rules/bookings.md#a-private-calendar-feed):
 * GET whether it is on, POST a new link (201 `{ url }`, the old one stops),
 * DELETE turns it off (204). Clients and therapists; CSRF like every change.
 */
export function calendarFeedRouter({ config, database }: Deps): Router {
  const { db } = database;
  const router = Router();
  const own = [requireAuth, requireRole('CLIENT', 'PROVIDER')];

  router.get('/users/me/calendar-feed', ...own, async (req, res) => {
    res.json(await feedStatus(db, currentUser(req).id));
  });

  router.post('/users/me/calendar-feed', ...own, async (req, res) => {
    res.status(201).json(await createFeed(db, config, currentUser(req).id));
  });

  router.delete('/users/me/calendar-feed', ...own, async (req, res) => {
    await turnFeedOff(db, currentUser(req).id);
    res.status(204).end();
  });

  return router;
}

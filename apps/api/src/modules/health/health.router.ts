import { Router } from 'express';
import { sql } from 'drizzle-orm';
import type { Database } from '@samtalsmatch/db';

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export function healthRouter(db: Database): Router {
  const router = Router();
  router.get('/health', async (req, res) => {
    try {
      await db.execute(sql`select 1`);
      res.set('cache-control', 'no-store').json({ status: 'ok', database: 'ok' });
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      res.status(503).set('cache-control', 'no-store').json({
        status: 'error',
        database: 'unreachable',
        message: 'Tjänsten är inte tillgänglig just nu.',
      });
    }
  });
  return router;
}

import { Router } from 'express';
import { sql } from 'drizzle-orm';
import { isSchemaCurrent, latestMigrationMillis, type DbHandle } from '@samtalsmatch/db';

const UNAVAILABLE = 'Tjänsten är inte tillgänglig just nu.';

/**
 * `GET /api/health`: liveness, 200 when the database answers, 503 otherwise.
 * `GET /api/ready`: readiness for a load balancer, 200 only when the database
 * answers and its schema is at the latest checked-in migration, 503 otherwise.
 */
export function healthRouter(database: DbHandle): Router {
  const router = Router();
  const latest = latestMigrationMillis();
  router.get('/health', async (req, res) => {
    try {
      await database.db.execute(sql`select 1`);
      res.set('cache-control', 'no-store').json({ status: 'ok', database: 'ok' });
    } catch (err) {
      req.log.error({ err }, 'health check: database unreachable');
      res.status(503).set('cache-control', 'no-store').json({
        status: 'error',
        database: 'unreachable',
        message: UNAVAILABLE,
      });
    }
  });
  router.get('/ready', async (req, res) => {
    res.set('cache-control', 'no-store');
    let current: boolean;
    try {
      current = await isSchemaCurrent(database.pool, latest);
    } catch (err) {
      req.log.error({ err }, 'readiness check: database unreachable');
      res.status(503).json({ status: 'error', database: 'unreachable', message: UNAVAILABLE });
      return;
    }
    if (!current) {
      req.log.warn('readiness check: the schema is behind the latest migration');
      res.status(503).json({ status: 'error', database: 'behind', message: UNAVAILABLE });
      return;
    }
    res.json({ status: 'ok', database: 'ok', schema: 'current' });
  });
  return router;
}

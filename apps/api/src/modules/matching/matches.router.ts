import { Router } from 'express';
import { matchIdParamsSchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { currentUser, requireRole } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import { matchesFor, matchFor } from './matches.service';
import { recomputeMatches } from './matching.service';

/**
 * `GET /matches` (the caller's), `GET /matches/potential` (a client's,
 * recomputed first) and `GET /matches/:matchId` (only its own client or
 * provider; 404 otherwise).
 */
export function matchesRouter({
  config,
  database,
}: {
  config: Config;
  database: DbHandle;
}): Router {
  const { db } = database;
  const router = Router();

  router.get('/matches', requireRole('CLIENT', 'PROVIDER'), async (req, res) => {
    res.json(await matchesFor(db, config, currentUser(req)));
  });

  router.get('/matches/potential', requireRole('CLIENT'), async (req, res) => {
    const user = currentUser(req);
    await recomputeMatches(db, user.id);
    res.json(await matchesFor(db, config, user));
  });

  router.get('/matches/:matchId', requireRole('CLIENT', 'PROVIDER'), async (req, res) => {
    const { matchId } = parse(matchIdParamsSchema, req.params);
    res.json(await matchFor(db, config, currentUser(req), matchId));
  });

  return router;
}

import { Router } from 'express';
import { matchIdParamsSchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { currentUser, requireRole } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import { clientMatches, matchFor, ProviderMatchesCache } from './matches.service';
import { recomputeMatches } from './matching.service';

/**
 * `GET /matches` (the caller's: a client's in SPEC §3's Match shape, a
 * therapist's in the provider's view, decision 210), `GET /matches/potential`
 * (a client's, recomputed first) and `GET /matches/:matchId` (only its own
 * client or provider; 404 otherwise).
 */
export function matchesRouter({
  config,
  database,
}: {
  config: Config;
  database: DbHandle;
}): Router {
  const router = Router();
  const providerLists = new ProviderMatchesCache(database);

  router.get('/matches', requireRole('CLIENT', 'PROVIDER'), async (req, res) => {
    const user = currentUser(req);
    if (user.type === 'PROVIDER') {
      // The JSON text as built (and reused while unchanged, decision 212).
      res.type('application/json').send(await providerLists.json(user.id));
      return;
    }
    if (user.type !== 'CLIENT') throw new AppError('FORBIDDEN');
    res.json(await clientMatches(database, config, user.id));
  });

  router.get('/matches/potential', requireRole('CLIENT'), async (req, res) => {
    const user = currentUser(req);
    await recomputeMatches(database.db, user.id);
    res.json(await clientMatches(database, config, user.id));
  });

  router.get('/matches/:matchId', requireRole('CLIENT', 'PROVIDER'), async (req, res) => {
    const { matchId } = parse(matchIdParamsSchema, req.params);
    res.json(await matchFor(database, config, currentUser(req), matchId));
  });

  return router;
}

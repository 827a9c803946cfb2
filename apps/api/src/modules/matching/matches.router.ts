import { Router } from 'express';
import { matchIdParamsSchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { currentUser, requireRole } from '../../middleware/require-auth';
import { verifiedIfProvider } from '../../middleware/require-verified-provider';
import { parse } from '../../middleware/validate';
import { clientMatches, matchFor, MatchesCache } from './matches.service';
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
  now = () => new Date(),
}: {
  config: Config;
  database: DbHandle;
  /** The clock image URLs are signed at (tests move it). */
  now?: () => Date;
}): Router {
  const router = Router();
  const lists = new MatchesCache(database, config, now);

  // The JSON as built, and reused while unchanged (decisions 212, 213).
  // A therapist sees clients' data only while verified (403 PROVIDER_NOT_VERIFIED).
  const member = [requireRole('CLIENT', 'PROVIDER'), verifiedIfProvider(database.db)];

  router.get('/matches', ...member, async (req, res) => {
    const user = currentUser(req);
    if (user.type !== 'CLIENT' && user.type !== 'PROVIDER') throw new AppError('FORBIDDEN');
    const body =
      user.type === 'PROVIDER'
        ? await lists.providerJson(user.id)
        : await lists.clientJson(user.id);
    res.type('application/json').send(body);
  });

  router.get('/matches/potential', requireRole('CLIENT'), async (req, res) => {
    const user = currentUser(req);
    await recomputeMatches(database.db, user.id);
    res.json(await clientMatches(database, config, user.id, now().getTime()));
  });

  router.get('/matches/:matchId', ...member, async (req, res) => {
    const { matchId } = parse(matchIdParamsSchema, req.params);
    res.json(await matchFor(database, config, currentUser(req), matchId, now().getTime()));
  });

  return router;
}

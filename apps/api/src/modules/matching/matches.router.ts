import { Router } from 'express';
import {
  fitCheckInputSchema,
  matchAlertSchema,
  matchIdParamsSchema,
} from '@samtalsmatch/contracts';
import { matchAlerts } from '@samtalsmatch/db';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { currentUser, requireRole } from '../../middleware/require-auth';
import { verifiedIfProvider } from '../../middleware/require-verified-provider';
import { parse } from '../../middleware/validate';
import { FingerprintCache } from '../../lib/fingerprint-cache';
import { answerFitCheck, dismissFitCheck, switchTherapist, undoSwitch } from './course.service';
import { providerMatchesFingerprint } from './matches.repository';
import { clientMatches, matchFor, providerMatchesJson } from './matches.service';
import { emptyMatchesReasonFor, recomputeMatches } from './matching.service';

/**
 * `GET /matches` (the caller's: a client's in the client's Match shape, a
 * therapist's in the provider's view, decision 210), `GET /matches/potential`
 * (a client's, recomputed first), `GET /matches/empty-reason` (a client's:
 * why nobody matches, for the empty list) and `GET /matches/:matchId` (only
 * its own client or provider; 404 otherwise).
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
  const { db } = database;
  const router = Router();
  // A therapist's list (hundreds of matches and bookings) is sent again while
  // its fingerprint is unchanged: building it is most of the request (decision 370).
  const therapistLists = new FingerprintCache<Buffer>((body) => body.length);

  // A therapist sees clients' data only while verified (403 PROVIDER_NOT_VERIFIED, or
  // PROVIDER_PAUSED once an admin took the verification back).
  const member = [requireRole('CLIENT', 'PROVIDER'), verifiedIfProvider(db)];

  router.get('/matches', ...member, async (req, res) => {
    const user = currentUser(req);
    if (user.type === 'CLIENT') {
      res.json(await clientMatches(db, config, user.id, now().getTime()));
    } else if (user.type === 'PROVIDER') {
      const body = await therapistLists.get(
        user.id,
        () => providerMatchesFingerprint(db, user.id),
        () => providerMatchesJson(db, user.id),
      );
      res.type('application/json').send(body);
    } else {
      throw new AppError('FORBIDDEN');
    }
  });

  router.get('/matches/potential', requireRole('CLIENT'), async (req, res) => {
    const user = currentUser(req);
    await recomputeMatches(db, user.id);
    res.json(await clientMatches(db, config, user.id, now().getTime()));
  });

  router.get('/matches/empty-reason', requireRole('CLIENT'), async (req, res) => {
    res.json(await emptyMatchesReasonFor(db, currentUser(req).id, now()));
  });

  // The fit check and the switch (docs/rules/matching.md#fit-check,
  // docs/rules/matching.md#switching-therapist): the client's own, 403 for anyone else's role.
  router.post('/matches/:matchId/fit-check', requireRole('CLIENT'), async (req, res) => {
    const { matchId } = parse(matchIdParamsSchema, req.params);
    const input = parse(fitCheckInputSchema, req.body);
    res.status(201).json(await answerFitCheck(db, currentUser(req).id, matchId, input, now()));
  });

  router.post('/matches/:matchId/fit-check/dismiss', requireRole('CLIENT'), async (req, res) => {
    const { matchId } = parse(matchIdParamsSchema, req.params);
    await dismissFitCheck(db, currentUser(req).id, matchId, now());
    res.status(204).end();
  });

  router.post('/matches/:matchId/switch', requireRole('CLIENT'), async (req, res) => {
    const { matchId } = parse(matchIdParamsSchema, req.params);
    res.json(await switchTherapist(db, config, currentUser(req).id, matchId, now()));
  });

  router.delete('/matches/:matchId/switch', requireRole('CLIENT'), async (req, res) => {
    const { matchId } = parse(matchIdParamsSchema, req.params);
    res.json(await undoSwitch(db, config, currentUser(req).id, matchId, now()));
  });

  // The standing wish for new matches (docs/rules/matching.md#match-alert): a row while on.
  router.get('/users/me/match-alert', requireRole('CLIENT'), async (req, res) => {
    const rows = await db
      .select({ userId: matchAlerts.userId })
      .from(matchAlerts)
      .where(eq(matchAlerts.userId, currentUser(req).id));
    res.json({ enabled: rows.length > 0 });
  });

  router.put('/users/me/match-alert', requireRole('CLIENT'), async (req, res) => {
    const { enabled } = parse(matchAlertSchema, req.body);
    const userId = currentUser(req).id;
    if (enabled) {
      await db.insert(matchAlerts).values({ userId }).onConflictDoNothing();
    } else {
      await db.delete(matchAlerts).where(eq(matchAlerts.userId, userId));
    }
    res.json({ enabled });
  });

  router.get('/matches/:matchId', ...member, async (req, res) => {
    const { matchId } = parse(matchIdParamsSchema, req.params);
    res.json(await matchFor(db, config, currentUser(req), matchId, now().getTime()));
  });

  return router;
}

import { Router, type Request } from 'express';
import { adminProvidersQuerySchema, adminVerifySchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { currentUser, requireRole } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import {
  getAdminProviderDetail,
  getAdminProviderHistory,
  listAdminProviders,
  type AdminActor,
} from './admin.service';
import { recordLicenceCheck, setProviderVerification } from './admin.verification';

const actorOf = (req: Request): AdminActor => ({ id: currentUser(req).id, requestId: req.id });

/**
 * The admin calls (ADMIN only: 401 signed out, 403 other roles), plus
 * the audit history of a provider for the detail's 'Historik' list.
 */
export function adminRouter({
  config,
  database,
  now,
}: {
  config: Config;
  database: DbHandle;
  now?: () => Date;
}): Router {
  const deps = { db: database.db, config, ...(now ? { now } : {}) };
  const router = Router();
  router.use('/admin', requireRole('ADMIN'));

  router.get('/admin/providers', async (req, res) => {
    res.json(await listAdminProviders(deps, parse(adminProvidersQuerySchema, req.query)));
  });

  router.get('/admin/providers/:id', async (req, res) => {
    res.json(await getAdminProviderDetail(deps, actorOf(req), req.params.id));
  });

  router.get('/admin/providers/:id/history', async (req, res) => {
    res.json(await getAdminProviderHistory(deps, req.params.id));
  });

  router.post('/admin/providers/:id/licence-checks', async (req, res) => {
    res.status(201).json(await recordLicenceCheck(deps, actorOf(req), req.params.id, req.body));
  });

  router.patch('/admin/providers/:id/verify', async (req, res) => {
    const { isVerified } = parse(adminVerifySchema, req.body);
    res.json(await setProviderVerification(deps, actorOf(req), req.params.id, isVerified));
  });

  return router;
}

import { Router } from 'express';
import { updateProviderProfileSchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { currentUser, requireRole } from '../../middleware/require-auth';
import { singleImageUpload } from '../../middleware/upload';
import { parse } from '../../middleware/validate';
import type { ImageStore } from '../storage/image-store';
import { emailChangeProof } from '../users/email-change-proof';
import { saveProviderProfile, uploadProfileImage } from './profiles.service';

/** `PATCH /profiles/provider` and `POST /profiles/upload` (providers only). */
export function profilesRouter({
  config,
  database,
  store,
}: {
  config: Config;
  database: DbHandle;
  store: ImageStore;
}): Router {
  const deps = { db: database.db, config, store };
  const router = Router();

  router.patch('/profiles/provider', requireRole('PROVIDER'), async (req, res) => {
    const input = parse(updateProviderProfileSchema, req.body);
    res.json(await saveProviderProfile(deps, currentUser(req), input, emailChangeProof(req)));
  });

  router.post(
    '/profiles/upload',
    requireRole('PROVIDER'),
    singleImageUpload(),
    async (req, res) => {
      res.status(201).json(await uploadProfileImage(deps, currentUser(req), req.file!.buffer));
    },
  );

  return router;
}

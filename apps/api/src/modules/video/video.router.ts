import { Router } from 'express';
import { idParamsSchema } from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { currentUser, requireRole } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import { roomAnswer, roomFor } from './video.service';

/** GET /video/{id}: a room's hours and ICE servers, for the booking's two people only. */
export function videoRouter({ config, database }: { config: Config; database: DbHandle }): Router {
  const router = Router();
  router.get('/video/:id', requireRole('CLIENT', 'PROVIDER'), async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const access = await roomFor(database.db, currentUser(req), id);
    res.set('cache-control', 'no-store').json(roomAnswer(config, access));
  });
  return router;
}

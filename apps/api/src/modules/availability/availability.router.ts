import { Router } from 'express';
import {
  availabilitySlotInputSchema,
  availabilityUserParamsSchema,
  createManySlotsSchema,
  deleteManySlotsSchema,
  idParamsSchema,
  slotChangesSchema,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import { currentUser, requireAuth, requireRole } from '../../middleware/require-auth';
import { parse } from '../../middleware/validate';
import {
  addSlots,
  listSlotsJson,
  removeSlots,
  saveSlotChanges,
  slotsSnapshots,
} from './availability.service';

/**
 * The availability calls: `GET /availabilities/{userId}` (the provider
 * themself, or a client looking at a verified provider), and for the
 * provider: `POST /availabilities/changes` (a save, all or nothing), `POST /availabilities`, `POST /availabilities/many`,
 * `DELETE /availabilities/{id}`, `POST /availabilities/delete-many`.
 */
export function availabilityRouter({ database }: { database: DbHandle }): Router {
  const { db } = database;
  const router = Router();
  const snapshots = slotsSnapshots();
  const providerOnly = requireRole('PROVIDER');

  router.post('/availabilities/many', providerOnly, async (req, res) => {
    const { slots } = parse(createManySlotsSchema, req.body);
    res.status(201).json(await addSlots(db, currentUser(req), slots));
  });

  // A save's whole change, all or nothing; the endpoints around it stay for single changes.
  router.post('/availabilities/changes', providerOnly, async (req, res) => {
    const changes = parse(slotChangesSchema, req.body);
    res.json(await saveSlotChanges(db, currentUser(req), changes));
  });

  router.post('/availabilities/delete-many', providerOnly, async (req, res) => {
    const { ids } = parse(deleteManySlotsSchema, req.body);
    res.json({ deleted: await removeSlots(db, currentUser(req), ids) });
  });

  router.post('/availabilities', providerOnly, async (req, res) => {
    const slot = parse(availabilitySlotInputSchema, req.body);
    const [saved] = await addSlots(db, currentUser(req), [slot]);
    res.status(201).json(saved);
  });

  router.delete('/availabilities/:id', providerOnly, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    await removeSlots(db, currentUser(req), [id], { strict: true });
    res.status(204).end();
  });

  router.get('/availabilities/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(availabilityUserParamsSchema, req.params);
    res
      .type('application/json')
      .send(await listSlotsJson(db, snapshots, currentUser(req), userId.toLowerCase()));
  });

  return router;
}

import { Router } from 'express';
import {
  bookingIdParamsSchema,
  confirmBookingSchema,
  createBookingSchema,
  createSeriesSchema,
  emptyBodySchema,
  idParamsSchema,
  moveBookingSchema,
  rebookSchema,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { currentUser, requireRole } from '../../middleware/require-auth';
import {
  requireVerifiedProvider,
  verifiedIfProvider,
} from '../../middleware/require-verified-provider';
import { parse } from '../../middleware/validate';
import { cancelBooking } from './transitions/cancel';
import { completeBooking } from './transitions/complete';
import { confirmBooking } from './transitions/confirm';
import { moveBooking } from './transitions/move';
import { rebook } from './transitions/rebook';
import { requestBooking } from './transitions/request';
import { cancelSeries, createSeries } from './transitions/series';
import type { BookingDeps } from './transitions/transaction';

/**
 * The bookings calls. Role, ownership (404 for someone else's booking)
 * and state are all checked on the server; each change is one transaction.
 */
export function bookingsRouter({
  config,
  database,
  now = () => new Date(),
}: {
  config: Config;
  database: DbHandle;
  now?: () => Date;
}): Router {
  const deps: BookingDeps = { db: database.db, config, now };
  const router = Router();
  const client = requireRole('CLIENT');
  // 401, 403 for another role, 403 PROVIDER_NOT_VERIFIED for a therapist under review,
  // PROVIDER_PAUSED for one whose verification an admin took back.
  const provider = [requireVerifiedProvider(database.db)];
  const either = [requireRole('CLIENT', 'PROVIDER'), verifiedIfProvider(database.db)];

  router.post('/bookings', client, async (req, res) => {
    const input = parse(createBookingSchema, req.body);
    res.status(201).json(await requestBooking(deps, currentUser(req), input));
  });

  router.post('/bookings/rebook', ...provider, async (req, res) => {
    const input = parse(rebookSchema, req.body);
    res.status(201).json(await rebook(deps, currentUser(req), input));
  });

  router.patch('/bookings/confirm/:bookingId', ...provider, async (req, res) => {
    const { bookingId } = parse(bookingIdParamsSchema, req.params);
    const input = parse(confirmBookingSchema, req.body);
    res.json(await confirmBooking(deps, currentUser(req), bookingId, input));
  });

  router.patch('/bookings/cancel/:id', ...either, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    parse(emptyBodySchema, req.body);
    res.json(await cancelBooking(deps, currentUser(req), id));
  });

  router.patch('/bookings/complete/:id', ...provider, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    parse(emptyBodySchema, req.body);
    res.json(await completeBooking(deps, currentUser(req), id));
  });

  router.post('/bookings/series', ...provider, async (req, res) => {
    const input = parse(createSeriesSchema, req.body);
    res.status(201).json(await createSeries(deps, currentUser(req), input));
  });

  router.patch('/bookings/series/:id/cancel', ...provider, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    parse(emptyBodySchema, req.body);
    res.json(await cancelSeries(deps, currentUser(req), id));
  });

  router.patch('/bookings/move/:id', ...either, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const input = parse(moveBookingSchema, req.body);
    res.json(await moveBooking(deps, currentUser(req), id, input));
  });

  return router;
}

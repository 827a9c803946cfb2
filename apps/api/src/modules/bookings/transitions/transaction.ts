import type { Database, Executor } from '@samtalsmatch/db';
import type { Config } from '../../../config';
import { AppError, databaseFailure } from '../../../lib/errors';
import { notifyMailQueued } from '../../../lib/mailer';
import { expireMatchRequests } from '../bookings.expiry';

/*
 * Every booking transition is one transaction that locks what it reads in
 * one order (lock.ts); a race the database settles is a 409, never a 500.
 */

export interface BookingDeps {
  db: Database;
  config: Config;
  /** The clock (tests move it). */
  now: () => Date;
}

/**
 * A lost race that the database catches (a unique or check violation, a
 * serialization failure, a deadlock) is a 409 with a Swedish message, never
 * a 500: the AppError for such a failure, else the error itself.
 */
function conflictError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const failure = databaseFailure(err);
  if (!failure) return err;
  if (failure.constraint === 'bookings_one_pending_per_match') {
    return new AppError('BOOKING_ALREADY_OPEN');
  }
  if (
    failure.constraint === 'bookings_one_open_per_match_hour' ||
    failure.constraint?.startsWith('availability_slots') ||
    failure.code === '23503'
  ) {
    return new AppError('SLOT_TAKEN');
  }
  if (['40001', '40P01', '23505', '23514'].includes(failure.code)) {
    return new AppError('STATE_CONFLICT');
  }
  return err;
}

/** Runs one transition in one transaction (lost races: `conflictError`). */
export async function transition<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    throw conflictError(err);
  }
}

/**
 * A pending request whose deadline has passed is expired (and committed)
 * before the caller is told 409 BOOKING_EXPIRED.
 */
export class Expired extends Error {
  constructor(readonly matchId: string) {
    super('expired request');
  }
}

export async function runExpiring<T>(
  deps: BookingDeps,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  try {
    return await transition(deps.db, work);
  } catch (err) {
    if (!(err instanceof Expired)) throw err;
    const expired = await deps.db.transaction((tx) =>
      expireMatchRequests(tx, deps.config, deps.now(), err.matchId),
    );
    if (expired.length > 0) notifyMailQueued();
    throw new AppError('BOOKING_EXPIRED');
  }
}

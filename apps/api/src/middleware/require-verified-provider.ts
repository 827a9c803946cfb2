import type { RequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import { providerProfiles, type Database, type Executor } from '@samtalsmatch/db';
import { AppError } from '../lib/errors';
import { currentUser } from './require-auth';

/** True when the user has a provider profile that an admin has verified. */
export async function isVerifiedProvider(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isVerified: providerProfiles.isVerified })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId))
    .limit(1);
  return row?.isVerified === true;
}

/**
 * For routes that providers AND clients use (cancel a booking): a provider
 * must be verified (403 'Ditt konto granskas. …'); other roles pass on to
 * the route's own role check. 401 when not signed in.
 */
export function verifiedIfProvider(db: Database): RequestHandler {
  return async (req, _res, next) => {
    const user = currentUser(req);
    if (user.type === 'PROVIDER' && !(await isVerifiedProvider(db, user.id))) {
      throw new AppError('PROVIDER_NOT_VERIFIED');
    }
    next();
  };
}

/**
 * For the provider's booking actions (confirm, complete, rebook, the
 * provider's booking lists): 401 when not signed in, 403 for other roles,
 * 403 PROVIDER_NOT_VERIFIED for a provider an admin has not verified
 * (DESIGN §4). The verified flag is read from the database on every
 * request, so an admin's unverify takes effect at once.
 */
export function requireVerifiedProvider(db: Database): RequestHandler {
  return async (req, _res, next) => {
    const user = currentUser(req);
    if (user.type !== 'PROVIDER') throw new AppError('FORBIDDEN');
    if (!(await isVerifiedProvider(db, user.id))) throw new AppError('PROVIDER_NOT_VERIFIED');
    next();
  };
}

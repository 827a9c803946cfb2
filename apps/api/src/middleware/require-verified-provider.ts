import type { RequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import { providerProfiles, type Database } from '@samtalsmatch/db';
import { AppError } from '../lib/errors';
import { currentUser } from './require-auth';

/**
 * DESIGN §4: a provider whose profile is not verified gets 403 on bookings
 * (PROVIDER_NOT_VERIFIED). Anyone who is not a provider passes through: the
 * route's role check decides about them. Put it after requireRole.
 */
export function requireVerifiedProvider(db: Database): RequestHandler {
  return async (req, _res, next) => {
    const user = currentUser(req);
    if (user.type !== 'PROVIDER') {
      next();
      return;
    }
    const [profile] = await db
      .select({ isVerified: providerProfiles.isVerified })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, user.id));
    if (!profile?.isVerified) throw new AppError('PROVIDER_NOT_VERIFIED');
    next();
  };
}

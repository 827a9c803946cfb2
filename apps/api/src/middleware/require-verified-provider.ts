import type { Request, RequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import { providerProfiles, type Database, type Executor } from '@samtalsmatch/db';
import { AppError } from '../lib/errors';
import type { StandingRead } from '../lib/session';
import { currentUser } from './require-auth';

/**
 * Where a provider stands: VERIFIED by an admin; UNDER_REVIEW, never
 * verified (or no profile yet); PAUSED, verified once and an admin took it
 * back (`provider_profiles.paused_at`, cleared when verified again).
 */
export type ProviderStanding = 'VERIFIED' | 'UNDER_REVIEW' | 'PAUSED';

function standingOf(row: StandingRead): ProviderStanding {
  if (row?.isVerified === true) return 'VERIFIED';
  return row?.pausedAt ? 'PAUSED' : 'UNDER_REVIEW';
}

async function providerStanding(db: Executor, userId: string): Promise<ProviderStanding> {
  const [row] = await db
    .select({ isVerified: providerProfiles.isVerified, pausedAt: providerProfiles.pausedAt })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId))
    .limit(1);
  return standingOf(row ?? null);
}

function throwUnlessVerified(standing: ProviderStanding): void {
  if (standing === 'UNDER_REVIEW') throw new AppError('PROVIDER_NOT_VERIFIED');
  if (standing === 'PAUSED') throw new AppError('PROVIDER_PAUSED');
}

/**
 * Throws unless the provider is verified: 403 PROVIDER_NOT_VERIFIED ('Ditt
 * konto granskas. …') while under review, 403 PROVIDER_PAUSED ('Ditt konto
 * är pausat. …') once an admin took the verification back.
 */
export async function assertVerifiedProvider(db: Executor, userId: string): Promise<void> {
  throwUnlessVerified(await providerStanding(db, userId));
}

/**
 * As `assertVerifiedProvider` for the signed-in therapist: the standing read
 * with the session's user, in the same statement (decision 441), else read now.
 */
async function assertSignedInProviderVerified(req: Request, db: Executor, userId: string) {
  const read = req.standingRead;
  throwUnlessVerified(read !== undefined ? standingOf(read) : await providerStanding(db, userId));
}

/**
 * For routes that providers AND clients use (cancel a booking): a provider
 * must be verified (403, see assertVerifiedProvider); other roles pass on to
 * the route's own role check. 401 when not signed in.
 */
export function verifiedIfProvider(db: Database): RequestHandler {
  return async (req, _res, next) => {
    const user = currentUser(req);
    if (user.type === 'PROVIDER') await assertSignedInProviderVerified(req, db, user.id);
    next();
  };
}

/**
 * For the provider's booking actions (confirm, complete, rebook, the
 * provider's booking lists): 401 when not signed in, 403 for other roles,
 * 403 PROVIDER_NOT_VERIFIED or PROVIDER_PAUSED for a provider who is not
 * verified (docs/rules/privacy.md#a-paused-therapist). The standing is read from the database on every
 * request (with the session's user), so an admin's unverify takes effect at once.
 */
export function requireVerifiedProvider(db: Database): RequestHandler {
  return async (req, _res, next) => {
    const user = currentUser(req);
    if (user.type !== 'PROVIDER') throw new AppError('FORBIDDEN');
    await assertSignedInProviderVerified(req, db, user.id);
    next();
  };
}

import {
  LICENCE_PROFESSIONS,
  createLicenceCheckSchema,
  licenceVerificationBlock,
  type AdminVerifyResponse,
  type LicenceCheck,
} from '@samtalsmatch/contracts';
import { AppError } from '../../lib/errors';
import { notifyMailQueued } from '../../lib/mailer';
import { parse } from '../../middleware/validate';
import { cancelOpenBookingsOf } from '../bookings/bookings.system-cancel';
import { mailContext } from '../mail/context';
import { enqueueMail } from '../mail/outbox';
import {
  licenceNotRegisteredMail,
  providerPausedMail,
  providerVerifiedMail,
} from '../mail/templates';
import {
  findProvider,
  insertLicenceCheck,
  licenceChecksOf,
  lockProviderProfile,
  setVerified,
} from './admin.repository';
import {
  iso,
  providerIdFrom,
  toLicenceCheck,
  type AdminActor,
  type AdminDeps,
} from './admin.service';
import { appendAudit } from './audit.repository';

/*
 * What an admin decides about a therapist: verified or paused, and the
 * licence checks in Socialstyrelsen's register that verifying needs. Each
 * decision is one transaction that locks the profile and writes its audit
 * row. The reads of the admin pages are in admin.service.ts.
 */

/**
 * PATCH /admin/providers/:id/verify: sets the state `wanted` (without it:
 * the opposite of the current one), in one transaction that locks the
 * profile row and writes the audit row. The state it already has changes
 * nothing: no audit row, no mail, no cancellation; the answer is the state
 * (docs/rules/admin.md#verification-by-state). Verifying queues the welcome
 * mail. Unverifying pauses the account at once: every booking of theirs
 * still ahead is cancelled by SYSTEM (each client mailed), the therapist is
 * mailed that the account is paused, and from the commit on their client
 * data answers 403 and their recommendations are hidden from every client
 * (the reads check the verified flag).
 */
export async function setProviderVerification(
  { db, config, now = () => new Date() }: AdminDeps,
  actor: AdminActor,
  rawId: unknown,
  wanted: boolean | undefined,
): Promise<AdminVerifyResponse> {
  const id = providerIdFrom(rawId);
  const ctx = mailContext(config);
  const result = await db.transaction(async (tx) => {
    const found = await findProvider(tx, id);
    if (!found) throw new AppError('PROVIDER_NOT_FOUND');
    const locked = await lockProviderProfile(tx, id);
    if (!locked) throw new AppError('PROVIDER_PROFILE_MISSING');
    const next = wanted ?? !locked.isVerified;
    if (next === locked.isVerified) {
      return { id, isVerified: locked.isVerified, verifiedAt: iso(locked.verifiedAt) };
    }
    const at = now();
    if (next) {
      const block = licenceVerificationBlock(locked.title, await licenceChecksOf(tx, [id]), at);
      if (block) throw new AppError('LICENCE_NOT_CHECKED', { message: block });
    }
    const row = await setVerified(tx, id, next, at);
    await appendAudit(tx, {
      actorId: actor.id,
      targetUserId: id,
      action: next ? 'PROVIDER_VERIFIED' : 'PROVIDER_UNVERIFIED',
      requestId: actor.requestId,
      details: { isVerified: next },
    });
    if (next && found.user.email) {
      await enqueueMail(tx, providerVerifiedMail(ctx, found.user.email, found.user.name));
    }
    if (!next) {
      await cancelOpenBookingsOf(tx, { config, now: at }, id, 'PROVIDER_PAUSED');
      if (found.user.email) {
        await enqueueMail(tx, providerPausedMail(ctx, found.user.email, found.user.name));
      }
    }
    return { id, isVerified: row.isVerified, verifiedAt: iso(row.verifiedAt) };
  });
  notifyMailQueued();
  return result;
}

/**
 * POST /admin/providers/:id/licence-checks: records what the admin found in
 * Socialstyrelsen's register for one licensed title the therapist claims,
 * with an audit row, in one transaction that locks the profile (so a
 * concurrent profile save or verification sees it). A title found not
 * registered mails the therapist what to do.
 */
export async function recordLicenceCheck(
  { db, config }: AdminDeps,
  actor: AdminActor,
  rawId: unknown,
  body: unknown,
): Promise<LicenceCheck> {
  const id = providerIdFrom(rawId);
  const input = parse(createLicenceCheckSchema, body);
  const ctx = mailContext(config);
  const result = await db.transaction(async (tx) => {
    const found = await findProvider(tx, id);
    if (!found) throw new AppError('PROVIDER_NOT_FOUND');
    const locked = await lockProviderProfile(tx, id);
    if (!locked) throw new AppError('PROVIDER_PROFILE_MISSING');
    if (!locked.title.includes(input.title)) throw new AppError('LICENCE_TITLE_NOT_CLAIMED');
    const row = await insertLicenceCheck(tx, { providerId: id, ...input, checkedBy: actor.id });
    await appendAudit(tx, {
      actorId: actor.id,
      targetUserId: id,
      action: 'LICENCE_CHECKED',
      requestId: actor.requestId,
      details: { title: input.title, registered: input.registered },
    });
    if (!input.registered && found.user.email) {
      await enqueueMail(
        tx,
        licenceNotRegisteredMail(
          ctx,
          found.user.email,
          found.user.name,
          LICENCE_PROFESSIONS[input.title],
        ),
      );
    }
    const [withChecker] = (await licenceChecksOf(tx, [id])).filter((c) => c.id === row.id);
    return toLicenceCheck(withChecker!);
  });
  notifyMailQueued();
  return result;
}

import type { Database } from '@samtalsmatch/db';
import type { Config } from '../../config';
import type { UserRow } from '../../lib/auth-session';
import { notifyMailQueued } from '../../lib/mailer';
import { issueToken } from './one-time-tokens.repository';
import { mailContext } from '../mail/context';
import { preferencesOf } from '../privacy/preferences.repository';
import type { ImageUrlSigner } from '../storage/signed-url';
import { enqueueMail } from '../mail/outbox';
import { emailChangeMail, emailChangeTakenMail, verificationMail } from '../mail/templates';
import { findProviderProfile, findUserByEmail, normalizeEmail } from './users.repository';

/**
 * The User as the API sends it. Built field by field from the
 * row: never the hash, tokens, session version or personnummer material.
 * `ssn` is filled only for an admin viewer, by the module that owns the
 * personnummer (BankID); here it is always null. With `signImage` the
 * profile image gets its signed URL (modules/storage).
 */
export async function toUserDto(db: Database, user: UserRow, signImage?: ImageUrlSigner) {
  const profile = user.type === 'PROVIDER' ? await findProviderProfile(db, user.id) : undefined;
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    phoneNumber: user.phoneNumber,
    ssn: null,
    onboardingStep: user.onboardingStep,
    address: { street: user.street, city: user.city, zip: user.zip },
    profile: profile
      ? {
          title: profile.title,
          description: profile.description,
          education: profile.education,
          price: profile.price,
          sessionDuration: profile.sessionDuration,
          profileImageUrl: profile.profileImageKey,
          profileImageSignedUrl: signImage ? signImage(profile.profileImageKey) : null,
          personalAttributes: profile.personalAttributes,
          cancellationPolicy: profile.cancellationPolicy,
          meetingFormat: profile.meetingFormat,
          isVerified: profile.isVerified,
          pausedAt: profile.pausedAt ? profile.pausedAt.toISOString() : null,
        }
      : null,
    hasPassword: user.type !== 'ADMIN' && user.passwordHash !== null,
    preferences: preferencesOf(user),
  };
}

/**
 * Starts an e-mail change: the address changes only when the link mailed
 * to the new address is opened (auth: verify-email). The answer never says
 * whether the new address belongs to someone else; its owner is told instead.
 * The caller has checked the proof of the owner (assertEmailChangeAllowed).
 */
export async function requestEmailChange(
  { db, config }: { db: Database; config: Config },
  user: UserRow,
  newEmailInput: string,
): Promise<void> {
  const newEmail = normalizeEmail(newEmailInput);
  const ctx = mailContext(config);
  await db.transaction(async (tx) => {
    if (newEmail === user.email) {
      if (!user.emailVerifiedAt) {
        const token = await issueToken(tx, user.id, 'EMAIL_VERIFICATION', { email: newEmail });
        await enqueueMail(tx, verificationMail(ctx, newEmail, token));
      }
      return;
    }
    const owner = await findUserByEmail(tx, newEmail);
    if (owner) {
      await enqueueMail(tx, emailChangeTakenMail(ctx, newEmail));
      return;
    }
    const token = await issueToken(tx, user.id, 'EMAIL_CHANGE', { email: newEmail });
    await enqueueMail(tx, emailChangeMail(ctx, newEmail, token), user.id);
  });
  notifyMailQueued();
}

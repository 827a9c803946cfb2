import { MSG, type UpdateProviderProfileInput } from '@samtalsmatch/contracts';
import type { Database } from '@samtalsmatch/db';
import type { Config } from '../../config';
import type { UserRow } from '../../lib/auth-session';
import { AppError } from '../../lib/errors';
import { notifyMailQueued } from '../../lib/mailer';
import { issueToken, revokeTokens } from '../users/one-time-tokens.repository';
import { mailContext } from '../mail/context';
import { enqueueMail } from '../mail/outbox';
import { emailChangeMail, verificationMail } from '../mail/templates';
import { processProfileImage } from '../storage/image-processing';
import { newestImageKeyOf, type ImageStore } from '../storage/image-store';
import { imageUrlSigner } from '../storage/signed-url';
import { toUserDto } from '../users/users.service';
import { assertEmailChangeAllowed, type EmailChangeProof } from '../users/email-change-proof';
import { findUserByEmail, normalizeEmail } from '../users/users.repository';
import {
  findProfileImageKey,
  lockUser,
  setProfileImageKey,
  updateProviderContact,
  upsertProviderProfile,
} from './profiles.repository';

export interface ProfilesDeps {
  db: Database;
  config: Config;
  store: ImageStore;
}

/** A Postgres unique violation (23505), also when wrapped by Drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Saves the provider profile (docs/rules/accounts.md#provider-profile; the payload already passed the
 * contracts schema). In one transaction that locks the user's row:
 * - the image: the profile's, or before the first save the one uploaded
 *   last (400 'Profilbild är obligatorisk' when there is none);
 * - the name is BankID's and is never written: the unchanged name (the form
 *   always sends it) passes, a changed one is 400 on `name`;
 * - the e-mail: another account's address is 409; a first address is saved
 *   unverified with a verification link; a changed address is NOT used
 *   until the link mailed to it is opened (the verified one stays; the new
 *   one waits in the EMAIL_CHANGE token); the current address again
 *   withdraws a waiting change; moving an existing address needs a BankID
 *   sign-in within the last minutes (400 REAUTHENTICATION_REQUIRED on email);
 * - USER_CREATED → PROFILE_COMPLETED, never backwards.
 */
export async function saveProviderProfile(
  { db, config }: ProfilesDeps,
  current: UserRow,
  input: UpdateProviderProfileInput,
  proof: EmailChangeProof,
): Promise<{ user: Awaited<ReturnType<typeof toUserDto>>; pendingEmail: string | null }> {
  const ctx = mailContext(config);
  const email = normalizeEmail(input.email);
  let pendingEmail: string | null = null;
  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const locked = await lockUser(tx, current.id);
      if (!locked) throw new AppError('UNAUTHENTICATED');
      // The same letters may arrive composed or decomposed (å as one code point or two).
      if (input.name.normalize('NFC') !== locked.name.trim().normalize('NFC')) {
        throw new AppError('VALIDATION', {
          message: MSG.nameFromBankId,
          fieldErrors: { name: [MSG.nameFromBankId] },
        });
      }
      const imageKey =
        (await findProfileImageKey(tx, locked.id)) ?? (await newestImageKeyOf(tx, locked.id));
      if (!imageKey) {
        throw new AppError('VALIDATION', {
          message: MSG.profileImageRequired,
          fieldErrors: { profileImageUrl: [MSG.profileImageRequired] },
        });
      }
      let firstEmail: string | undefined;
      if (email === locked.email) {
        await revokeTokens(tx, locked.id, 'EMAIL_CHANGE');
      } else {
        const owner = await findUserByEmail(tx, email);
        if (owner && owner.id !== locked.id) {
          throw new AppError('EMAIL_TAKEN', { fieldErrors: { email: [MSG.emailTaken] } });
        }
        if (!locked.email) {
          firstEmail = email;
          const token = await issueToken(tx, locked.id, 'EMAIL_VERIFICATION', { email });
          await enqueueMail(tx, verificationMail(ctx, email, token), locked.id);
        } else {
          // Moving an existing address needs a fresh BankID sign-in (docs/rules/accounts.md#e-mail-change).
          await assertEmailChangeAllowed(locked, proof, { bankIdOnly: true });
          pendingEmail = email;
          const token = await issueToken(tx, locked.id, 'EMAIL_CHANGE', { email });
          await enqueueMail(tx, emailChangeMail(ctx, email, token), locked.id);
        }
      }
      const updated = await updateProviderContact(tx, locked.id, {
        phoneNumber: input.phoneNumber,
        street: input.street,
        city: input.city,
        zip: input.zip,
        ...(firstEmail ? { firstEmail } : {}),
      });
      await upsertProviderProfile(tx, locked.id, input, imageKey);
      return updated;
    });
  } catch (err) {
    // Another account took the first address between the check and the update.
    if (isUniqueViolation(err)) {
      throw new AppError('EMAIL_TAKEN', { fieldErrors: { email: [MSG.emailTaken] } });
    }
    throw err;
  }
  notifyMailQueued();
  return { user: await toUserDto(db, user, imageUrlSigner(config)), pendingEmail };
}

/**
 * Checks and re-encodes an uploaded image, stores it, and makes it the
 * profile's image (or, before the first save, the one the save will use).
 * The user's earlier images are deleted in the same transaction.
 */
export async function uploadProfileImage(
  { db, config, store }: ProfilesDeps,
  user: UserRow,
  file: Buffer,
): Promise<{ profileImageUrl: string; profileImageSignedUrl: string }> {
  const image = await processProfileImage(file, user.id);
  const key = await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const newKey = await store.put(tx, image);
    await setProfileImageKey(tx, user.id, newKey);
    await store.deleteOthersOf(tx, user.id, newKey);
    return newKey;
  });
  return { profileImageUrl: key, profileImageSignedUrl: imageUrlSigner(config)(key)! };
}

import type { Request } from 'express';
import type { Database } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { destroyUserSessions, signIn, type UserRow } from '../../lib/auth-session';
import { AppError } from '../../lib/errors';
import { notifyMailQueued } from '../../lib/mailer';
import {
  hashPassword,
  needsRehash,
  verifyDummyPassword,
  verifyPassword,
} from '../../lib/passwords';
import { mailContext } from '../mail/context';
import { enqueueMail } from '../mail/outbox';
import {
  accountExistsMail,
  bankIdAccountMail,
  emailChangedNoticeMail,
  emailRestoredMail,
  greetingName,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from '../mail/templates';
import {
  findUserByEmail,
  findUserById,
  insertClientIfNew,
  markEmailVerified,
  normalizeEmail,
  resetPassword as storeNewPassword,
  restoreEmail,
  setVerifiedEmail,
  updatePasswordHash,
  recordSignIn,
} from '../users/users.repository';
import {
  consumeToken,
  isUsableToken,
  issueToken,
  revokeTokens,
} from '../users/one-time-tokens.repository';
import { assertAcceptablePassword } from './password-policy';
import { deleteFeed } from '../calendar-feed/calendar-feed.repository';

export interface AuthDeps {
  db: Database;
  config: Config;
}

/**
 * Registers a client. The answer is the same whether the address is new or
 * taken: a new address gets a verification mail, a taken one a mail saying
 * the account exists. The password is hashed in both cases (same time).
 */
export async function register(
  { db, config }: AuthDeps,
  input: { email: string; name: string; password: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  await assertAcceptablePassword(input.password, { name: input.name, email });
  // The shared registerSchema has trimmed the name and refused an empty one.
  const name = input.name;
  const passwordHash = await hashPassword(input.password);
  const ctx = mailContext(config);
  await db.transaction(async (tx) => {
    const created = await insertClientIfNew(tx, { email, name, passwordHash });
    if (created) {
      const token = await issueToken(tx, created.id, 'EMAIL_VERIFICATION', { email });
      await enqueueMail(tx, verificationMail(ctx, email, token));
      return;
    }
    const existing = await findUserByEmail(tx, email);
    await enqueueMail(tx, accountExistsMail(ctx, email, existing ? greetingName(existing) : null));
  });
  notifyMailQueued();
}

/**
 * Signs in with e-mail and password. Unknown address, account without a
 * password and wrong password all answer 401 INVALID_CREDENTIALS after the
 * same argon2 work. The session id is regenerated (no fixation).
 */
export async function login(
  { db }: AuthDeps,
  req: Request,
  input: { email: string; password: string },
): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  // Admins sign in with BankID only (they read personnummer; OWASP ASVS 6.3.3):
  // their password is refused exactly like a wrong one, after the same work.
  if (!user || !ok || user.type === 'ADMIN') throw new AppError('INVALID_CREDENTIALS');
  if (needsRehash(user.passwordHash!)) {
    await updatePasswordHash(db, user.id, await hashPassword(input.password));
  }
  await signIn(req, user.id, user.sessionVersion);
  await recordSignIn(db, user.id);
  return user;
}

/**
 * Confirms an address from the mailed link: a registration's verification
 * or an e-mail change. Forged, expired and used tokens are all 400.
 */
export async function verifyEmail({ db, config }: AuthDeps, token: string): Promise<void> {
  const ctx = mailContext(config);
  await db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, ['EMAIL_VERIFICATION', 'EMAIL_CHANGE']);
    const email = row?.data?.email;
    if (!row || !email) throw new AppError('TOKEN_INVALID');
    if (row.purpose === 'EMAIL_VERIFICATION') {
      // A link for an address the account no longer has verifies nothing.
      if (!(await markEmailVerified(tx, row.userId, email))) throw new AppError('TOKEN_INVALID');
      return;
    }
    const user = await findUserById(tx, row.userId);
    if (!user) throw new AppError('TOKEN_INVALID');
    const owner = await findUserByEmail(tx, email);
    if (owner && owner.id !== user.id) throw new AppError('EMAIL_TAKEN');
    // Another account may take the address between the check and this update
    // (a concurrent change or registration): 409, never a 500.
    try {
      await tx.transaction((savepoint) => setVerifiedEmail(savepoint, user.id, email));
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
      throw err;
    }
    if (user.email && user.email !== email) {
      // The old address may undo the change (docs/rules/accounts.md#e-mail-change).
      const undo = await issueToken(tx, user.id, 'EMAIL_CHANGE_UNDO', {
        email: user.email,
        newEmail: email,
      });
      await enqueueMail(
        tx,
        emailChangedNoticeMail(ctx, user.email, greetingName(user), email, undo),
        user.id,
      );
    }
  });
  notifyMailQueued();
}

/** A Postgres unique violation (23505), also when wrapped by Drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Sends a reset link when the address has an account; always the same
 * neutral answer (the router sends it). An account that signs in with
 * BankID only is told so instead of getting a password.
 */
export async function forgotPassword(
  { db, config }: AuthDeps,
  input: { email: string },
): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user?.email) return;
  const email = user.email;
  const ctx = mailContext(config);
  await db.transaction(async (tx) => {
    if ((user.type === 'PROVIDER' && !user.passwordHash) || user.type === 'ADMIN') {
      await enqueueMail(tx, bankIdAccountMail(ctx, email, greetingName(user)));
      return;
    }
    const token = await issueToken(tx, user.id, 'PASSWORD_RESET', { email });
    await enqueueMail(tx, passwordResetMail(ctx, email, greetingName(user), token));
  });
  notifyMailQueued();
}

/**
 * Whether a reset link can still set a password (the reset page asks before
 * it shows the form). Uses nothing up; a forged, expired, used or
 * other-purpose token is the same TOKEN_INVALID.
 */
export async function checkResetToken({ db }: AuthDeps, token: string): Promise<void> {
  if (!(await isUsableToken(db, token, ['PASSWORD_RESET']))) throw new AppError('TOKEN_INVALID');
}

/**
 * Sets a new password from a reset link and ends every session of the user
 * (session_version bump; the stored rows are deleted too). The link proved
 * the address, so an unverified one becomes verified.
 */
export async function resetPassword(
  { db, config }: AuthDeps,
  input: { token: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const ctx = mailContext(config);
  await db.transaction(async (tx) => {
    const row = await consumeToken(tx, input.token, ['PASSWORD_RESET']);
    if (!row) throw new AppError('TOKEN_INVALID');
    const before = await findUserById(tx, row.userId);
    if (!before) throw new AppError('TOKEN_INVALID');
    // Refused inside the transaction: the link stays unused for a better password.
    await assertAcceptablePassword(input.password, before);
    const sameAddress = !!before.email && before.email === row.data?.email;
    const user = await storeNewPassword(tx, row.userId, passwordHash, sameAddress);
    await revokeTokens(tx, row.userId, 'PASSWORD_RESET');
    await destroyUserSessions(tx, row.userId);
    // Whoever had the account may have the feed's link: a reset turns it off (decision 462).
    await deleteFeed(tx, row.userId);
    if (user?.email)
      await enqueueMail(tx, passwordChangedMail(ctx, user.email, greetingName(user)));
  });
  notifyMailQueued();
}

/** A new verification link for an unverified address; silent otherwise. */
export async function resendVerification(
  { db, config }: AuthDeps,
  user: UserRow | undefined,
): Promise<void> {
  if (!user?.email || user.emailVerifiedAt) return;
  const email = user.email;
  const ctx = mailContext(config);
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'EMAIL_VERIFICATION', { email });
    await enqueueMail(tx, verificationMail(ctx, email, token));
  });
  notifyMailQueued();
}

/**
 * Undoes an e-mail change from the link mailed to the old address
 * (docs/rules/accounts.md#e-mail-change): one use, 7 days. The old address comes back, verified; the
 * password is cleared (whoever changed the address may have reset it), so
 * the owner chooses a new one through the restored address; every session
 * ends; the links still waiting (change, verification, reset, and the undo
 * links of later changes) stop working. The undo links of EARLIER changes
 * stay: the first owner can still undo after a second change. Forged,
 * expired and used tokens are 400; an address taken meanwhile is 409.
 */
export async function undoEmailChange({ db, config }: AuthDeps, token: string): Promise<void> {
  const ctx = mailContext(config);
  await db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, ['EMAIL_CHANGE_UNDO']);
    const email = row?.data?.email;
    if (!row || !email) throw new AppError('TOKEN_INVALID');
    const owner = await findUserByEmail(tx, email);
    if (owner && owner.id !== row.userId) throw new AppError('EMAIL_TAKEN');
    let user;
    try {
      user = await tx.transaction((savepoint) => restoreEmail(savepoint, row.userId, email));
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN');
      throw err;
    }
    if (!user) throw new AppError('TOKEN_INVALID');
    for (const purpose of ['EMAIL_CHANGE', 'EMAIL_VERIFICATION', 'PASSWORD_RESET'] as const) {
      await revokeTokens(tx, user.id, purpose);
    }
    await revokeTokens(tx, user.id, 'EMAIL_CHANGE_UNDO', row.createdAt);
    await destroyUserSessions(tx, user.id);
    await deleteFeed(tx, user.id);
    await enqueueMail(tx, emailRestoredMail(ctx, email, user.name));
  });
  notifyMailQueued();
}

import type { Request } from 'express';
import { EMAIL_CHANGE_BANKID_MAX_AGE_MS, MSG } from '@samtalsmatch/contracts';
import type { UserRow } from '../../lib/auth-session';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';

/** What the request offers as proof that the account's owner asks (an e-mail change, an erasure). */
export interface EmailChangeProof {
  /** When this session's BankID sign-in happened (ms), if it was one. */
  bankIdAuthAt: number | undefined;
  /** The current password, when the form sent one. */
  currentPassword: string | undefined;
}

/** The proof of a request: its session's BankID time and the body's current password. */
export function emailChangeProof(req: Request, currentPassword?: string): EmailChangeProof {
  return { bankIdAuthAt: req.session.bankIdAuthAt, currentPassword };
}

/** True when the session's BankID sign-in is at most EMAIL_CHANGE_BANKID_MAX_AGE_MS old. */
function hasFreshBankId(proof: EmailChangeProof, now = Date.now()): boolean {
  const at = proof.bankIdAuthAt;
  return typeof at === 'number' && at <= now && now - at <= EMAIL_CHANGE_BANKID_MAX_AGE_MS;
}

/** The Swedish texts of one use of the proof (what the person is about to do). */
export interface OwnerProofMessages {
  currentPasswordRequired: string;
  bankIdReauthRequired: string;
}

const EMAIL_CHANGE_MESSAGES: OwnerProofMessages = {
  currentPasswordRequired: MSG.currentPasswordRequired,
  bankIdReauthRequired: MSG.bankIdReauthRequired,
};

/**
 * A session alone never proves the owner (docs/rules/accounts.md#e-mail-change,
 * docs/rules/privacy.md#erasure): a stolen one would move the account's mail, or erase the
 * account. Accepted: the current password of an account that has one (admins
 * excepted: they sign in with BankID only), or, when no password is given, a
 * BankID sign-in in this session within the last minutes (any account). A
 * password that is given must be right whatever else the session holds
 * (docs/rules/accounts.md#a-given-password-must-be-right): a fresh BankID
 * sign-in never makes a wrong one pass. Refused with a Swedish 400 on the
 * field that needs it:
 * - a given password that is wrong (for an account without one: any, once
 *   the BankID sign-in is fresh): CURRENT_PASSWORD_INVALID on currentPassword;
 * - a password account without a password: VALIDATION on currentPassword;
 * - an account without a password (or `bankIdOnly`): REAUTHENTICATION_REQUIRED.
 * `field` is where the BankID message goes (the profile form has no password field).
 */
export async function assertOwnerProof(
  user: UserRow,
  proof: EmailChangeProof,
  options: { bankIdOnly?: boolean; field?: string; messages: OwnerProofMessages },
): Promise<void> {
  const field = options.field ?? 'currentPassword';
  const passwordAccount = user.type !== 'ADMIN' && user.passwordHash !== null;
  const fresh = hasFreshBankId(proof);
  const wrongPassword = () =>
    new AppError('CURRENT_PASSWORD_INVALID', {
      fieldErrors: { currentPassword: [MSG.currentPasswordWrong] },
    });
  if (proof.currentPassword !== undefined) {
    if (user.passwordHash !== null) {
      if (!(await verifyPassword(user.passwordHash, proof.currentPassword))) throw wrongPassword();
      // An admin's password is no proof: a right one still needs the BankID sign-in.
      if (passwordAccount || fresh) return;
    } else if (fresh) {
      // An account without a password: nothing given can be right.
      throw wrongPassword();
    }
  } else {
    if (fresh) return;
    if (passwordAccount && !options.bankIdOnly) {
      const message = options.messages.currentPasswordRequired;
      throw new AppError('VALIDATION', { message, fieldErrors: { currentPassword: [message] } });
    }
  }
  const message = options.messages.bankIdReauthRequired;
  throw new AppError('REAUTHENTICATION_REQUIRED', { message, fieldErrors: { [field]: [message] } });
}

/** The owner's proof for an e-mail change (the BankID message on `email` unless `field`). */
export async function assertEmailChangeAllowed(
  user: UserRow,
  proof: EmailChangeProof,
  options: { bankIdOnly?: boolean; field?: string } = {},
): Promise<void> {
  await assertOwnerProof(user, proof, {
    ...options,
    field: options.field ?? 'email',
    messages: EMAIL_CHANGE_MESSAGES,
  });
}

/**
 * BankID values used by the relying party and the local test provider.
 * The acr values are the ones Swedish BankID brokers (Idura/Criipto and
 * others) use for the two ways of starting the BankID app.
 */
export { BANKID_ACR_QR, BANKID_ACR_SAME_DEVICE, BANKID_ACR_VALUES } from '@samtalsmatch/contracts';

/** Where the browser lands after the callback: /auth/callback/bankid (docs/rules/accounts.md#bankid). */
export const AFTER_AUTH_PATH = '/auth/callback/bankid';

/** A started sign-in is valid this long (the BankID app itself times out after a few minutes). */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60_000;

/** At most this many sign-ins in flight per browser session (several tabs). */
export const MAX_PENDING_SIGN_INS = 5;

/**
 * Why a sign-in failed, as sent to the after-authentication screen in
 * `?error=`; never anything personal.
 */
export const BankIdFailureReason = [
  'cancelled',
  // The browser sent no session cookie back: blocked cookies, or another address than PUBLIC_URL.
  'cookie',
  'expired',
  'invalid',
  'unavailable',
  'conflict',
  'failed',
] as const;
export type BankIdFailureReason = (typeof BankIdFailureReason)[number];

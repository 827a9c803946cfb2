import type { Database } from '@samtalsmatch/db';
import type { SsnCrypto } from '../../lib/crypto';
import { normalisePersonnummer } from '../../lib/personnummer';
import type { Logger } from '../../lib/logger';
import type { BankIdFailureReason } from './bankid.constants';
import {
  findByOidcIdentity,
  findBySsnHash,
  insertBankIdUser,
  linkIdentity,
  setSsnByEmailIfMissing,
  type BankIdUser,
} from './bankid.repository';
import type { TestIdentity } from './test-identities';

/** Where the sign-in started: 'Jag är terapeut' (provider) or the client card. */
import type { BankIdRole } from '@samtalsmatch/contracts';
export type { BankIdRole };

/** A failed sign-in; `reason` goes to the browser, `detail` to the log. Never personal data. */
export class BankIdFailure extends Error {
  constructor(
    readonly reason: BankIdFailureReason,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'BankIdFailure';
  }
}

/**
 * The method the broker says it used (`acr` of the ID token) must be the one
 * asked for (`acr_values`), when both are known: a broker that silently
 * falls back to another method is refused (decision 122). A token
 * without `acr`, or a sign-in that asked for none, is not checked here.
 */
export function assertAcrMatches(requested: string | undefined, received: unknown): void {
  if (!requested || received === undefined) return;
  if (received !== requested) {
    throw new BankIdFailure('invalid', 'the ID token acr is not the method asked for');
  }
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  /** Normalised 12 digits. */
  ssn: string;
  name: string | undefined;
}

/**
 * Reads the personnummer and the name from the verified claims (ID token,
 * else userinfo) under the configured claim names.
 */
export function identityFromClaims(
  claims: Record<string, unknown>,
  settings: { ssnClaim: string; nameClaim: string },
): { ssn: string; name: string | undefined } {
  const rawSsn = claims[settings.ssnClaim];
  if (typeof rawSsn !== 'string' || rawSsn.length === 0) {
    throw new BankIdFailure('invalid', `the ${settings.ssnClaim} claim is missing`);
  }
  const ssn = normalisePersonnummer(rawSsn);
  if (!ssn)
    throw new BankIdFailure(
      'invalid',
      `the ${settings.ssnClaim} claim is not a valid personnummer`,
    );

  let name: string | undefined;
  const rawName = claims[settings.nameClaim];
  if (typeof rawName === 'string' && rawName.trim()) name = rawName;
  else {
    const given = typeof claims.given_name === 'string' ? claims.given_name : '';
    const family = typeof claims.family_name === 'string' ? claims.family_name : '';
    if (`${given} ${family}`.trim()) name = `${given} ${family}`;
  }
  name = name?.trim().replace(/\s+/g, ' ').slice(0, 200);
  return { ssn, name: name || undefined };
}

export interface SignInOutcome {
  user: BankIdUser;
  created: boolean;
}

/**
 * Finds or creates the account of a verified BankID identity (docs/rules/accounts.md#bankid):
 * - the account is keyed by issuer + sub and by personnummer (keyed hash);
 * - a known personnummer signs in to its own account, whatever card was used;
 * - an unknown one becomes a PROVIDER at USER_CREATED from 'Jag är terapeut',
 *   or a CLIENT at PROFILE_COMPLETED from the client card (docs/rules/accounts.md#onboarding-steps).
 * Runs in one transaction; a concurrent first sign-in of the same person
 * ends on the account the other one created.
 */
export async function resolveAccount(
  db: Database,
  crypto: SsnCrypto,
  identity: VerifiedIdentity,
  role: BankIdRole,
): Promise<SignInOutcome> {
  const ssnHash = crypto.hash(identity.ssn);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const outcome = await db.transaction(async (tx) => {
      const byOidc = await findByOidcIdentity(tx, identity.issuer, identity.subject);
      const bySsn = await findBySsnHash(tx, ssnHash);
      if (byOidc && bySsn && byOidc.id !== bySsn.id) {
        throw new BankIdFailure('conflict', 'issuer+sub and personnummer belong to two accounts');
      }
      if (byOidc?.ssnHash && byOidc.ssnHash !== ssnHash) {
        throw new BankIdFailure('conflict', 'issuer+sub is linked to another personnummer');
      }
      const existing = bySsn ?? byOidc;
      if (existing) {
        const needsSsn = !existing.ssnHash;
        const needsOidc =
          existing.oidcIssuer !== identity.issuer || existing.oidcSubject !== identity.subject;
        if (needsSsn || needsOidc) {
          await linkIdentity(tx, existing.id, {
            issuer: identity.issuer,
            subject: identity.subject,
            ...(needsSsn
              ? { ssn: { encrypted: crypto.encrypt(identity.ssn), hash: ssnHash } }
              : {}),
          });
        }
        return { user: existing, created: false };
      }
      if (!identity.name) {
        throw new BankIdFailure('invalid', 'no name claim for a new account');
      }
      const user = await insertBankIdUser(tx, {
        type: role === 'client' ? 'CLIENT' : 'PROVIDER',
        onboardingStep: role === 'client' ? 'PROFILE_COMPLETED' : 'USER_CREATED',
        name: identity.name,
        ssnEncrypted: crypto.encrypt(identity.ssn),
        ssnHash,
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
      });
      return user ? { user, created: true } : undefined;
    });
    if (outcome) return outcome;
  }
  throw new BankIdFailure('failed', 'the account could not be created');
}

/**
 * Development only: gives the seeded demo providers their test personnummer,
 * so that signing in as one of them on the local test provider reaches the
 * seeded account. Idempotent; accounts that already have one are left alone.
 */
export async function linkDemoIdentities(
  db: Database,
  crypto: SsnCrypto,
  identities: readonly TestIdentity[],
  logger: Logger,
): Promise<number> {
  let linked = 0;
  for (const identity of identities) {
    if (!identity.email) continue;
    const ssn = normalisePersonnummer(identity.personnummer);
    if (!ssn) continue;
    const updated = await setSsnByEmailIfMissing(db, identity.email, {
      encrypted: crypto.encrypt(ssn),
      hash: crypto.hash(ssn),
    });
    if (updated) linked += 1;
  }
  if (linked) logger.info({ linked }, 'linked demo providers to their test personnummer');
  return linked;
}

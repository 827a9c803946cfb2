import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * Argon2id at OWASP's minimum (19 MiB memory, 2 iterations, 1 lane). The
 * seed reuses these so demo accounts hash exactly like real ones.
 */
export const ARGON2_PARAMS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The same password typed with composed or decomposed å/ä/ö hashes the same. */
function normalizePassword(password: string): string {
  return password.normalize('NFC');
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(normalizePassword(password), ARGON2_PARAMS);
}

/** False for a malformed hash instead of throwing. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, normalizePassword(password));
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker (older) parameters. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_PARAMS);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password, so that an unknown e-mail
 * costs the same argon2 work as a wrong password for a real account.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= argon2.hash(randomBytes(32).toString('base64url'), ARGON2_PARAMS);
  await verifyPassword(await dummyHash, password);
  return false;
}

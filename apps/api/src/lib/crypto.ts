import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Personnummer at rest: AES-256-GCM ciphertext (to show it to an admin) and
 * an HMAC-SHA256 keyed hash (to find an account by it without decrypting every
 * row). Both keys come from the environment; the hash key is separate, so a
 * leaked hash column cannot be brute-forced over the small personnummer space
 * without it.
 *
 * Ciphertext format: `v1.<iv>.<ciphertext>.<tag>`, each part base64url; the
 * version names the key and the algorithm so the key can be rotated later.
 */

const VERSION = 'v1';
const AAD = Buffer.from('samtalsmatch:ssn:v1');

/** A 32-byte key from 64 hex characters or base64/base64url of 32 bytes. */
export function parseKey(value: string, name: string): Buffer {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  throw new Error(`${name} must be 32 bytes: 64 hex characters or 44 base64 characters`);
}

export interface SsnCrypto {
  /** AES-256-GCM with a fresh 96-bit IV per value. */
  encrypt(ssn: string): string;
  /** Throws if the value was not produced with this key or was altered. */
  decrypt(stored: string): string;
  /** HMAC-SHA256 of the normalised 12-digit value, hex. Deterministic: used for lookup. */
  hash(ssn: string): string;
}

export function createSsnCrypto(keys: { encryptionKey: string; hashKey: string }): SsnCrypto {
  const encKey = parseKey(keys.encryptionKey, 'SSN_ENCRYPTION_KEY');
  const hashKey = parseKey(keys.hashKey, 'SSN_HASH_KEY');
  if (encKey.equals(hashKey)) throw new Error('SSN_ENCRYPTION_KEY and SSN_HASH_KEY must differ');

  return {
    encrypt(ssn) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      cipher.setAAD(AAD);
      const ciphertext = Buffer.concat([cipher.update(ssn, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, ciphertext, tag]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored) {
      const parts = stored.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) {
        throw new Error('unknown personnummer ciphertext format');
      }
      const [, iv, ciphertext, tag] = parts.map((p) => Buffer.from(p, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
        Buffer,
      ];
      if (iv.length !== 12 || tag.length !== 16) {
        throw new Error('unknown personnummer ciphertext format');
      }
      const decipher = createDecipheriv('aes-256-gcm', encKey, iv, { authTagLength: 16 });
      decipher.setAAD(AAD);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    },
    hash(ssn) {
      return createHmac('sha256', hashKey).update(`ssn:${ssn}`, 'utf8').digest('hex');
    },
  };
}

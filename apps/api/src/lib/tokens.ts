import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters, safe in a URL path segment. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this SHA-256 hash is stored; the token itself exists only in the e-mail. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Cheap shape check before touching the database: anything else is forged. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

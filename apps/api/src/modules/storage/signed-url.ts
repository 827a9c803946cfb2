import { createHmac, timingSafeEqual } from 'node:crypto';
import { IMAGE_URL_TTL_MS } from '@samtalsmatch/contracts';

/** The path images are served under (apps/api: /api + images.router). */
const IMAGE_PATH_PREFIX = '/api/images/';

function signature(secret: string, key: string, exp: number): string {
  return createHmac('sha256', secret).update(`image:${key}:${exp}`).digest('base64url');
}

/**
 * A signed, expiring URL of a stored image: `/api/images/{key}?exp=..&sig=..`.
 * `exp` (epoch seconds) is now + 15 minutes rounded DOWN to the minute, so
 * the same image gets the same URL for up to a minute (browsers can reuse
 * it) and no URL lives longer than 15 minutes. Other modules (matching,
 * admin) call this through `imageUrlSigner`.
 */
export function signImageUrl(secret: string, key: string, now: number = Date.now()): string {
  const exp = Math.floor((now + IMAGE_URL_TTL_MS) / 60_000) * 60;
  return `${IMAGE_PATH_PREFIX}${encodeURIComponent(key)}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

export type ImageUrlCheck = { ok: true; expiresAt: number } | { ok: false };

/** Checks `exp` and `sig` of a request for `key` (constant-time comparison). */
export function verifyImageUrl(
  secret: string,
  key: string,
  exp: unknown,
  sig: unknown,
  now: number = Date.now(),
): ImageUrlCheck {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) {
    return { ok: false };
  }
  const expiresAt = Number(exp) * 1000;
  const expected = Buffer.from(signature(secret, key, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
  if (expiresAt <= now) return { ok: false };
  return { ok: true, expiresAt };
}

/** Signs image keys with the configured secret; null stays null. */
export type ImageUrlSigner = (key: string | null | undefined) => string | null;

export function imageUrlSigner(config: { imageUrlSecret: string }): ImageUrlSigner {
  return (key) => (key ? signImageUrl(config.imageUrlSecret, key) : null);
}

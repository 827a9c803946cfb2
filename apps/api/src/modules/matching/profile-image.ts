import type { Config } from '../../config';

/**
 * THE one place a match gets its therapist's signed profile-image URL.
 * The image module (issue 10, apps/api/src/modules/profiles) builds signed
 * URLs; until it lands this answers null and the web shows its placeholder.
 * Replace the body with a call to that module's signer.
 */
export function signedProfileImageUrl(_config: Config, _imageKey: string | null): string | null {
  return null;
}

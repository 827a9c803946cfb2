import type { Config } from '../../config';
import { signImageUrl } from '../storage/signed-url';

/**
 * The one place a match gets its therapist's signed, expiring profile-image
 * URL: the storage module's signer (docs/rules/accounts.md#profile-image).
 * Called only for a therapist in good standing
 * (docs/rules/matching.md#a-therapist-a-client-may-see-or-book). `now` is
 * the clock it signs at (the same image gets the same URL for up to a minute).
 */
export function signedProfileImageUrl(
  config: Pick<Config, 'imageUrlSecret'>,
  imageKey: string | null,
  now: number = Date.now(),
): string | null {
  return imageKey ? signImageUrl(config.imageUrlSecret, imageKey, now) : null;
}

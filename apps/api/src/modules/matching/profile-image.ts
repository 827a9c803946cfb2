import type { Config } from '../../config';
import { imageUrlSigner } from '../storage/signed-url';

/**
 * The one place a match gets its therapist's signed, expiring profile-image
 * URL: the storage module's signer (issue 10).
 */
export function signedProfileImageUrl(config: Config, imageKey: string | null): string | null {
  return imageUrlSigner(config)(imageKey);
}

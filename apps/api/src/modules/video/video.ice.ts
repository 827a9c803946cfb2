import { createHmac } from 'node:crypto';
import type { IceServer } from '@samtalsmatch/contracts';

/**
 * The ICE servers of a room (docs/rules/video.md#ice-servers): TURN_URLS with
 * time-limited credentials in coturn's shared-secret scheme ("TURN REST
 * API", `use-auth-secret` + `static-auth-secret`): the username is
 * `expiry:userId` (expiry in Unix seconds), the password the base64
 * HMAC-SHA1 of the username under the secret. Valid until the room closes.
 * No URLs: no servers (local candidates serve). No secret: the URLs alone
 * (a STUN server needs none).
 */
export function iceServersFor(
  turn: { urls: readonly string[]; secret: string },
  userId: string,
  validUntil: Date,
): IceServer[] {
  if (turn.urls.length === 0) return [];
  if (!turn.secret) return [{ urls: [...turn.urls] }];
  const username = `${Math.floor(validUntil.getTime() / 1000)}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return [{ urls: [...turn.urls], username, credential }];
}

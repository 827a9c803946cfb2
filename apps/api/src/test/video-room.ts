import { createBooking, createClient, createMatch, createProvider, signInAs } from './factories';
import type { FactoryContext } from './factories';
import { TestClient } from './harness';
import { openSignalSocket } from './signal-socket';

/**
 * A video session that is on now (it started at the top of this hour, so
 * its room is open), the therapist signed in on `therapistUrl` and the
 * client on `clientUrl` (one API process each, or the same); the therapist's
 * signalling socket has joined the room and the client's waits, announced to
 * the therapist ('client-waiting'). What is left to a test: admitting, and
 * what crosses the room.
 */
export async function roomWithClientWaiting(
  ctx: FactoryContext,
  { therapistUrl, clientUrl, origin }: { therapistUrl: string; clientUrl: string; origin: string },
) {
  const client = await createClient(ctx);
  const provider = await createProvider(ctx);
  const match = await createMatch(ctx, { clientId: client.id, providerId: provider.id });
  const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const booking = await createBooking(ctx, match.id, {
    status: 'CONFIRMED',
    suggestedTimes: [start],
    confirmedTime: start,
    meetingFormat: 'VIDEO',
    holdSlots: false,
  });
  const providerHttp = new TestClient(therapistUrl);
  const clientHttp = new TestClient(clientUrl);
  await signInAs(ctx, providerHttp, provider);
  await signInAs(ctx, clientHttp, client);
  const therapist = await openSignalSocket(
    therapistUrl,
    booking.id,
    providerHttp.cookieHeader(),
    origin,
  );
  await therapist.next('joined');
  const waiting = await openSignalSocket(clientUrl, booking.id, clientHttp.cookieHeader(), origin);
  await waiting.next('waiting');
  await therapist.next('client-waiting');
  return { booking, clientHttp, therapist, waiting };
}

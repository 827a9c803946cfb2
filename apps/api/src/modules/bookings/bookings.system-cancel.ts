import { isBookingAhead } from '@samtalsmatch/contracts';
import type { Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { mailContext } from '../mail/context';
import { enqueueMail } from '../mail/outbox';
import { greetingName } from '../mail/templates';
import { cancelledBySystemMail, type SystemCancelReason } from './bookings.mails';
import {
  findParties,
  lockBookingsOfMatches,
  lockMatchesOfUser,
  lockSlotsOfBookings,
  releaseSlots,
  updateBooking,
} from './bookings.repository';
import { invite } from './transitions/mail';

export type { SystemCancelReason } from './bookings.mails';

/** One booking Samtalsmatch cancelled. */
export interface SystemCancelled {
  bookingId: string;
  matchId: string;
  /** The session's time, when it was confirmed (null: it was a request). */
  confirmedTime: Date | null;
}

/**
 * Cancels every booking of the user that still lies ahead (a request whose
 * last time has not come, a confirmed session not yet begun) as
 * `cancelledBy: 'SYSTEM'`, because the user can no longer take part: a
 * therapist no longer verified (`PROVIDER_PAUSED`), a client or therapist
 * whose account is erased (`ACCOUNT_CLOSED`). The user may be either party.
 *
 * It runs inside the caller's transaction, so the cancellations commit or
 * roll back with the caller's change. Locks in the order every booking
 * transition takes them: the user's matches (by id), their bookings, then
 * the slots by id. The slots become AVAILABLE again; each other party gets a
 * discreet mail (a confirmed session's carries the calendar CANCEL), queued
 * in the same transaction: call `notifyMailQueued()` after the commit.
 */
export async function cancelOpenBookingsOf(
  tx: Executor,
  deps: { config: Config; now: Date },
  userId: string,
  reason: SystemCancelReason,
): Promise<SystemCancelled[]> {
  const { config, now } = deps;
  const matches = await lockMatchesOfUser(tx, userId);
  const all = await lockBookingsOfMatches(
    tx,
    matches.map((m) => m.id),
  );
  const ahead = all.filter((b) => isBookingAhead(b, now));
  if (ahead.length === 0) return [];
  await lockSlotsOfBookings(
    tx,
    ahead.map((b) => b.id),
  );
  const ctx = mailContext(config);
  const cancelled: SystemCancelled[] = [];
  for (const booking of ahead) {
    const match = matches.find((m) => m.id === booking.matchId)!;
    const wasConfirmed = booking.status === 'CONFIRMED';
    await releaseSlots(tx, booking.id);
    const updated = await updateBooking(tx, booking.id, {
      status: 'CANCELLED',
      cancelledBy: 'SYSTEM',
      cancelledAt: now,
      // The CANCEL must outrank the REQUEST the client's calendar holds.
      icsSequence: wasConfirmed ? booking.icsSequence + 1 : booking.icsSequence,
    });
    cancelled.push({
      bookingId: booking.id,
      matchId: booking.matchId,
      confirmedTime: updated.confirmedTime,
    });
    const parties = await findParties(tx, match);
    const remainsClient = match.providerId === userId;
    const remaining = remainsClient ? parties.client : parties.provider;
    if (!remaining.email) continue;
    const name = remainsClient
      ? greetingName({ name: parties.client.name, emailVerifiedAt: parties.client.emailVerifiedAt })
      : parties.provider.name;
    const calendar = remainsClient && wasConfirmed ? invite(config, updated, 'CANCEL') : null;
    await enqueueMail(
      tx,
      cancelledBySystemMail(
        ctx,
        { name, email: remaining.email, role: remainsClient ? 'CLIENT' : 'PROVIDER' },
        reason,
        updated.confirmedTime,
        calendar,
      ),
    );
  }
  return cancelled;
}

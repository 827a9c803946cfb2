import { assertVerifiedProvider } from '../../../middleware/require-verified-provider';
import {
  canRebook,
  checkRebookTime,
  isOnTheHour,
  isOpenBooking,
  MSG,
  type Booking,
  type RebookInput,
} from '@samtalsmatch/contracts';
import { toBookingDto } from '../bookings.dto';
import { rebookedMail } from '../bookings.mails';
import {
  activateMatch,
  findParties,
  holdSlots,
  insertBookedSlot,
  insertBooking,
  lockBookingsOfMatch,
  lockSlotsAt,
} from '../bookings.repository';
import { expireMatchRequests } from '../bookings.expiry';
import { sessionFormatOrThrow } from './format';
import { lockOwnMatch } from './lock';
import { clientParty, invite, providerContact, queue } from './mail';
import { transition, type BookingDeps } from './transaction';
import type { UserRow } from '../../../lib/auth-session';
import { AppError } from '../../../lib/errors';
import { notifyMailQueued } from '../../../lib/mailer';
import { mailContext } from '../../mail/context';

/** POST /bookings/rebook: the provider books a new hour for a match whose bookings are all closed. */
export async function rebook(
  deps: BookingDeps,
  user: UserRow,
  input: RebookInput,
): Promise<Booking> {
  const now = deps.now();
  const time = new Date(input.confirmedTime);
  // The rebook checks, in order, before anything else (docs/rules/bookings.md#rebook).
  const failure = checkRebookTime(time, now);
  if (failure) throw new AppError(failure.code, { message: failure.message });
  if (!isOnTheHour(time)) {
    throw new AppError('VALIDATION', {
      message: MSG.bookingNotOnTheHour,
      fieldErrors: { confirmedTime: [MSG.bookingNotOnTheHour] },
    });
  }
  const ctx = mailContext(deps.config);
  const booking = await transition(deps.db, async (tx) => {
    const match = await lockOwnMatch(tx, input.matchId, user);
    // The verification again, in a statement after the match's lock: an
    // unverify that committed while this waited for the lock wins (decision 320).
    await assertVerifiedProvider(tx, match.providerId);
    await expireMatchRequests(tx, deps.config, now, match.id);
    const all = await lockBookingsOfMatch(tx, match.id);
    if (!canRebook(all)) {
      throw new AppError(all.some(isOpenBooking) ? 'BOOKING_ALREADY_OPEN' : 'STATE_CONFLICT');
    }
    const parties = await findParties(tx, match);
    // Left out, a therapist who offers both keeps the format of the match's last session.
    const offered = parties.provider.meetingFormat;
    const meetingFormat = sessionFormatOrThrow(
      offered,
      input.meetingFormat ?? (offered === 'BOTH' ? all.at(-1)?.meetingFormat : undefined),
    );
    const [slot] = await lockSlotsAt(tx, match.providerId, [time]);
    if (slot && slot.status !== 'AVAILABLE') throw new AppError('SLOT_TAKEN');
    const created = await insertBooking(tx, {
      matchId: match.id,
      status: 'CONFIRMED',
      meetingFormat,
      suggestedTimes: [time],
      confirmedTime: time,
      messageFromProvider: input.messageFromProvider || null,
    });
    if (slot) await holdSlots(tx, [slot.id], created.id, 'BOOKED');
    else await insertBookedSlot(tx, match.providerId, time, created.id);
    await activateMatch(tx, match.id);
    const contact = providerContact(parties.provider);
    const calendar = invite(deps.config, created, 'REQUEST');
    const client = clientParty(parties.client);
    if (client && contact && calendar) {
      await queue(tx, [
        rebookedMail(ctx, client, contact, time, created.messageFromProvider, calendar),
      ]);
    }
    return created;
  });
  notifyMailQueued();
  return toBookingDto(booking);
}

import {
  isRequestExpired,
  isSuggestedTime,
  MSG,
  type Booking,
  type ConfirmBookingInput,
} from '@samtalsmatch/contracts';
import { toBookingDto } from '../bookings.dto';
import { confirmedMail } from '../bookings.mails';
import {
  findParties,
  holdSlots,
  insertBookedSlot,
  lockSlotsOfBooking,
  releaseSlots,
  updateBooking,
} from '../bookings.repository';
import { lockOwnBooking } from './lock';
import { clientParty, invite, providerContact, queue } from './mail';
import { Expired, runExpiring, type BookingDeps } from './transaction';
import type { UserRow } from '../../../lib/auth-session';
import { AppError } from '../../../lib/errors';
import { notifyMailQueued } from '../../../lib/mailer';
import { mailContext } from '../../mail/context';

/** PATCH /bookings/confirm/:bookingId: the provider picks one suggested time. */
export async function confirmBooking(
  deps: BookingDeps,
  user: UserRow,
  bookingId: string,
  input: ConfirmBookingInput,
): Promise<Booking> {
  const now = deps.now();
  const ctx = mailContext(deps.config);
  const chosen = new Date(input.confirmedTime);
  const booking = await runExpiring(deps, async (tx) => {
    const { match, booking } = await lockOwnBooking(tx, bookingId, user);
    if (isRequestExpired(booking, now)) throw new Expired(match.id);
    if (booking.status !== 'PENDING_PROVIDER_CONFIRMATION') throw new AppError('STATE_CONFLICT');
    if (!isSuggestedTime(booking.suggestedTimes, chosen)) {
      throw new AppError('VALIDATION', {
        message: MSG.confirmTimeNotSuggested,
        fieldErrors: { confirmedTime: [MSG.confirmTimeNotSuggested] },
      });
    }
    if (chosen.getTime() <= now.getTime()) throw new AppError('BOOKING_TIME_PAST');
    const held = await lockSlotsOfBooking(tx, booking.id);
    const keep = held.find((s) => s.startTime.getTime() === chosen.getTime());
    await releaseSlots(tx, booking.id, keep?.id);
    if (keep) await holdSlots(tx, [keep.id], booking.id, 'BOOKED');
    else await insertBookedSlot(tx, match.providerId, chosen, booking.id);
    const updated = await updateBooking(tx, booking.id, {
      status: 'CONFIRMED',
      confirmedTime: chosen,
      messageFromProvider: input.messageFromProvider || null,
    });
    const parties = await findParties(tx, match);
    const contact = providerContact(parties.provider);
    const calendar = invite(deps.config, updated, 'REQUEST');
    const client = clientParty(parties.client);
    if (client && contact && calendar) {
      await queue(tx, [
        confirmedMail(ctx, client, contact, chosen, updated.messageFromProvider, calendar),
      ]);
    }
    return updated;
  });
  notifyMailQueued();
  return toBookingDto(booking);
}

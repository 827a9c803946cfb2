import {
  canClientCancel,
  canProviderCancel,
  isOpenBooking,
  isRequestExpired,
  MSG,
  type Booking,
} from '@samtalsmatch/contracts';
import { toBookingDto } from '../bookings.dto';
import {
  cancelledByClientMail,
  cancelledByProviderMail,
  clientCancelReceiptMail,
} from '../bookings.mails';
import {
  findParties,
  lockSlotsOfBooking,
  releaseSlots,
  updateBooking,
} from '../bookings.repository';
import { lockOwnBooking } from './lock';
import { clientParty, invite, providerShown, queue } from './mail';
import { Expired, runExpiring, type BookingDeps } from './transaction';
import type { UserRow } from '../../../lib/auth-session';
import { AppError } from '../../../lib/errors';
import { notifyMailQueued } from '../../../lib/mailer';
import { mailContext } from '../../mail/context';

/** PATCH /bookings/cancel/:id: the provider (pending, or confirmed before its time) or the client (policy). */
export async function cancelBooking(
  deps: BookingDeps,
  user: UserRow,
  bookingId: string,
): Promise<Booking> {
  const now = deps.now();
  const ctx = mailContext(deps.config);
  const booking = await runExpiring(deps, async (tx) => {
    const { match, booking } = await lockOwnBooking(tx, bookingId, user);
    if (isRequestExpired(booking, now)) throw new Expired(match.id);
    const parties = await findParties(tx, match);
    const byProvider = user.type === 'PROVIDER';
    if (byProvider) {
      if (!isOpenBooking(booking)) throw new AppError('STATE_CONFLICT');
      if (!canProviderCancel(booking, now)) {
        throw new AppError('CANCEL_NOT_ALLOWED', { message: MSG.providerCancelPast });
      }
    } else {
      if (booking.status !== 'CONFIRMED') throw new AppError('STATE_CONFLICT');
      if (!canClientCancel(booking, parties.provider.cancellationPolicy, now)) {
        throw new AppError('CANCEL_NOT_ALLOWED');
      }
    }
    const wasConfirmed = booking.status === 'CONFIRMED';
    await lockSlotsOfBooking(tx, booking.id);
    await releaseSlots(tx, booking.id);
    const updated = await updateBooking(tx, booking.id, {
      status: 'CANCELLED',
      cancelledBy: byProvider ? 'PROVIDER' : 'CLIENT',
      cancelledAt: now,
      // The CANCEL must outrank the REQUEST the client's calendar holds.
      icsSequence: wasConfirmed ? booking.icsSequence + 1 : booking.icsSequence,
    });
    const cancel = wasConfirmed ? invite(deps.config, updated, 'CANCEL') : null;
    const { provider } = parties;
    const client = clientParty(parties.client);
    const shown = providerShown(provider);
    if (byProvider) {
      await queue(tx, [
        client ? cancelledByProviderMail(ctx, client, shown, updated.confirmedTime, cancel) : null,
      ]);
    } else {
      await queue(tx, [
        provider.email
          ? cancelledByClientMail(
              ctx,
              { name: provider.name, email: provider.email },
              updated.confirmedTime!,
            )
          : null,
        client && cancel
          ? clientCancelReceiptMail(ctx, client, shown, updated.confirmedTime!, cancel)
          : null,
      ]);
    }
    return updated;
  });
  notifyMailQueued();
  return toBookingDto(booking);
}

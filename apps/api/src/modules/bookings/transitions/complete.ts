import { canComplete, type Booking } from '@samtalsmatch/contracts';
import { toBookingDto } from '../bookings.dto';
import { updateBooking } from '../bookings.repository';
import { lockOwnBooking } from './lock';
import { transition, type BookingDeps } from './transaction';
import type { UserRow } from '../../../lib/auth-session';
import { AppError } from '../../../lib/errors';

/** PATCH /bookings/complete/:id: the provider, once the confirmed time has come. */
export async function completeBooking(
  deps: BookingDeps,
  user: UserRow,
  bookingId: string,
): Promise<Booking> {
  const now = deps.now();
  const booking = await transition(deps.db, async (tx) => {
    const { booking } = await lockOwnBooking(tx, bookingId, user);
    if (booking.status !== 'CONFIRMED') throw new AppError('STATE_CONFLICT');
    if (!canComplete(booking, now)) throw new AppError('COMPLETE_TOO_EARLY');
    return updateBooking(tx, booking.id, { status: 'COMPLETED', completedAt: now });
  });
  return toBookingDto(booking);
}

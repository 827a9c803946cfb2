import {
  bookingHorizonEnd,
  canClientMove,
  checkTimeWithin,
  MSG,
  type Booking,
  type MoveBookingInput,
} from '@samtalsmatch/contracts';
import { assertVerifiedProvider } from '../../../middleware/require-verified-provider';
import { toBookingDto } from '../bookings.dto';
import { movedByClientMail, movedMail } from '../bookings.mails';
import {
  ensureSlotsAt,
  findParties,
  findSeries,
  holdSlots,
  lockSlotsForMove,
  releaseSlots,
  updateBooking,
} from '../bookings.repository';
import { lockOwnBooking } from './lock';
import { clientParty, invite, providerContact, queue } from './mail';
import { transition, type BookingDeps } from './transaction';
import type { UserRow } from '../../../lib/auth-session';
import { AppError } from '../../../lib/errors';
import { notifyMailQueued } from '../../../lib/mailer';
import { mailContext } from '../../mail/context';

/**
 * PATCH /bookings/move/:id (docs/rules/bookings.md#moving-a-session): a
 * CONFIRMED session still ahead moves to another hour, keeping its id and
 * calendar UID; its SEQUENCE grows and its 24-hour reminder is due again.
 * The therapist may pick any hour the rebook checks allow (their slot there
 * AVAILABLE or none); the client, while the cancellation policy still allows
 * a cancel, one of the therapist's AVAILABLE hours. A series session stays
 * within the series' six months and moves alone.
 */
export async function moveBooking(
  deps: BookingDeps,
  user: UserRow,
  bookingId: string,
  input: MoveBookingInput,
): Promise<Booking> {
  const now = deps.now();
  const time = new Date(input.time);
  const byClient = user.type === 'CLIENT';
  const ctx = mailContext(deps.config);
  const moved = await transition(deps.db, async (tx) => {
    const { match, booking, all } = await lockOwnBooking(tx, bookingId, user);
    if (!byClient) await assertVerifiedProvider(tx, match.providerId);
    const from = booking.confirmedTime;
    if (booking.status !== 'CONFIRMED' || !from || from.getTime() <= now.getTime()) {
      throw new AppError('STATE_CONFLICT');
    }
    const parties = await findParties(tx, match);
    if (byClient && !canClientMove(booking, parties.provider.cancellationPolicy, now)) {
      throw new AppError('MOVE_NOT_ALLOWED');
    }
    // Already there (a second click, or a request that lost to the same move): the state moved on.
    if (from.getTime() === time.getTime()) {
      throw new AppError('STATE_CONFLICT', { message: MSG.moveSameTime });
    }
    const series = booking.seriesId ? await findSeries(tx, booking.seriesId) : undefined;
    const failure = series
      ? checkTimeWithin(time, now, series.endsBefore)
      : checkTimeWithin(time, now, bookingHorizonEnd(now), MSG.bookingTooFar);
    if (failure) {
      throw new AppError(failure.code, {
        message: failure.message,
        fieldErrors: failure.code === 'VALIDATION' ? { time: [failure.message] } : undefined,
      });
    }
    if (
      all.some((b) => b.status === 'CONFIRMED' && b.confirmedTime?.getTime() === time.getTime())
    ) {
      throw new AppError('SLOT_TAKEN');
    }
    // The therapist may book an hour they have not published; the client only a published one.
    if (!byClient) await ensureSlotsAt(tx, match.providerId, [time]);
    const slots = await lockSlotsForMove(tx, booking.id, match.providerId, time);
    const target = slots.find((s) => s.startTime.getTime() === time.getTime());
    if (!target) throw new AppError('SLOT_TAKEN', { message: MSG.moveNotBookable });
    if (target.status !== 'AVAILABLE') throw new AppError('SLOT_TAKEN');
    await releaseSlots(tx, booking.id);
    await holdSlots(tx, [target.id], booking.id, 'BOOKED');
    const updated = await updateBooking(tx, booking.id, {
      confirmedTime: time,
      // A later message about the same UID must outrank the invite the calendar holds.
      icsSequence: booking.icsSequence + 1,
      reminderSentAt: null,
    });
    const contact = providerContact(parties.provider);
    const client = clientParty(parties.client);
    const calendar = invite(deps.config, updated, 'REQUEST');
    const { provider } = parties;
    await queue(tx, [
      client && contact && calendar
        ? movedMail(ctx, client, contact, from, calendar, byClient)
        : null,
      byClient && provider.email
        ? movedByClientMail(ctx, { name: provider.name, email: provider.email }, from, time)
        : null,
    ]);
    return { updated, interval: series?.interval ?? null };
  });
  notifyMailQueued();
  return toBookingDto({ ...moved.updated, seriesInterval: moved.interval });
}

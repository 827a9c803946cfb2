import {
  checkSuggestedTimes,
  isOpenBooking,
  isRequestExpired,
  requestDeadline,
  type Booking,
  type CreateBookingInput,
} from '@samtalsmatch/contracts';
import { toBookingDto } from '../bookings.dto';
import { newRequestMail } from '../bookings.mails';
import {
  findParties,
  insertRequest,
  lockBookingsOfMatch,
  lockSlotsAt,
} from '../bookings.repository';
import { expireMatchRequests } from '../bookings.expiry';
import { sessionFormatOrThrow } from './format';
import { lockOwnMatch } from './lock';
import { queue } from './mail';
import { transition, type BookingDeps } from './transaction';
import type { UserRow } from '../../../lib/auth-session';
import { AppError } from '../../../lib/errors';
import { notifyMailQueued } from '../../../lib/mailer';
import { mailContext } from '../../mail/context';

/** POST /bookings: a client's request with three suggested times. */
export async function requestBooking(
  deps: BookingDeps,
  user: UserRow,
  input: CreateBookingInput,
): Promise<Booking> {
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
  const now = deps.now();
  const failure = checkSuggestedTimes(input.suggestedTimes, now);
  if (failure) {
    throw new AppError(failure.code, {
      message: failure.message,
      fieldErrors:
        failure.code === 'VALIDATION' ? { suggestedTimes: [failure.message] } : undefined,
    });
  }
  const times = input.suggestedTimes.map((t) => new Date(t)).sort((a, b) => +a - +b);
  const deadline = requestDeadline(now, times);
  const ctx = mailContext(deps.config);
  const booking = await transition(deps.db, async (tx) => {
    const match = await lockOwnMatch(tx, input.matchId, user);
    // A therapist the client switched away from is booked again only after an undo.
    if (match.status === 'ENDED') throw new AppError('MATCH_NOT_ACTIVE');
    const parties = await findParties(tx, match);
    // docs/rules/matching.md#a-therapist-a-client-may-see-or-book
    if (!parties.provider.inStanding) throw new AppError('PROVIDER_NOT_FOUND');
    const meetingFormat = sessionFormatOrThrow(parties.provider.meetingFormat, input.meetingFormat);
    let all = await lockBookingsOfMatch(tx, match.id);
    if (all.some((b) => isRequestExpired(b, now))) {
      // Decision 170: a request whose deadline has passed is expired first.
      await expireMatchRequests(tx, deps.config, now, match.id);
      all = await lockBookingsOfMatch(tx, match.id);
    }
    if (all.some(isOpenBooking)) throw new AppError('BOOKING_ALREADY_OPEN');
    const slots = await lockSlotsAt(tx, match.providerId, times);
    if (slots.length !== times.length || slots.some((s) => s.status !== 'AVAILABLE')) {
      throw new AppError('SLOT_TAKEN');
    }
    // The booking, its slots held PENDING and a PENDING match made ACTIVE: one statement.
    const created = await insertRequest(tx, {
      matchId: match.id,
      meetingFormat,
      suggestedTimes: times,
      // docs/rules/bookings.md#a-request-is-answered-within-48-hours: the
      // reminder falls halfway between these two, so both come from one clock.
      createdAt: now,
      expiresAt: deadline,
      slotIds: slots.map((s) => s.id),
    });
    const { provider } = parties;
    await queue(tx, [
      provider.email
        ? newRequestMail(ctx, { name: provider.name, email: provider.email }, times, deadline)
        : null,
    ]);
    return created;
  });
  notifyMailQueued();
  return toBookingDto(booking);
}

import {
  checkSeriesTimes,
  MSG,
  seriesHorizonEnd,
  seriesTimes,
  type CreateSeriesInput,
  type SeriesCancelResponse,
  type SeriesResponse,
} from '@samtalsmatch/contracts';
import { assertVerifiedProvider } from '../../../middleware/require-verified-provider';
import { toBookingDto } from '../bookings.dto';
import { seriesBookedMail, seriesCancelledMail } from '../bookings.mails';
import {
  activateMatch,
  ensureSlotsAt,
  expireStaleRequests,
  findParties,
  findSeries,
  holdSlots,
  insertBooking,
  insertSeries,
  lockBookingsOfMatch,
  lockSlotsAt,
  lockSlotsOfBookings,
  releaseSlots,
  updateBooking,
  type BookingRow,
} from '../bookings.repository';
import { sessionFormatOrThrow } from './format';
import { lockOwnMatch } from './lock';
import { clientParty, invite, providerContact, providerShown, queue } from './mail';
import { transition, type BookingDeps } from './transaction';
import type { UserRow } from '../../../lib/auth-session';
import { AppError } from '../../../lib/errors';
import { notifyMailQueued } from '../../../lib/mailer';
import { mailContext } from '../../mail/context';

/*
 * A weekly or biweekly series, and cancelling the rest of one
 * (docs/rules/bookings.md#a-series-of-sessions). Locks in the order of every
 * transition: the match, its bookings, then the slots by id.
 */

/** POST /bookings/series: the match's therapist books 2-12 sessions at the same Stockholm hour. */
export async function createSeries(
  deps: BookingDeps,
  user: UserRow,
  input: CreateSeriesInput,
): Promise<SeriesResponse> {
  const now = deps.now();
  const times = seriesTimes(new Date(input.firstTime), input.interval, input.count);
  // The rebook checks in order for each time, and the series' six months
  // (docs/rules/bookings.md#a-series-of-sessions).
  const failure = checkSeriesTimes(times, now);
  if (failure) {
    throw new AppError(failure.code, {
      message: failure.message,
      fieldErrors: failure.code === 'VALIDATION' ? { firstTime: [failure.message] } : undefined,
    });
  }
  const ctx = mailContext(deps.config);
  const result = await transition(deps.db, async (tx) => {
    const match = await lockOwnMatch(tx, input.matchId, user);
    // After the match's lock: an unverify that committed meanwhile wins (decision 320).
    await assertVerifiedProvider(tx, match.providerId);
    await expireStaleRequests(tx, now, match.id);
    const all = await lockBookingsOfMatch(tx, match.id);
    if (all.some((b) => b.status === 'PENDING_PROVIDER_CONFIRMATION')) {
      throw new AppError('STATE_CONFLICT', { message: MSG.seriesPendingRequest });
    }
    if (
      match.status !== 'ACTIVE' ||
      !all.some((b) => b.status === 'CONFIRMED' || b.status === 'COMPLETED')
    ) {
      throw new AppError('STATE_CONFLICT', { message: MSG.seriesNeedsSession });
    }
    const parties = await findParties(tx, match);
    // As a rebook: the therapist's one format, or the choice, or the last session's.
    const offered = parties.provider.meetingFormat;
    const meetingFormat = sessionFormatOrThrow(
      offered,
      input.meetingFormat ?? (offered === 'BOTH' ? all.at(-1)?.meetingFormat : undefined),
    );
    await ensureSlotsAt(tx, match.providerId, times);
    const slots = await lockSlotsAt(tx, match.providerId, times);
    const slotAt = (t: Date) => slots.find((s) => s.startTime.getTime() === t.getTime());
    const ownAt = (t: Date) =>
      all.some((b) => b.status === 'CONFIRMED' && b.confirmedTime?.getTime() === t.getTime());
    const conflicts = times.filter((t) => ownAt(t) || slotAt(t)?.status !== 'AVAILABLE');
    const free = times.filter((t) => !conflicts.includes(t));
    if (free.length === 0 || (conflicts.length > 0 && !input.skipConflicts)) {
      throw new AppError('SERIES_CONFLICT', { conflicts: conflicts.map((t) => t.toISOString()) });
    }
    const series = await insertSeries(tx, {
      matchId: match.id,
      interval: input.interval,
      endsBefore: seriesHorizonEnd(now),
    });
    const created: BookingRow[] = [];
    for (const time of free) {
      const booking = await insertBooking(tx, {
        matchId: match.id,
        status: 'CONFIRMED',
        suggestedTimes: [time],
        confirmedTime: time,
        messageFromProvider: input.messageFromProvider || null,
        meetingFormat,
        seriesId: series.id,
      });
      await holdSlots(tx, [slotAt(time)!.id], booking.id, 'BOOKED');
      created.push(booking);
    }
    await activateMatch(tx, match.id);
    const contact = providerContact(parties.provider);
    const client = clientParty(parties.client);
    const timings = created.flatMap((b) => invite(deps.config, b, 'REQUEST') ?? []);
    if (client && contact) {
      await queue(tx, [
        seriesBookedMail(
          ctx,
          client,
          contact,
          input.interval,
          timings,
          input.messageFromProvider || null,
        ),
      ]);
    }
    return { series, created, skipped: conflicts };
  });
  notifyMailQueued();
  return {
    id: result.series.id,
    interval: result.series.interval,
    bookings: result.created.map((b) =>
      toBookingDto({ ...b, seriesInterval: result.series.interval }),
    ),
    ...(input.skipConflicts ? { skipped: result.skipped.map((t) => t.toISOString()) } : {}),
  };
}

/**
 * PATCH /bookings/series/:id/cancel: the therapist cancels every CONFIRMED
 * session of the series still ahead, in one transaction, with one mail to
 * the client carrying a CANCEL for each.
 */
export async function cancelSeries(
  deps: BookingDeps,
  user: UserRow,
  seriesId: string,
): Promise<SeriesCancelResponse> {
  const now = deps.now();
  const ctx = mailContext(deps.config);
  const cancelled = await transition(deps.db, async (tx) => {
    const series = await findSeries(tx, seriesId);
    if (!series) throw new AppError('NOT_FOUND');
    const match = await lockOwnMatch(tx, series.matchId, user);
    await assertVerifiedProvider(tx, match.providerId);
    const all = await lockBookingsOfMatch(tx, match.id);
    const ahead = all
      .filter(
        (b) =>
          b.seriesId === series.id &&
          b.status === 'CONFIRMED' &&
          b.confirmedTime !== null &&
          b.confirmedTime.getTime() > now.getTime(),
      )
      .sort((a, b) => a.confirmedTime!.getTime() - b.confirmedTime!.getTime());
    if (ahead.length === 0) {
      throw new AppError('STATE_CONFLICT', { message: MSG.seriesNothingAhead });
    }
    await lockSlotsOfBookings(
      tx,
      ahead.map((b) => b.id),
    );
    const updated: BookingRow[] = [];
    for (const booking of ahead) {
      await releaseSlots(tx, booking.id);
      updated.push(
        await updateBooking(tx, booking.id, {
          status: 'CANCELLED',
          cancelledBy: 'PROVIDER',
          cancelledAt: now,
          // The CANCEL must outrank the REQUEST the client's calendar holds.
          icsSequence: booking.icsSequence + 1,
        }),
      );
    }
    const parties = await findParties(tx, match);
    const client = clientParty(parties.client);
    const timings = updated.flatMap((b) => invite(deps.config, b, 'CANCEL') ?? []);
    if (client) {
      await queue(tx, [seriesCancelledMail(ctx, client, providerShown(parties.provider), timings)]);
    }
    return { updated, interval: series.interval };
  });
  notifyMailQueued();
  return {
    id: seriesId,
    cancelled: cancelled.updated.map((b) =>
      toBookingDto({ ...b, seriesInterval: cancelled.interval }),
    ),
  };
}

import {
  canClientCancel,
  canComplete,
  canProviderCancel,
  canRebook,
  checkRebookTime,
  checkSuggestedTimes,
  formatStockholmPlain,
  isOnTheHour,
  isOpenBooking,
  isRequestExpired,
  isSuggestedTime,
  MSG,
  SLOT_MINUTES,
  stockholmDateKey,
  type Booking,
  type ConfirmBookingInput,
  type CreateBookingInput,
  type RebookInput,
} from '@samtalsmatch/contracts';
import type { Database, Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../../lib/auth-session';
import { notifyMailQueued } from '../../lib/mailer';
import { isVerifiedProvider } from '../../middleware/require-verified-provider';
import { mailContext } from '../mail/context';
import { enqueueMail, type MailMessage } from '../mail/outbox';
import {
  cancelledByClientMail,
  cancelledByProviderMail,
  clientCancelReceiptMail,
  confirmedMail,
  newRequestMail,
  rebookedMail,
  type ClientParty,
  type InviteTiming,
  type ProviderContact,
} from './bookings.mails';
import {
  activateMatch,
  expireStaleRequests,
  findBookingMatchId,
  findParties,
  holdSlots,
  insertBookedSlot,
  insertBooking,
  lockBookingsOfMatch,
  lockMatch,
  lockSlotsAt,
  lockSlotsOfBooking,
  releaseSlots,
  updateBooking,
  type BookingRow,
  type MatchRow,
} from './bookings.repository';

export interface BookingDeps {
  db: Database;
  config: Config;
  /** The clock (tests move it). */
  now: () => Date;
}

/** The columns of a booking that SPEC §3 Booking shows (matches read only these). */
export type BookingDtoSource = Pick<
  BookingRow,
  | 'id'
  | 'matchId'
  | 'status'
  | 'confirmedTime'
  | 'suggestedTimes'
  | 'messageFromProvider'
  | 'cancelledBy'
  | 'cancelledAt'
  | 'completedAt'
  | 'expiresAt'
  | 'createdAt'
>;

/** A booking as the API answers it (contracts' bookingSchema), alone or in a match. */
export function toBookingDto(row: BookingDtoSource): Booking {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const confirmed = row.confirmedTime;
  return {
    id: row.id,
    matchId: row.matchId,
    status: row.status,
    confirmedTime: iso(confirmed),
    suggestedTimes: row.suggestedTimes.map((t) => t.toISOString()),
    date: confirmed ? stockholmDateKey(confirmed) : null,
    startTime: confirmed ? formatStockholmPlain(confirmed, 'HH:mm') : null,
    endTime: confirmed
      ? formatStockholmPlain(new Date(confirmed.getTime() + SLOT_MINUTES * 60_000), 'HH:mm')
      : null,
    messageFromProvider: row.messageFromProvider,
    cancelledBy: row.cancelledBy,
    cancelledAt: iso(row.cancelledAt),
    completedAt: iso(row.completedAt),
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Postgres codes that mean "someone else changed this first". */
function pgFailure(err: unknown): { code: string; constraint?: string } | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(23|40)/.test(code)) {
      return { code, constraint: (e as { constraint?: string }).constraint };
    }
  }
  return null;
}

/**
 * A lost race that the database catches (a unique or check violation, a
 * serialization failure, a deadlock) is a 409 with a Swedish message, never
 * a 500: the AppError for such a failure, else the error itself.
 */
function conflictError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const failure = pgFailure(err);
  if (!failure) return err;
  if (failure.constraint === 'bookings_one_open_per_match') {
    return new AppError('BOOKING_ALREADY_OPEN');
  }
  if (failure.constraint?.startsWith('availability_slots') || failure.code === '23503') {
    return new AppError('SLOT_TAKEN');
  }
  if (['40001', '40P01', '23505', '23514'].includes(failure.code)) {
    return new AppError('STATE_CONFLICT');
  }
  return err;
}

/** Runs one transition in one transaction (lost races: `conflictError`). */
async function transition<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    throw conflictError(err);
  }
}

function uidDomain(config: Config): string {
  try {
    return new URL(config.publicUrl).hostname || 'samtalsmatch.local';
  } catch {
    return 'samtalsmatch.local';
  }
}

export type Parties = Awaited<ReturnType<typeof findParties>>;

function providerContact(p: Parties['provider']): ProviderContact | null {
  if (!p.email) return null;
  const address = [p.street, [p.zip, p.city].filter(Boolean).join(' ')]
    .filter((s) => s && s.trim())
    .join(', ');
  return { name: p.name, email: p.email, phoneNumber: p.phoneNumber, address: address || null };
}

/** The therapist as the client's own mails may show them (an address-less one: no e-mail). */
function providerShown(p: Parties['provider']): ProviderContact {
  return providerContact(p) ?? { name: p.name, email: '', phoneNumber: null, address: null };
}

/** The client as a mail's recipient, with their discreet-mail choice; null without an address. */
function clientParty(c: Parties['client']): ClientParty | null {
  return c.email ? { name: c.name, email: c.email, discreetMail: c.discreetMail } : null;
}

/** The calendar identity of a confirmed booking's event (its words: bookings.mails). */
export function invite(
  config: Config,
  booking: BookingRow,
  method: 'REQUEST' | 'CANCEL',
): InviteTiming | null {
  if (!booking.confirmedTime) return null;
  return {
    bookingId: booking.id,
    method,
    sequence: booking.icsSequence,
    start: booking.confirmedTime,
    uidDomain: uidDomain(config),
  };
}

/** Whether the match has the user on the user's side. */
function isOwnMatch(match: { clientId: string; providerId: string }, user: UserRow): boolean {
  return (user.type === 'CLIENT' ? match.clientId : match.providerId) === user.id;
}

/** The match with the user on the given side, locked; 404 for anyone else. */
async function lockOwnMatch(tx: Executor, matchId: string, user: UserRow): Promise<MatchRow> {
  const match = await lockMatch(tx, matchId);
  if (!match || !isOwnMatch(match, user)) throw new AppError('NOT_FOUND');
  return match;
}

/** The booking, its match and all the match's bookings, locked in the fixed order. */
async function lockOwnBooking(tx: Executor, bookingId: string, user: UserRow) {
  const matchId = await findBookingMatchId(tx, bookingId);
  if (!matchId) throw new AppError('NOT_FOUND');
  const match = await lockOwnMatch(tx, matchId, user);
  const all = await lockBookingsOfMatch(tx, matchId);
  const booking = all.find((b) => b.id === bookingId);
  if (!booking) throw new AppError('NOT_FOUND');
  return { match, booking, all };
}

async function queue(tx: Executor, mails: (MailMessage | null)[]) {
  for (const mail of mails) if (mail?.to) await enqueueMail(tx, mail);
}

/**
 * A pending request whose last time has passed is expired (and committed)
 * before the caller is told 409 BOOKING_EXPIRED.
 */
class Expired extends Error {
  constructor(readonly matchId: string) {
    super('expired request');
  }
}

async function runExpiring<T>(deps: BookingDeps, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await transition(deps.db, work);
  } catch (err) {
    if (!(err instanceof Expired)) throw err;
    await expireStaleRequests(deps.db, deps.now(), err.matchId);
    throw new AppError('BOOKING_EXPIRED');
  }
}

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
  const ctx = mailContext(deps.config);
  const booking = await transition(deps.db, async (tx) => {
    const match = await lockOwnMatch(tx, input.matchId, user);
    const parties = await findParties(tx, match);
    if (!parties.provider.isVerified) throw new AppError('PROVIDER_NOT_FOUND');
    let all = await lockBookingsOfMatch(tx, match.id);
    if (all.some((b) => isRequestExpired(b, now))) {
      // Decision 170: a request whose last time has passed is expired first.
      await expireStaleRequests(tx, now, match.id);
      all = await lockBookingsOfMatch(tx, match.id);
    }
    if (all.some(isOpenBooking)) throw new AppError('BOOKING_ALREADY_OPEN');
    const slots = await lockSlotsAt(tx, match.providerId, times);
    if (slots.length !== times.length || slots.some((s) => s.status !== 'AVAILABLE')) {
      throw new AppError('SLOT_TAKEN');
    }
    const created = await insertBooking(tx, {
      matchId: match.id,
      status: 'PENDING_PROVIDER_CONFIRMATION',
      suggestedTimes: times,
      expiresAt: times[times.length - 1]!,
    });
    await holdSlots(
      tx,
      slots.map((s) => s.id),
      created.id,
      'PENDING',
    );
    if (match.status === 'PENDING') await activateMatch(tx, match.id);
    const { provider } = parties;
    await queue(tx, [
      provider.email
        ? newRequestMail(ctx, { name: provider.name, email: provider.email }, times)
        : null,
    ]);
    return created;
  });
  notifyMailQueued();
  return toBookingDto(booking);
}

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

/** POST /bookings/rebook: the provider books a new hour for a match whose bookings are all closed. */
export async function rebook(
  deps: BookingDeps,
  user: UserRow,
  input: RebookInput,
): Promise<Booking> {
  const now = deps.now();
  const time = new Date(input.confirmedTime);
  // SPEC §5's checks, in order, before anything else.
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
    if (!(await isVerifiedProvider(tx, match.providerId))) {
      throw new AppError('PROVIDER_NOT_VERIFIED');
    }
    await expireStaleRequests(tx, now, match.id);
    const all = await lockBookingsOfMatch(tx, match.id);
    if (!canRebook(all)) {
      throw new AppError(all.some(isOpenBooking) ? 'BOOKING_ALREADY_OPEN' : 'STATE_CONFLICT');
    }
    const [slot] = await lockSlotsAt(tx, match.providerId, [time]);
    if (slot && slot.status !== 'AVAILABLE') throw new AppError('SLOT_TAKEN');
    const created = await insertBooking(tx, {
      matchId: match.id,
      status: 'CONFIRMED',
      suggestedTimes: [time],
      confirmedTime: time,
      messageFromProvider: input.messageFromProvider || null,
    });
    if (slot) await holdSlots(tx, [slot.id], created.id, 'BOOKED');
    else await insertBookedSlot(tx, match.providerId, time, created.id);
    await activateMatch(tx, match.id);
    const parties = await findParties(tx, match);
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

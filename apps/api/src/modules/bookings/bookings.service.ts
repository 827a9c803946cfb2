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
import type pg from 'pg';
import type { Database, Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../../lib/auth-session';
import { notifyMailQueued } from '../../lib/mailer';
import { mailContext } from '../mail/context';
import { enqueueMail, type MailMessage } from '../mail/outbox';
import type { CalendarInvite } from './bookings.calendar';
import {
  cancelledByClientMail,
  cancelledByProviderMail,
  clientCancelReceiptMail,
  confirmedMail,
  newRequestMail,
  rebookedMail,
  type ProviderContact,
} from './bookings.mails';
import {
  activateMatch,
  createRequest,
  expireStaleRequests,
  expireStaleRequestsRaw,
  findBookingMatchId,
  findParties,
  holdSlots,
  insertBookedSlot,
  insertBooking,
  lockBookingsOfMatch,
  lockMatch,
  readRequestMatch,
  lockSlotsAt,
  lockSlotsOfBooking,
  releaseSlots,
  updateBooking,
  type BookingRow,
  type MatchRow,
} from './bookings.repository';

export interface BookingDeps {
  db: Database;
  /** The same database's pool, for the raw request path (decision 205). */
  pool: pg.Pool;
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

export function invite(
  config: Config,
  booking: BookingRow,
  parties: Parties,
  method: 'REQUEST' | 'CANCEL',
): CalendarInvite | null {
  if (!booking.confirmedTime || !parties.client.email) return null;
  const providerName = parties.provider.name;
  return {
    bookingId: booking.id,
    method,
    sequence: booking.icsSequence,
    start: booking.confirmedTime,
    summary: `Samtal med ${providerName} (Samtalsmatch)`,
    description: booking.messageFromProvider ?? `Session hos ${providerName} via Samtalsmatch.`,
    location: providerContact(parties.provider)?.address ?? null,
    organizer: {
      name: providerName,
      email: parties.provider.email ?? config.company.contactEmail,
    },
    attendee: { name: parties.client.name, email: parties.client.email },
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
  // Decisions 205 and 226: the match's people read (unlocked) for the mail,
  // then one statement that is the whole transaction and checks them again
  // under the match's lock (the same checks, in the same order).
  const prepare = async () => {
    const match = await readRequestMatch(deps.pool, input.matchId);
    if (!match || !isOwnMatch(match, user)) throw new AppError('NOT_FOUND');
    if (!match.providerVerified) throw new AppError('PROVIDER_NOT_FOUND');
    const mail = match.providerEmail
      ? newRequestMail(
          ctx,
          { name: match.providerName, email: match.providerEmail },
          match.clientName,
          times,
        )
      : null;
    return { match, clientId: user.id, times, now, mail };
  };
  let request = await prepare();
  let booking: BookingRow | undefined;
  let expired = false;
  for (let attempt = 1; booking === undefined; attempt++) {
    let result;
    try {
      result = await createRequest(deps.pool, request);
    } catch (err) {
      throw conflictError(err);
    }
    if (result.outcome === 'NOT_FOUND' || result.outcome === 'PROVIDER_NOT_FOUND') {
      throw new AppError(result.outcome);
    }
    if (result.outcome === 'CHANGED') {
      // A name or address changed between the read and the lock: the mail is rendered again.
      if (attempt >= 3) throw new AppError('STATE_CONFLICT');
      request = await prepare();
      continue;
    }
    if (result.stale > 0 && !expired) {
      // Rare: the match's last request has passed its last time. Expire it
      // (its own statement, as the other transitions do), then again.
      try {
        await expireStaleRequestsRaw(deps.pool, now, request.match.id);
      } catch (err) {
        throw conflictError(err);
      }
      expired = true;
      continue;
    }
    if (result.open > 0) throw new AppError('BOOKING_ALREADY_OPEN');
    if (!result.booking) throw new AppError('SLOT_TAKEN');
    booking = result.booking;
  }
  notifyMailQueued();
  return toBookingDto(booking!);
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
    const calendar = invite(deps.config, updated, parties, 'REQUEST');
    if (parties.client.email && contact && calendar) {
      await queue(tx, [
        confirmedMail(
          ctx,
          { name: parties.client.name, email: parties.client.email },
          contact,
          chosen,
          updated.messageFromProvider,
          calendar,
        ),
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
    const cancel = wasConfirmed ? invite(deps.config, updated, parties, 'CANCEL') : null;
    const { client, provider } = parties;
    const clientParty = client.email ? { name: client.name, email: client.email } : null;
    if (byProvider) {
      await queue(tx, [
        clientParty
          ? cancelledByProviderMail(ctx, clientParty, provider.name, updated.confirmedTime, cancel)
          : null,
      ]);
    } else {
      await queue(tx, [
        provider.email
          ? cancelledByClientMail(
              ctx,
              { name: provider.name, email: provider.email },
              client.name,
              updated.confirmedTime!,
            )
          : null,
        clientParty && cancel
          ? clientCancelReceiptMail(ctx, clientParty, provider.name, updated.confirmedTime!, cancel)
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
    const calendar = invite(deps.config, created, parties, 'REQUEST');
    if (parties.client.email && contact && calendar) {
      await queue(tx, [
        rebookedMail(
          ctx,
          { name: parties.client.name, email: parties.client.email },
          contact,
          time,
          created.messageFromProvider,
          calendar,
        ),
      ]);
    }
    return created;
  });
  notifyMailQueued();
  return toBookingDto(booking);
}

import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import { OPEN_BOOKING_STATUSES } from '@samtalsmatch/contracts';
import {
  availabilitySlots,
  bookings,
  matches,
  providerProfiles,
  users,
  type Executor,
} from '@samtalsmatch/db';

/*
 * Locking order, the same in every transition (so two never wait on each
 * other in a circle): the match, then its bookings, then slots by id (the
 * order the availability module's delete-many locks them in, too).
 */

export type BookingRow = typeof bookings.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
export type SlotRow = typeof availabilitySlots.$inferSelect;

/** The match, locked (FOR UPDATE). */
export async function lockMatch(db: Executor, matchId: string): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches).where(eq(matches.id, matchId)).for('update');
  return row;
}

/** Which match a booking belongs to (unlocked: a booking never changes match). */
export async function findBookingMatchId(
  db: Executor,
  bookingId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ matchId: bookings.matchId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.matchId;
}

/** Every booking of the match, locked, oldest first. */
export async function lockBookingsOfMatch(db: Executor, matchId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(eq(bookings.matchId, matchId))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .for('update');
}

/** The provider's slots starting at these instants, locked (by id). */
export async function lockSlotsAt(
  db: Executor,
  providerId: string,
  times: readonly Date[],
): Promise<SlotRow[]> {
  if (times.length === 0) return [];
  return db
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.providerId, providerId),
        inArray(availabilitySlots.startTime, [...times]),
      ),
    )
    .orderBy(asc(availabilitySlots.id))
    .for('update');
}

/** The slots a booking holds, locked (by id). */
export async function lockSlotsOfBooking(db: Executor, bookingId: string): Promise<SlotRow[]> {
  return db
    .select()
    .from(availabilitySlots)
    .where(eq(availabilitySlots.bookingId, bookingId))
    .orderBy(asc(availabilitySlots.id))
    .for('update');
}

/** Every match the user is a party of (as client or provider), locked, by id. */
export async function lockMatchesOfUser(db: Executor, userId: string): Promise<MatchRow[]> {
  return db
    .select()
    .from(matches)
    .where(or(eq(matches.clientId, userId), eq(matches.providerId, userId)))
    .orderBy(asc(matches.id))
    .for('update');
}

/** Every booking of these matches, locked, by match id and then oldest first. */
export async function lockBookingsOfMatches(
  db: Executor,
  matchIds: readonly string[],
): Promise<BookingRow[]> {
  if (matchIds.length === 0) return [];
  return db
    .select()
    .from(bookings)
    .where(inArray(bookings.matchId, [...matchIds]))
    .orderBy(asc(bookings.matchId), asc(bookings.createdAt), asc(bookings.id))
    .for('update');
}

/** The slots these bookings hold, locked (by id). */
export async function lockSlotsOfBookings(
  db: Executor,
  bookingIds: readonly string[],
): Promise<SlotRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(availabilitySlots)
    .where(inArray(availabilitySlots.bookingId, [...bookingIds]))
    .orderBy(asc(availabilitySlots.id))
    .for('update');
}

/** Slots the booking holds become AVAILABLE again (all, or all but `keepId`). */
export async function releaseSlots(db: Executor, bookingId: string, keepId?: string) {
  await db
    .update(availabilitySlots)
    .set({ status: 'AVAILABLE', bookingId: null })
    .where(
      and(
        eq(availabilitySlots.bookingId, bookingId),
        ...(keepId ? [sql`${availabilitySlots.id} <> ${keepId}`] : []),
      ),
    );
}

export async function holdSlots(
  db: Executor,
  slotIds: readonly string[],
  bookingId: string,
  status: 'PENDING' | 'BOOKED',
) {
  if (slotIds.length === 0) return;
  await db
    .update(availabilitySlots)
    .set({ status, bookingId })
    .where(inArray(availabilitySlots.id, [...slotIds]));
}

export async function insertBookedSlot(
  db: Executor,
  providerId: string,
  start: Date,
  bookingId: string,
) {
  await db.insert(availabilitySlots).values({
    providerId,
    startTime: start,
    endTime: new Date(start.getTime() + 3_600_000),
    status: 'BOOKED',
    bookingId,
  });
}

export async function insertBooking(db: Executor, values: typeof bookings.$inferInsert) {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

export async function updateBooking(
  db: Executor,
  bookingId: string,
  values: Partial<typeof bookings.$inferInsert>,
): Promise<BookingRow> {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, bookingId)).returning();
  return row!;
}

export async function activateMatch(db: Executor, matchId: string) {
  await db
    .update(matches)
    .set({ status: 'ACTIVE' })
    .where(and(eq(matches.id, matchId), eq(matches.status, 'PENDING')));
}

/** A template tag: drizzle's `sql`, or `pgQuery` for a raw pg client. */
type Tag<T> = (strings: TemplateStringsArray, ...values: unknown[]) => T;

/** A raw statement for pg: `${value}` becomes $1, $2, ... in order. */
export function pgQuery(strings: TemplateStringsArray, ...values: unknown[]) {
  const text = strings.slice(1).reduce((acc, part, i) => `${acc}$${i + 1}${part}`, strings[0]!);
  return { text, values };
}

/** Decision 170's expiry as one statement, for either kind of connection. */
function expireStaleStatement<T>(tag: Tag<T>, now: Date, matchId: string): T {
  const at = now.toISOString();
  return tag`
    with expired as (
      update bookings set status = 'EXPIRED', updated_at = now()
      where status = 'PENDING_PROVIDER_CONFIRMATION' and expires_at <= ${at}::timestamptz
        and match_id = ${matchId}::uuid
      returning id
    ), released as (
      update availability_slots set status = 'AVAILABLE', booking_id = null, updated_at = now()
      where booking_id in (select id from expired)
    )
    select id from expired
  `;
}

/**
 * Decision 170: a match's pending requests whose last suggested time has come
 * become EXPIRED and give their slots back. It runs on its own, after or
 * between a transition's statements, holding no lock of it (it locks the stale
 * booking, then its slots; it waits for a request another transaction holds);
 * the background round uses expireAllStaleRequests. Returns the expired ids.
 */
export async function expireStaleRequests(
  db: Executor,
  now: Date,
  matchId: string,
): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(expireStaleStatement(sql, now, matchId));
  return rows.rows.map((r) => r.id);
}

/**
 * The background sweep's expiry (decision 170) for every match at once. It
 * takes the stale requests in id order and skips any another transaction
 * holds (a transition on that match, or the same sweep on another API
 * process): two processes never wait on each other in opposite orders (a
 * deadlock), and a skipped request is that transition's to settle or the next
 * round's. Returns the expired bookings' ids.
 */
export async function expireAllStaleRequests(db: Executor, now: Date): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    with stale as (
      select id from bookings
      where status = 'PENDING_PROVIDER_CONFIRMATION' and expires_at <= ${now.toISOString()}::timestamptz
      order by id
      for update skip locked
    ), expired as (
      update bookings b set status = 'EXPIRED', updated_at = now()
      from stale where b.id = stale.id
      returning b.id
    ), released as (
      update availability_slots set status = 'AVAILABLE', booking_id = null, updated_at = now()
      where booking_id in (select id from expired)
    )
    select id from expired
  `);
  return rows.rows.map((r) => r.id);
}

/** The same expiry on a raw pg connection (the request path of decision 205). */
export async function expireStaleRequestsRaw(
  client: Queryable,
  now: Date,
  matchId: string,
): Promise<string[]> {
  const { text, values } = expireStaleStatement(pgQuery, now, matchId);
  const rows = await client.query<{ id: string }>(text, values);
  return rows.rows.map((r) => r.id);
}

/** The people of a match: the client and the provider with profile and contact details. */
export async function findParties(db: Executor, match: MatchRow) {
  const [client] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, match.clientId));
  const [provider] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      street: users.street,
      zip: users.zip,
      city: users.city,
      isVerified: providerProfiles.isVerified,
      cancellationPolicy: providerProfiles.cancellationPolicy,
    })
    .from(users)
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(eq(users.id, match.providerId));
  return { client: client!, provider: provider! };
}

/*
 * The request path (POST /bookings, decisions 205 and 226) on raw pg: an
 * unlocked read of the match's people (to render the mail), then one call of
 * the database function `request_booking` (migration 0010), which is the
 * whole transaction: the match FOR UPDATE and the checks again under the
 * lock, then its bookings, then slots by id (the order of every transition),
 * and booking, slots, match and mail written together or not at all. Both are
 * prepared once per connection under a name; there is no BEGIN or COMMIT to
 * send. Drizzle's query building and row mapping cost more than the
 * statements on this path, and every round trip is a write and a wake-up on
 * both sides. The database constraints still hold the rest.
 */

/** A pg client or pool (what raw statements run on). */
export type Queryable = Pick<pg.Pool, 'query'>;

export interface RequestMatch {
  id: string;
  clientId: string;
  providerId: string;
  clientName: string;
  providerName: string;
  providerEmail: string | null;
  providerVerified: boolean;
}

const READ_REQUEST_MATCH = {
  name: 'bookings_request_match',
  text: `
    select m.id, m.client_id, m.provider_id, c.name as client_name,
           p.name as provider_name, p.email as provider_email,
           coalesce(pp.is_verified, false) as provider_verified
    from matches m
    join users c on c.id = m.client_id
    join users p on p.id = m.provider_id
    left join provider_profiles pp on pp.user_id = m.provider_id
    where m.id = $1::uuid`,
};

/**
 * The match with its client's name and its provider's name, e-mail and
 * standing; not locked (`createRequest` locks it and checks all of this again).
 */
export async function readRequestMatch(
  db: Queryable,
  matchId: string,
): Promise<RequestMatch | undefined> {
  const { rows } = await db.query<{
    id: string;
    client_id: string;
    provider_id: string;
    client_name: string;
    provider_name: string;
    provider_email: string | null;
    provider_verified: boolean;
  }>({ ...READ_REQUEST_MATCH, values: [matchId] });
  const r = rows[0];
  return (
    r && {
      id: r.id,
      clientId: r.client_id,
      providerId: r.provider_id,
      clientName: r.client_name,
      providerName: r.provider_name,
      providerEmail: r.provider_email,
      providerVerified: r.provider_verified,
    }
  );
}

const CREATE_REQUEST = {
  name: 'bookings_create_request',
  text: `
    select * from request_booking(
      $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::text, $7::timestamptz[],
      $8::timestamptz, $9::booking_status[], $10::timestamptz,
      $11::text, $12::text, $13::text, $14::text, $15::jsonb)`,
};

interface BookingColumns {
  id: string;
  match_id: string;
  status: BookingRow['status'];
  suggested_times: Date[];
  confirmed_time: Date | null;
  message_from_provider: string | null;
  cancelled_by: BookingRow['cancelledBy'];
  cancelled_at: Date | null;
  completed_at: Date | null;
  expires_at: Date | null;
  ics_sequence: number;
  reminder_sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function bookingFromColumns(r: BookingColumns): BookingRow {
  return {
    id: r.id,
    matchId: r.match_id,
    status: r.status,
    suggestedTimes: r.suggested_times,
    confirmedTime: r.confirmed_time,
    messageFromProvider: r.message_from_provider,
    cancelledBy: r.cancelled_by,
    cancelledAt: r.cancelled_at,
    completedAt: r.completed_at,
    expiresAt: r.expires_at,
    icsSequence: r.ics_sequence,
    reminderSentAt: r.reminder_sent_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export interface CreateRequestInput {
  /** The match as `readRequestMatch` read it (what the mail was rendered from). */
  match: RequestMatch;
  /** The client asking (the match must be theirs). */
  clientId: string;
  /** The suggested times, sorted. */
  times: readonly Date[];
  now: Date;
  mail: { to: string; subject: string; text: string; html: string; attachments?: unknown[] } | null;
}

export type CreateRequestResult =
  /** Not the client's match (or no such match). */
  | { outcome: 'NOT_FOUND' }
  /** The therapist is not verified. */
  | { outcome: 'PROVIDER_NOT_FOUND' }
  /** The match's people are no longer what the mail was rendered from: read and render again. */
  | { outcome: 'CHANGED' }
  | {
      outcome: 'CHECKED';
      /** Open bookings of the match (stale ones included). */
      open: number;
      /** Pending bookings whose last time has come (decision 170). */
      stale: number;
      /** The new request; undefined when a booking is open or a slot is not free. */
      booking: BookingRow | undefined;
    };

/** One call of `request_booking`: the request's whole transaction (see above). */
export async function createRequest(
  db: Queryable,
  input: CreateRequestInput,
): Promise<CreateRequestResult> {
  const { match, mail } = input;
  const { rows } = await db.query<
    BookingColumns & {
      outcome: CreateRequestResult['outcome'];
      open_count: number | null;
      stale_count: number | null;
    }
  >({
    ...CREATE_REQUEST,
    values: [
      match.id,
      input.clientId,
      match.providerId,
      match.clientName,
      match.providerName,
      match.providerEmail,
      input.times,
      input.times[input.times.length - 1],
      OPEN_BOOKING_STATUSES,
      input.now,
      mail?.to ?? null,
      mail?.subject ?? null,
      mail?.text ?? null,
      mail?.html ?? null,
      JSON.stringify(mail?.attachments ?? []),
    ],
  });
  const row = rows[0]!;
  if (row.outcome !== 'CHECKED') return { outcome: row.outcome };
  return {
    outcome: 'CHECKED',
    open: row.open_count!,
    stale: row.stale_count!,
    booking: row.id ? bookingFromColumns(row) : undefined,
  };
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
 * become EXPIRED and give their slots back (inside a transition that holds the
 * match's lock; it waits for a request another transaction holds; the
 * background round uses expireAllStaleRequests). Returns the expired ids.
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
 * The request path (POST /bookings, decision 205) on a raw pg connection:
 * BEGIN, two statements prepared once per connection under a name, COMMIT.
 * Drizzle's query building and row mapping cost more than the statements
 * on this path, and every round trip is a write and a wake-up on both sides.
 * The locks and their order are those of every transition (match, then its
 * bookings, then slots by id); the database constraints still hold the rest.
 */

/** A pg client or pool (what raw statements run on). */
export type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * One transaction on a connection of its own from the pool: BEGIN, `work`,
 * COMMIT; ROLLBACK when anything throws (the error is passed on as it is).
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    try {
      await client.query('rollback');
    } catch (rollbackError) {
      // A connection that cannot even roll back is not given to anyone else.
      broken = rollbackError as Error;
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

export interface RequestMatch {
  id: string;
  clientId: string;
  providerId: string;
  clientName: string;
  providerName: string;
  providerEmail: string | null;
  providerVerified: boolean;
}

const LOCK_REQUEST_MATCH = {
  name: 'bookings_request_match',
  text: `
    select m.id, m.client_id, m.provider_id, c.name as client_name,
           p.name as provider_name, p.email as provider_email,
           coalesce(pp.is_verified, false) as provider_verified
    from matches m
    join users c on c.id = m.client_id
    join users p on p.id = m.provider_id
    left join provider_profiles pp on pp.user_id = m.provider_id
    where m.id = $1::uuid
    for update of m`,
};

/** The match, locked (FOR UPDATE), with its client's name and its provider's name, e-mail and standing. */
export async function lockRequestMatch(
  client: Queryable,
  matchId: string,
): Promise<RequestMatch | undefined> {
  const { rows } = await client.query<{
    id: string;
    client_id: string;
    provider_id: string;
    client_name: string;
    provider_name: string;
    provider_email: string | null;
    provider_verified: boolean;
  }>({ ...LOCK_REQUEST_MATCH, values: [matchId] });
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

/*
 * Locks the match's bookings (all of them, as every transition does), then,
 * only when none is open, the provider's slots at the times (by id); when
 * all of those are AVAILABLE it inserts the request, holds the slots for it,
 * makes a PENDING match ACTIVE and queues the mail ($7 null: no mail), all in
 * one statement. The slots' lock waits for `blocked`, which has read and
 * locked every booking first. Answers how many bookings are open and how
 * many of those are stale (decision 170: expire them, then run it again),
 * and the new booking's row when there is one (else: a slot was not free).
 */
const CREATE_REQUEST = {
  name: 'bookings_create_request',
  text: `
    with blocked as materialized (
      select count(*) filter (where status = any($5::booking_status[])) as open,
             count(*) filter (where status = 'PENDING_PROVIDER_CONFIRMATION'
                                and expires_at <= $6::timestamptz) as stale
      from (select status, expires_at from bookings where match_id = $1::uuid order by id for update) b
    ), slots as materialized (
      select id, status from availability_slots
      where provider_id = $2::uuid and start_time = any($3::timestamptz[])
        and (select open from blocked) = 0
      order by id
      for update
    ), created as (
      insert into bookings (match_id, status, suggested_times, expires_at)
      select $1::uuid, 'PENDING_PROVIDER_CONFIRMATION', $3::timestamptz[], $4::timestamptz
      where (select open from blocked) = 0
        and (select count(*) from slots where status = 'AVAILABLE') = cardinality($3::timestamptz[])
      returning *
    ), held as (
      update availability_slots a set status = 'PENDING', booking_id = created.id, updated_at = now()
      from created
      where a.id in (select id from slots)
    ), activated as (
      update matches m set status = 'ACTIVE', updated_at = now()
      from created
      where m.id = $1::uuid and m.status = 'PENDING'
    ), mailed as (
      insert into mail_outbox (to_address, subject, text, html, attachments)
      select $7::text, $8::text, $9::text, $10::text, $11::jsonb
      from created
      where $7::text is not null
    )
    select blocked.open, blocked.stale, created.*
    from blocked left join created on true`,
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
  matchId: string;
  providerId: string;
  /** The suggested times, sorted. */
  times: readonly Date[];
  now: Date;
  mail: { to: string; subject: string; text: string; html: string; attachments?: unknown[] } | null;
}

export interface CreateRequestResult {
  /** Open bookings of the match (stale ones included). */
  open: number;
  /** Pending bookings whose last time has come (decision 170). */
  stale: number;
  /** The new request; undefined when a booking is open or a slot is not free. */
  booking: BookingRow | undefined;
}

export async function createRequest(
  client: Queryable,
  input: CreateRequestInput,
): Promise<CreateRequestResult> {
  const { mail } = input;
  const { rows } = await client.query<BookingColumns & { open: number; stale: number }>({
    ...CREATE_REQUEST,
    values: [
      input.matchId,
      input.providerId,
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
  return {
    open: row.open,
    stale: row.stale,
    booking: row.id ? bookingFromColumns(row) : undefined,
  };
}

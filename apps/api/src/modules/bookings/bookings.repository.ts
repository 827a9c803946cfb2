import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  availabilitySlots,
  bookingSeries,
  bookings,
  matches,
  preparedStatement,
  providerProfiles,
  therapistInStanding,
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
export type SeriesRow = typeof bookingSeries.$inferSelect;

/*
 * The statements of a booking transition that have a fixed shape are
 * prepared (decision 441): built once per process, parsed and planned once
 * per connection, and run on the transaction's connection (`tx`), which
 * holds their locks. A list of values is one array parameter, not one
 * parameter per value, so that the text stays the same.
 */

const lockMatchStatement = preparedStatement((db) =>
  db
    .select()
    .from(matches)
    .where(eq(matches.id, sql.placeholder('matchId')))
    .for('update')
    .prepare('lock_match'),
);

/** The match, locked (FOR UPDATE). */
export async function lockMatch(db: Executor, matchId: string): Promise<MatchRow | undefined> {
  const [row] = await lockMatchStatement(db).execute({ matchId });
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

const lockBookingsOfMatchStatement = preparedStatement((db) =>
  db
    .select()
    .from(bookings)
    .where(eq(bookings.matchId, sql.placeholder('matchId')))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .for('update')
    .prepare('lock_bookings_of_match'),
);

/** Every booking of the match, locked, oldest first. */
export async function lockBookingsOfMatch(db: Executor, matchId: string): Promise<BookingRow[]> {
  return lockBookingsOfMatchStatement(db).execute({ matchId });
}

const lockSlotsAtStatement = preparedStatement((db) =>
  db
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.providerId, sql.placeholder('providerId')),
        eq(availabilitySlots.startTime, sql`any(${sql.placeholder('times')}::timestamptz[])`),
      ),
    )
    .orderBy(asc(availabilitySlots.id))
    .for('update')
    .prepare('lock_slots_at'),
);

/** The provider's slots starting at these instants, locked (by id). */
export async function lockSlotsAt(
  db: Executor,
  providerId: string,
  times: readonly Date[],
): Promise<SlotRow[]> {
  if (times.length === 0) return [];
  return lockSlotsAtStatement(db).execute({
    providerId,
    times: times.map((t) => t.toISOString()),
  });
}

/**
 * Makes sure the provider has a slot at each of these instants (a missing
 * one is added AVAILABLE, in time order; one that exists, or that another
 * transaction is adding, is left alone: the insert waits for that one to
 * end). Run before `lockSlotsAt`, so a free hour is a row to lock and two
 * transactions that want it queue on it instead of both inserting it.
 */
export async function ensureSlotsAt(db: Executor, providerId: string, times: readonly Date[]) {
  if (times.length === 0) return;
  const sorted = [...times].sort((a, b) => a.getTime() - b.getTime());
  await db
    .insert(availabilitySlots)
    .values(
      sorted.map((t) => ({
        providerId,
        startTime: t,
        endTime: new Date(t.getTime() + 3_600_000),
      })),
    )
    .onConflictDoNothing({ target: [availabilitySlots.providerId, availabilitySlots.startTime] });
}

/**
 * For a move: the slots the booking holds and the provider's slot at the new
 * hour, locked together by id (the one order every transition takes slots in).
 */
export async function lockSlotsForMove(
  db: Executor,
  bookingId: string,
  providerId: string,
  time: Date,
): Promise<SlotRow[]> {
  return db
    .select()
    .from(availabilitySlots)
    .where(
      or(
        eq(availabilitySlots.bookingId, bookingId),
        and(eq(availabilitySlots.providerId, providerId), eq(availabilitySlots.startTime, time)),
      ),
    )
    .orderBy(asc(availabilitySlots.id))
    .for('update');
}

/** A series' row (unlocked: the match's lock guards it). */
export async function findSeries(db: Executor, seriesId: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId));
  return row;
}

export async function insertSeries(db: Executor, values: typeof bookingSeries.$inferInsert) {
  const [row] = await db.insert(bookingSeries).values(values).returning();
  return row!;
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

/** An expired request, with what its client's mail needs (null e-mail: an erased account). */
export type ExpiredRequest = {
  id: string;
  matchId: string;
  expiresAt: Date;
  clientName: string;
  clientEmail: string | null;
  clientDiscreetMail: boolean;
};

const expiredRequestColumns = sql`
  select expired.id, expired.match_id as "matchId", expired.expires_at as "expiresAt",
    c.name as "clientName", c.email as "clientEmail", c.discreet_mail as "clientDiscreetMail"
  from expired
  join matches m on m.id = expired.match_id
  join users c on c.id = m.client_id
`;

function toExpiredRequests(rows: ExpiredRequest[]): ExpiredRequest[] {
  return rows.map((r) => ({ ...r, expiresAt: new Date(r.expiresAt) }));
}

/**
 * Decision 170: a match's pending requests whose deadline has come become
 * EXPIRED and give their slots back (it locks the stale bookings, then
 * their slots). A request and a rebook run it in their transaction once the
 * match is locked; confirm and cancel run it on its own after their
 * transaction rolled back (`runExpiring`); the background round uses
 * expireAllStaleRequests. The caller queues the client's mail in the same
 * transaction (bookings.expiry.ts): the status change is what claims it.
 */
export async function expireStaleRequests(
  db: Executor,
  now: Date,
  matchId: string,
): Promise<ExpiredRequest[]> {
  const rows = await db.execute<ExpiredRequest>(sql`
    with expired as (
      update bookings set status = 'EXPIRED', updated_at = now()
      where status = 'PENDING_PROVIDER_CONFIRMATION' and expires_at <= ${now.toISOString()}::timestamptz
        and match_id = ${matchId}::uuid
      returning id, match_id, expires_at
    ), released as (
      update availability_slots set status = 'AVAILABLE', booking_id = null, updated_at = now()
      where booking_id in (select id from expired)
    )
    ${expiredRequestColumns}
  `);
  return toExpiredRequests(rows.rows);
}

/**
 * The background sweep's expiry (decision 170) for every match at once. It
 * takes the stale requests in id order and skips any another transaction
 * holds (a transition on that match, or the same sweep on another API
 * process): two processes never wait on each other in opposite orders (a
 * deadlock), and a skipped request is that transition's to settle or the next
 * round's. Returns the expired requests.
 */
export async function expireAllStaleRequests(db: Executor, now: Date): Promise<ExpiredRequest[]> {
  const rows = await db.execute<ExpiredRequest>(sql`
    with stale as (
      select id from bookings
      where status = 'PENDING_PROVIDER_CONFIRMATION' and expires_at <= ${now.toISOString()}::timestamptz
      order by id
      for update skip locked
    ), expired as (
      update bookings b set status = 'EXPIRED', updated_at = now()
      from stale where b.id = stale.id
      returning b.id, b.match_id, b.expires_at
    ), released as (
      update availability_slots set status = 'AVAILABLE', booking_id = null, updated_at = now()
      where booking_id in (select id from expired)
    )
    ${expiredRequestColumns}
  `);
  return toExpiredRequests(rows.rows);
}

/** The match's two users, as the statements below name them. */
const clientUser = alias(users, 'client');
const providerUser = alias(users, 'provider');

/** What a transition reads of the client (a mail's recipient). */
function clientColumns() {
  const u = clientUser;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerifiedAt: u.emailVerifiedAt,
    discreetMail: u.discreetMail,
  };
}

/** What a transition reads of the therapist: contact, profile and standing. */
function providerColumns(providerId: SQL) {
  const u = providerUser;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phoneNumber: u.phoneNumber,
    street: u.street,
    zip: u.zip,
    city: u.city,
    inStanding: sql<boolean>`${therapistInStanding(providerId)}`,
    meetingFormat: providerProfiles.meetingFormat,
    cancellationPolicy: providerProfiles.cancellationPolicy,
  };
}

const partiesStatement = preparedStatement((db) =>
  db
    .select({ client: clientColumns(), provider: providerColumns(sql`${providerUser.id}`) })
    .from(clientUser)
    .innerJoin(providerUser, eq(providerUser.id, sql.placeholder('providerId')))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, providerUser.id))
    .where(eq(clientUser.id, sql.placeholder('clientId')))
    .prepare('parties_of_match'),
);

/**
 * The people of a match: the client and the provider with profile and
 * contact details, in one statement. Read after the match is locked, in a
 * statement of its own: a statement that waited for the match's lock would
 * still see the rows of other tables as they were when it began (a
 * therapist's standing taken away meanwhile, say).
 */
export async function findParties(db: Executor, match: MatchRow) {
  const [row] = await partiesStatement(db).execute({
    clientId: match.clientId,
    providerId: match.providerId,
  });
  return row!;
}

const insertRequestStatement = preparedStatement((db) => {
  const held = db.$with('held').as(
    db
      .update(availabilitySlots)
      .set({ status: 'PENDING', bookingId: sql`${sql.placeholder('id')}::uuid` })
      .where(eq(availabilitySlots.id, sql`any(${sql.placeholder('slotIds')}::uuid[])`)),
  );
  const activated = db.$with('activated').as(
    db
      .update(matches)
      .set({ status: 'ACTIVE' })
      .where(and(eq(matches.id, sql.placeholder('matchId')), eq(matches.status, 'PENDING'))),
  );
  return db
    .with(held, activated)
    .insert(bookings)
    .values({
      id: sql.placeholder('id'),
      matchId: sql.placeholder('matchId'),
      status: 'PENDING_PROVIDER_CONFIRMATION',
      meetingFormat: sql.placeholder('meetingFormat'),
      suggestedTimes: sql.placeholder('suggestedTimes'),
      createdAt: sql.placeholder('createdAt'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .returning()
    .prepare('insert_request');
});

/**
 * A client's request in one statement: the booking (PENDING_PROVIDER_CONFIRMATION),
 * its slots held PENDING for it, and a PENDING match made ACTIVE. The caller
 * holds the locks of the match and the slots (the booking's id is made here,
 * so that the slots can name it in the same statement; the foreign key is
 * checked at the statement's end).
 */
export async function insertRequest(
  db: Executor,
  values: {
    matchId: string;
    meetingFormat: BookingRow['meetingFormat'];
    suggestedTimes: Date[];
    createdAt: Date;
    expiresAt: Date;
    slotIds: readonly string[];
  },
): Promise<BookingRow> {
  const [row] = await insertRequestStatement(db).execute({
    ...values,
    id: randomUUID(),
    slotIds: [...values.slotIds],
  });
  return row!;
}

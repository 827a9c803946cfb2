/*
 * The bookings tests' shorthands over the shared factories
 * (apps/api/src/test/factories.ts), plus bookings in any state with their
 * slots, straight into the database.
 */
import { eq, inArray } from 'drizzle-orm';
import { availabilitySlots, bookings, matches, type Database } from '@samtalsmatch/db';
import {
  stockholmDateTime,
  stockholmParts,
  type CancellationPolicy,
  type BookingStatus,
} from '@samtalsmatch/contracts';
import {
  createClient,
  createMatch as createSharedMatch,
  createProvider,
  signInAs,
} from '../../../test/factories';
import { TestClient, type TestServer } from '../../../test/harness';

export type UserRow = Awaited<ReturnType<typeof createClient>>;

/** A client with (by default) a verified e-mail address. */
export function createClientUser(server: TestServer, options: { verified?: boolean } = {}) {
  return createClient(server, { emailVerified: options.verified !== false, withPassword: false });
}

/** A provider with a complete profile, verified unless told, and a cancellation policy. */
export function createProviderUser(
  server: TestServer,
  options: { verified?: boolean; policy?: CancellationPolicy } = {},
) {
  return createProvider(server, {
    verified: options.verified !== false,
    profile: { cancellationPolicy: options.policy ?? 'TWENTY_FOUR_HOURS' },
  });
}

/** A browser-like client signed in as the user (through the session store). */
export async function signIn(
  server: TestServer,
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  await signInAs(server, client, user);
  return client;
}

export function createMatch(server: TestServer, clientId: string, providerId: string) {
  return createSharedMatch(server, { clientId, providerId });
}

/** The therapist's match with a client of their own (whose bookings take the therapist's hours). */
export async function matchWithAnotherClient(server: TestServer, providerId: string) {
  return createMatch(server, (await createClientUser(server)).id, providerId);
}

/** A verified therapist and their matches with `count` clients of their own. */
export async function therapistWithMatches(server: TestServer, count: number) {
  const providerUser = await createProviderUser(server);
  const matches = await Promise.all(
    Array.from({ length: count }, () => matchWithAnotherClient(server, providerUser.id)),
  );
  return { providerUser, matches };
}

/**
 * A session completed a week before `now`'s day: what a series needs first
 * (docs/rules/bookings.md#a-series-of-sessions).
 */
export function firstSessionDone(
  db: Database,
  match: { id: string; providerId: string },
  now = new Date(),
) {
  return createBookingRow(db, match, 'COMPLETED', stockholmTimes(now, -7, [10]));
}

/** A matched pair whose first session is done, the therapist signed in: a series may follow. */
export async function afterFirstSession(server: TestServer, now = new Date()) {
  const pair = await matchedPair(server, { now });
  await firstSessionDone(server.database.db, pair.match, now);
  const provider = await signIn(server, pair.providerUser);
  return { ...pair, provider };
}

/**
 * What most bookings tests start from: a client (e-mail verified unless told)
 * and a verified provider (with `policy`) matched to each other, and `hours`
 * on the Stockholm day `days` after `now`'s as the times to suggest (by
 * default 3 days ahead at 10, 11 and 12). Nothing is stored for the times:
 * the test adds slots or a booking row as it needs.
 */
export async function matchedPair(
  server: TestServer,
  {
    now = new Date(),
    days = 3,
    hours = [10, 11, 12],
    policy,
    clientVerified = true,
  }: {
    now?: Date;
    days?: number;
    hours?: readonly number[];
    policy?: CancellationPolicy;
    clientVerified?: boolean;
  } = {},
) {
  const clientUser = await createClientUser(server, { verified: clientVerified });
  const providerUser = await createProviderUser(server, { policy });
  const match = await createMatch(server, clientUser.id, providerUser.id);
  return { clientUser, providerUser, match, times: stockholmTimes(now, days, hours) };
}

/**
 * `signIn` with the CSRF token fetched already: requests sent at once then
 * share the session's one token instead of each asking for it.
 */
export async function signInForWrites(
  server: TestServer,
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
): Promise<TestClient> {
  const client = await signIn(server, user);
  await client.csrfToken();
  return client;
}

export async function createSlots(db: Database, providerId: string, times: readonly Date[]) {
  if (times.length === 0) return [];
  return db
    .insert(availabilitySlots)
    .values(
      times.map((t) => ({
        providerId,
        startTime: t,
        endTime: new Date(t.getTime() + 3_600_000),
      })),
    )
    .returning();
}

/**
 * `days` Stockholm days after `now`'s day, at these Stockholm hours: valid
 * suggested times (on the hour, 07-20) when `days` is 2 or more.
 */
export function stockholmTimes(now: Date, days: number, hours: readonly number[]): Date[] {
  const p = stockholmParts(now);
  return hours.map((h) => stockholmDateTime(p.year, p.month, p.day + days, h));
}

/** A booking row in any state, with its slots held the way that state holds them. */
export async function createBookingRow(
  db: Database,
  match: { id: string; providerId: string },
  status: BookingStatus,
  times: readonly Date[],
  options: {
    confirmedTime?: Date;
    cancelledBy?: 'CLIENT' | 'PROVIDER';
    meetingFormat?: 'VIDEO' | 'IN_PERSON';
  } = {},
) {
  const confirmedTime =
    status === 'CONFIRMED' || status === 'COMPLETED' ? (options.confirmedTime ?? times[0]!) : null;
  const [row] = await db
    .insert(bookings)
    .values({
      matchId: match.id,
      status,
      meetingFormat: options.meetingFormat ?? 'IN_PERSON',
      suggestedTimes: [...times],
      confirmedTime: status === 'CANCELLED' ? (options.confirmedTime ?? null) : confirmedTime,
      expiresAt: new Date(Math.max(...times.map((t) => t.getTime()))),
      cancelledBy: status === 'CANCELLED' ? (options.cancelledBy ?? 'CLIENT') : null,
      cancelledAt: status === 'CANCELLED' ? new Date() : null,
      completedAt: status === 'COMPLETED' ? new Date() : null,
    })
    .returning();
  await db
    .insert(availabilitySlots)
    .values(
      times.map((t) => ({
        providerId: match.providerId,
        startTime: t,
        endTime: new Date(t.getTime() + 3_600_000),
      })),
    )
    .onConflictDoNothing();
  const slots = (await slotsOf(db, match.providerId)).filter((s) =>
    times.some((t) => t.getTime() === s.startTime.getTime()),
  );
  if (status === 'PENDING_PROVIDER_CONFIRMATION') {
    for (const s of slots) {
      await db
        .update(availabilitySlots)
        .set({ status: 'PENDING', bookingId: row!.id })
        .where(eq(availabilitySlots.id, s.id));
    }
  } else if (status === 'CONFIRMED' || status === 'COMPLETED') {
    const booked = slots.find((s) => s.startTime.getTime() === confirmedTime!.getTime());
    if (booked) {
      await db
        .update(availabilitySlots)
        .set({ status: 'BOOKED', bookingId: row!.id })
        .where(eq(availabilitySlots.id, booked.id));
    }
  }
  await db.update(matches).set({ status: 'ACTIVE' }).where(eq(matches.id, match.id));
  return row!;
}

export async function slotsOf(db: Database, providerId: string) {
  return db
    .select()
    .from(availabilitySlots)
    .where(eq(availabilitySlots.providerId, providerId))
    .orderBy(availabilitySlots.startTime);
}

export async function bookingsOf(db: Database, matchId: string) {
  return db.select().from(bookings).where(eq(bookings.matchId, matchId));
}

/** The bookings of all these matches (a race's, across its matches). */
export async function bookingsOfMatches(db: Database, matchRows: readonly { id: string }[]) {
  return db
    .select()
    .from(bookings)
    .where(
      inArray(
        bookings.matchId,
        matchRows.map((m) => m.id),
      ),
    );
}

export async function bookingById(db: Database, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

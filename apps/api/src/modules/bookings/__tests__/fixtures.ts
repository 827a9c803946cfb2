/*
 * Local test data for the bookings tests, straight into the database. (The
 * shared apps/api/src/test/factories.ts is being written by h9api; these
 * move there once it is on main.)
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  availabilitySlots,
  bookings,
  matches,
  providerProfiles,
  users,
  type Database,
} from '@samtalsmatch/db';
import {
  stockholmDateTime,
  stockholmParts,
  type CancellationPolicy,
  type BookingStatus,
} from '@samtalsmatch/contracts';
import { hashPassword } from '../../../lib/passwords';
import { GOOD_PASSWORD, login, uniqueEmail } from '../../../test/accounts';
import { TestClient, type TestServer } from '../../../test/harness';

let hash: Promise<string> | undefined;
/** One Argon2 hash for every test user (hashing is the slow part). */
function passwordHash(): Promise<string> {
  hash ??= hashPassword(GOOD_PASSWORD);
  return hash;
}

export type UserRow = typeof users.$inferSelect;

export async function createClientUser(
  db: Database,
  options: { verified?: boolean; name?: string } = {},
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      type: 'CLIENT',
      name: options.name ?? `Klient ${randomBytes(3).toString('hex')}`,
      email: uniqueEmail('klient'),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      passwordHash: await passwordHash(),
      onboardingStep: 'ONBOARDING_COMPLETED',
    })
    .returning();
  return row!;
}

export async function createProviderUser(
  db: Database,
  options: { verified?: boolean; policy?: CancellationPolicy; name?: string } = {},
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      type: 'PROVIDER',
      name: options.name ?? `Terapeut ${randomBytes(3).toString('hex')}`,
      email: uniqueEmail('terapeut'),
      emailVerifiedAt: new Date(),
      passwordHash: await passwordHash(),
      phoneNumber: '0701234567',
      street: 'Storgatan 1',
      zip: '11122',
      city: 'Stockholm',
      onboardingStep: 'ONBOARDING_COMPLETED',
    })
    .returning();
  await db.insert(providerProfiles).values({
    userId: row!.id,
    title: ['PSYKOLOG'],
    description: 'Beskrivning',
    education: ['MASTER'],
    price: 900,
    sessionDuration: 50,
    profileImageKey: 'test-image',
    personalAttributes: 'lugn',
    cancellationPolicy: options.policy ?? 'TWENTY_FOUR_HOURS',
    isVerified: options.verified !== false,
    verifiedAt: options.verified === false ? null : new Date(),
  });
  return row!;
}

/** A signed-in browser-like client for the user (password login). */
export async function signIn(server: TestServer, user: UserRow): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  expect((await login(client, user.email!)).status).toBe(200);
  return client;
}

export async function createMatch(db: Database, clientId: string, providerId: string) {
  const [row] = await db.insert(matches).values({ clientId, providerId, score: 0.9 }).returning();
  return row!;
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
  options: { confirmedTime?: Date; cancelledBy?: 'CLIENT' | 'PROVIDER' } = {},
) {
  const confirmedTime =
    status === 'CONFIRMED' || status === 'COMPLETED' ? (options.confirmedTime ?? times[0]!) : null;
  const [row] = await db
    .insert(bookings)
    .values({
      matchId: match.id,
      status,
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

export async function bookingById(db: Database, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

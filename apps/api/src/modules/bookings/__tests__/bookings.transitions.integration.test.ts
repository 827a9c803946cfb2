/*
 * Every transition from every state by every role, over HTTP (docs/rules/bookings.md):
 * who may do it (401/403/404), from which state (409) and when (422).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { matches, users } from '@samtalsmatch/db';
import { HOUR_MS, type BookingStatus } from '@samtalsmatch/contracts';
import { TestClient, startTestServer, type TestServer } from '../../../test/harness';
import {
  bookingById,
  createBookingRow,
  createClientUser,
  createProviderUser,
  createSlots,
  matchedPair,
  signIn,
  slotsOf,
  stockholmTimes,
} from './fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
const db = () => server.database.db;
const iso = (d: Date) => d.toISOString();

const STATES = [
  'PENDING',
  'PENDING_PAST_LAST_TIME',
  'CONFIRMED_AHEAD',
  'CONFIRMED_PAST',
  'CANCELLED',
  'COMPLETED',
  'EXPIRED',
] as const;
type State = (typeof STATES)[number];

const ROLES = [
  'own client',
  'own therapist',
  'own therapist, unverified',
  'another client',
  'another therapist',
  'admin',
  'nobody signed in',
] as const;
type Role = (typeof ROLES)[number];

const TRANSITIONS = ['request', 'confirm', 'cancel', 'complete', 'rebook'] as const;
type Transition = (typeof TRANSITIONS)[number];

/** The answer each role gets for each transition from each state. */
function expected(role: Role, transition: Transition, state: State): number {
  if (role === 'nobody signed in') return 401;
  if (role === 'admin') return 403;
  const providerCall = transition !== 'request';
  const clientCall = transition === 'request' || transition === 'cancel';
  if (role === 'own therapist, unverified') return 403;
  if (role === 'another client') return clientCall ? 404 : 403;
  if (role === 'another therapist') return providerCall ? 404 : 403;
  const closed = ['CANCELLED', 'COMPLETED', 'EXPIRED', 'PENDING_PAST_LAST_TIME'].includes(state);
  if (role === 'own client') {
    if (transition === 'request') return closed ? 201 : 409;
    if (transition === 'cancel') {
      if (state === 'CONFIRMED_AHEAD') return 200;
      if (state === 'CONFIRMED_PAST') return 422;
      return 409;
    }
    return 403;
  }
  // own therapist
  switch (transition) {
    case 'request':
      return 403;
    case 'confirm':
      return state === 'PENDING' ? 200 : 409;
    case 'cancel':
      if (state === 'PENDING' || state === 'CONFIRMED_AHEAD') return 200;
      if (state === 'CONFIRMED_PAST') return 422;
      return 409;
    case 'complete':
      if (state === 'CONFIRMED_PAST') return 200;
      if (state === 'CONFIRMED_AHEAD') return 422;
      return 409;
    case 'rebook':
      return closed ? 201 : 409;
  }
}

const STORED: Record<State, BookingStatus> = {
  PENDING: 'PENDING_PROVIDER_CONFIRMATION',
  PENDING_PAST_LAST_TIME: 'PENDING_PROVIDER_CONFIRMATION',
  CONFIRMED_AHEAD: 'CONFIRMED',
  CONFIRMED_PAST: 'CONFIRMED',
  CANCELLED: 'CANCELLED',
  COMPLETED: 'COMPLETED',
  EXPIRED: 'EXPIRED',
};

/** The stored status after a successful transition. */
const AFTER: Record<Transition, BookingStatus> = {
  request: 'PENDING_PROVIDER_CONFIRMATION',
  confirm: 'CONFIRMED',
  cancel: 'CANCELLED',
  complete: 'COMPLETED',
  rebook: 'CONFIRMED',
};

async function arrange(state: State, role: Role) {
  const now = new Date();
  const { clientUser, providerUser, match, times: ahead } = await matchedPair(server, { now });
  const past = ['PENDING_PAST_LAST_TIME', 'CONFIRMED_PAST'].includes(state);
  const times = past
    ? [3, 2, 1].map((h) => new Date(Math.floor(now.getTime() / HOUR_MS - h) * HOUR_MS))
    : ahead;
  const booking = await createBookingRow(db(), match, STORED[state], times);
  const requestTimes = stockholmTimes(now, 7, [9, 10, 11]);
  await createSlots(db(), providerUser.id, requestTimes);

  let http = new TestClient(server.baseUrl);
  if (role === 'own client') http = await signIn(server, clientUser);
  if (role === 'own therapist') http = await signIn(server, providerUser);
  if (role === 'own therapist, unverified') {
    const unverified = await createProviderUser(server, { verified: false });
    // The match is the unverified therapist's own.
    await db().update(matches).set({ providerId: unverified.id }).where(eq(matches.id, match.id));
    http = await signIn(server, unverified);
  }
  if (role === 'another client') http = await signIn(server, await createClientUser(server));
  if (role === 'another therapist') http = await signIn(server, await createProviderUser(server));
  if (role === 'admin') {
    const [admin] = await db()
      .insert(users)
      .values({
        type: 'ADMIN',
        name: 'Admin',
        email: `admin.${booking.id}@exempel.se`,
        onboardingStep: 'ONBOARDING_COMPLETED',
      })
      .returning();
    http = await signIn(server, admin!);
  }
  return { http, match, booking, times, requestTimes, providerUser };
}

function call(transition: Transition, ctx: Awaited<ReturnType<typeof arrange>>): Promise<Response> {
  const { http, match, booking, times, requestTimes } = ctx;
  switch (transition) {
    case 'request':
      return http.post('/api/bookings', {
        matchId: match.id,
        suggestedTimes: requestTimes.map(iso),
      });
    case 'confirm':
      return http.patch(`/api/bookings/confirm/${booking.id}`, { confirmedTime: iso(times[0]!) });
    case 'cancel':
      return http.patch(`/api/bookings/cancel/${booking.id}`, {});
    case 'complete':
      return http.patch(`/api/bookings/complete/${booking.id}`, {});
    case 'rebook':
      return http.post('/api/bookings/rebook', {
        matchId: match.id,
        confirmedTime: iso(stockholmTimes(new Date(), 5, [15])[0]!),
      });
  }
}

const CASES = STATES.flatMap((state) =>
  ROLES.flatMap((role) =>
    TRANSITIONS.map((transition) => ({
      state,
      role,
      transition,
      status: expected(role, transition, state),
    })),
  ),
);

describe('every transition × state × role', () => {
  it.each(CASES)(
    '$transition from $state by $role → $status',
    async ({ state, role, transition, status }) => {
      const ctx = await arrange(state, role);
      const before = await bookingById(db(), ctx.booking.id);
      const slotsBefore = await slotsOf(db(), ctx.providerUser.id);
      const res = await call(transition, ctx);
      const body = (await res.json()) as {
        status?: string | number;
        message?: string;
        code?: string;
      };
      expect({ status: res.status, body }).toMatchObject({ status });
      const after = await bookingById(db(), ctx.booking.id);
      if (status < 300) {
        if (transition === 'request' || transition === 'rebook') {
          expect(body.status).toBe(AFTER[transition]);
          // The old booking is closed (a stale request became EXPIRED on the way).
          expect(['CANCELLED', 'COMPLETED', 'EXPIRED']).toContain(after.status);
        } else {
          expect(after.status).toBe(AFTER[transition]);
        }
      } else {
        expect(typeof body.message).toBe('string');
        // Nothing half-written: the booking and the slots are as they were
        // (except that a stale request may have been expired, with its slots freed).
        if (state === 'PENDING_PAST_LAST_TIME' && after.status === 'EXPIRED') {
          expect(body.code === 'BOOKING_EXPIRED' || status !== 409).toBe(true);
        } else {
          expect(after).toEqual(before);
          expect(await slotsOf(db(), ctx.providerUser.id)).toEqual(slotsBefore);
        }
      }
    },
  );
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { mailOutbox } from '@samtalsmatch/db';
import {
  HOUR_MS,
  requestDeadline,
  requestReminderAt,
  stockholmDateTime,
  stockholmParts,
  type Booking,
  type Match,
} from '@samtalsmatch/contracts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { runBookingJobs } from '../bookings.jobs';
import { bookingById, createSlots, matchedPair, signIn, slotsOf } from './fixtures';

/*
 * docs/rules/bookings.md#a-request-is-answered-within-48-hours: a request's
 * deadline at both bounds, the therapist's one reminder halfway, the
 * client's one mail when it expires, whichever path expires it.
 */

let server: TestServer;
let clock = new Date();

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  // 08:30 Stockholm, two days from now: every hour below is placed from it.
  const p = stockholmParts(new Date());
  clock = stockholmDateTime(p.year, p.month, p.day + 2, 8, 30);
});

const db = () => server.database.db;
const iso = (d: Date) => d.toISOString();

/** A client's request to a fresh therapist at `hours` on the day `days` after the clock. */
async function request(days: number, hours: number[]) {
  const pair = await matchedPair(server, { now: clock, days, hours });
  await createSlots(db(), pair.providerUser.id, pair.times);
  const client = await signIn(server, pair.clientUser);
  const provider = await signIn(server, pair.providerUser);
  const res = await client.post('/api/bookings', {
    matchId: pair.match.id,
    suggestedTimes: pair.times.map(iso),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...pair, client, provider, booking: (await res.json()) as Booking };
}

async function mailsTo(address: string) {
  return db()
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address));
}

describe('the deadline of a new request', () => {
  it('is 48 hours after sending when the first suggested time is far away', async () => {
    const { booking } = await request(6, [10, 11, 12]);
    expect(booking.expiresAt).toBe(iso(new Date(clock.getTime() + 48 * HOUR_MS)));
  });

  it('is 12 hours before the first suggested time when that comes first', async () => {
    // Tomorrow 15:00 is 30.5 hours after 08:30 today: the deadline is tomorrow 03:00.
    const { booking, times } = await request(1, [17, 15, 16]);
    expect(booking.expiresAt).toBe(iso(new Date(times[1]!.getTime() - 12 * HOUR_MS)));
    expect(booking.expiresAt).toBe(iso(requestDeadline(clock, times)));
  });

  it('is shown to the therapist with the request', async () => {
    const { provider, match, booking } = await request(6, [10, 11, 12]);
    const listed = (await (await provider.get('/api/matches')).json()) as Match[];
    expect(listed.find((m) => m.id === match.id)!.bookings[0]!.expiresAt).toBe(booking.expiresAt);
  });
});

describe('an unanswered request', () => {
  it('reminds the therapist once, halfway, with no name; then expires and tells the client once', async () => {
    const { booking, providerUser, clientUser, match } = await request(6, [10, 11, 12]);
    const sent = clock;
    const deadline = new Date(booking.expiresAt!);
    const halfway = requestReminderAt(sent, deadline);
    expect(halfway.getTime() - sent.getTime()).toBe(24 * HOUR_MS);

    await runBookingJobs(db(), server.config, new Date(halfway.getTime() - 1));
    const reminders = async () =>
      (await mailsTo(providerUser.email!)).filter(
        (m) => m.subject === 'Du har en obesvarad förfrågan',
      );
    expect(await reminders()).toHaveLength(0);

    for (let i = 0; i < 3; i++) await runBookingJobs(db(), server.config, halfway);
    const [reminder, ...more] = await reminders();
    expect(more).toHaveLength(0);
    expect(reminder!.text).toContain('/dashboard');
    expect(reminder!.text).not.toContain(clientUser.name);
    expect(reminder!.text).not.toContain(providerUser.name);

    await runBookingJobs(db(), server.config, new Date(deadline.getTime() - 1));
    expect((await bookingById(db(), booking.id)).status).toBe('PENDING_PROVIDER_CONFIRMATION');
    for (let i = 0; i < 3; i++) await runBookingJobs(db(), server.config, deadline);
    expect((await bookingById(db(), booking.id)).status).toBe('EXPIRED');
    expect((await slotsOf(db(), providerUser.id)).every((s) => s.bookingId === null)).toBe(true);
    const toClient = (await mailsTo(clientUser.email!)).filter(
      (m) => m.subject === 'Din bokningsförfrågan fick inget svar i tid',
    );
    expect(toClient).toHaveLength(1);
    expect(toClient[0]!.text).not.toContain(providerUser.name);
    // Still one reminder: an expired request is never reminded.
    expect(await reminders()).toHaveLength(1);

    // The client's list shows it expired, and the client may ask again.
    clock = deadline;
    const client = await signIn(server, clientUser);
    const mine = (await (await client.get('/api/matches')).json()) as Match[];
    expect(mine.find((m) => m.id === match.id)!.bookings.map((b) => b.status)).toEqual(['EXPIRED']);
  });

  it('tells the client once when a confirm finds it expired, and the round adds nothing', async () => {
    const { booking, provider, clientUser, times } = await request(6, [10, 11, 12]);
    clock = new Date(booking.expiresAt!);
    const late = await provider.patch(`/api/bookings/confirm/${booking.id}`, {
      confirmedTime: iso(times[0]!),
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('BOOKING_EXPIRED');
    await runBookingJobs(db(), server.config, clock);
    const expiryMails = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.toAddress, [clientUser.email!]),
          eq(mailOutbox.subject, 'Din bokningsförfrågan fick inget svar i tid'),
        ),
      );
    expect(expiryMails).toHaveLength(1);
  });
});

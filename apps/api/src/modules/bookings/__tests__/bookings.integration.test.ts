import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, matches } from '@samtalsmatch/db';
import {
  HOUR_MS,
  requestDeadline,
  stockholmDateTime,
  type Booking,
  type CancellationPolicy,
  type Match,
} from '@samtalsmatch/contracts';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { runBookingJobs, sendDueReminders } from '../bookings.jobs';
import {
  bookingById,
  bookingsOf,
  createBookingRow,
  createClientUser,
  createMatch,
  createProviderUser,
  createSlots,
  matchedPair,
  signIn,
  slotsOf,
  stockholmTimes,
} from './fixtures';

let server: TestServer;
/** The server's clock for the booking rules; each test starts at the real time. */
let clock = new Date();

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  clock = new Date();
});

const db = () => server.database.db;

/** A verified client and provider, signed in, with a match and slots 3 days ahead at 10-14. */
async function setup(options: { policy?: CancellationPolicy } = {}) {
  const { clientUser, providerUser, match, times } = await matchedPair(server, {
    now: clock,
    hours: [10, 11, 12, 13, 14],
    policy: options.policy,
  });
  await createSlots(db(), providerUser.id, times);
  return {
    clientUser,
    providerUser,
    match,
    times,
    client: await signIn(server, clientUser),
    provider: await signIn(server, providerUser),
  };
}

const iso = (d: Date) => d.toISOString();

describe('the booking journey over HTTP', () => {
  it('request → confirm → client cancel → rebook → complete, slots and match following', async () => {
    const { client, provider, match, times, providerUser, clientUser } = await setup();
    const suggested = [times[2]!, times[0]!, times[1]!];

    const created = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: suggested.map(iso),
    });
    expect(created.status).toBe(201);
    const booking = (await created.json()) as Booking;
    expect(booking.status).toBe('PENDING_PROVIDER_CONFIRMATION');
    expect(booking.suggestedTimes).toEqual(times.slice(0, 3).map(iso));
    // docs/rules/bookings.md#a-request-is-answered-within-48-hours
    const deadline = iso(requestDeadline(clock, suggested));
    expect(booking.expiresAt).toBe(deadline);
    // The therapist's list carries it too: the dashboard shows the time left by it.
    const listed = (await (await provider.get('/api/matches')).json()) as Match[];
    expect(listed.find((x) => x.id === match.id)!.bookings[0]!.expiresAt).toBe(deadline);
    let slots = await slotsOf(db(), providerUser.id);
    expect(slots.map((s) => [s.status, s.bookingId])).toEqual([
      ['PENDING', booking.id],
      ['PENDING', booking.id],
      ['PENDING', booking.id],
      ['AVAILABLE', null],
      ['AVAILABLE', null],
    ]);
    const [m] = await db().select().from(matches).where(eq(matches.id, match.id));
    expect(m!.status).toBe('ACTIVE');
    const toProvider = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, providerUser.email!));
    expect(toProvider.map((x) => x.subject)).toEqual(['Ny bokningsförfrågan']);
    // Never the client's name, whatever the client chose (docs/rules/privacy.md#discreet-mails).
    expect(toProvider[0]!.text).not.toContain(clientUser.name);

    // The client cannot ask again while the request is open.
    const again = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.slice(2, 5).map(iso),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('BOOKING_ALREADY_OPEN');

    const confirmed = await provider.patch(`/api/bookings/confirm/${booking.id}`, {
      confirmedTime: iso(times[1]!),
      messageFromProvider: 'Välkommen! Ring på porttelefonen.',
    });
    expect(confirmed.status).toBe(200);
    const c = (await confirmed.json()) as Booking;
    expect(c).toMatchObject({
      status: 'CONFIRMED',
      confirmedTime: iso(times[1]!),
      startTime: '11:00',
      endTime: '12:00',
      messageFromProvider: 'Välkommen! Ring på porttelefonen.',
    });
    slots = await slotsOf(db(), providerUser.id);
    expect(slots.map((s) => s.status)).toEqual([
      'AVAILABLE',
      'BOOKED',
      'AVAILABLE',
      'AVAILABLE',
      'AVAILABLE',
    ]);

    const cancelled = await client.patch(`/api/bookings/cancel/${booking.id}`, {});
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelledBy: 'CLIENT' });
    slots = await slotsOf(db(), providerUser.id);
    expect(slots.every((s) => s.status === 'AVAILABLE' && s.bookingId === null)).toBe(true);

    // Rebook an hour that has no slot: it is created BOOKED.
    const newTime = stockholmDateTime(
      ...(Object.values(stockholmPartsOf(times[0]!)) as [number, number, number]),
      16,
    );
    const rebooked = await provider.post('/api/bookings/rebook', {
      matchId: match.id,
      confirmedTime: iso(newTime),
      messageFromProvider: '',
    });
    expect(rebooked.status).toBe(201);
    const r = (await rebooked.json()) as Booking;
    expect(r).toMatchObject({
      status: 'CONFIRMED',
      confirmedTime: iso(newTime),
      startTime: '16:00',
    });
    slots = await slotsOf(db(), providerUser.id);
    expect(slots.find((s) => s.startTime.getTime() === newTime.getTime())).toMatchObject({
      status: 'BOOKED',
      bookingId: r.id,
    });

    // 'Slutför' only once the time has come.
    const early = await provider.patch(`/api/bookings/complete/${r.id}`, {});
    expect(early.status).toBe(422);
    expect(((await early.json()) as { code: string }).code).toBe('COMPLETE_TOO_EARLY');
    clock = new Date(newTime.getTime());
    const done = await provider.patch(`/api/bookings/complete/${r.id}`, {});
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'COMPLETED' });
    expect((await bookingById(db(), r.id)).completedAt).not.toBeNull();
  });
});

function stockholmPartsOf(d: Date) {
  const p = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(d);
  const get = (t: string) => Number(p.find((x) => x.type === t)!.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

describe('POST /api/bookings refuses', () => {
  it.each([
    ['two times', (t: Date[]) => t.slice(0, 2).map(iso), 400, 'Välj exakt 3 tider.'],
    [
      'the same time twice',
      (t: Date[]) => [t[0], t[0], t[1]].map((d) => iso(d!)),
      400,
      'Välj tre olika tider.',
    ],
    [
      'a time off the hour',
      (t: Date[]) => [t[0]!, t[1]!, new Date(t[2]!.getTime() + 30 * 60_000)].map(iso),
      400,
      'Bokningar börjar alltid på hel timme.',
    ],
  ])('%s', async (_label, pick, status, message) => {
    const { client, match, times } = await setup();
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: pick(times),
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it('times too soon, outside 07-21 and past the horizon, with their Swedish messages', async () => {
    const { client, match, times, providerUser } = await setup();
    const soon = new Date(Math.ceil((clock.getTime() + 2 * HOUR_MS) / HOUR_MS) * HOUR_MS);
    const early = stockholmTimes(clock, 3, [6])[0]!;
    const far = stockholmTimes(clock, 70, [10])[0]!;
    await createSlots(db(), providerUser.id, [soon, early, far]);
    for (const [bad, code, message] of [
      [soon, 'BOOKING_TOO_SOON', 'Måste boka minst 24 timmar i förväg'],
      [early, 'BOOKING_OUTSIDE_HOURS', 'Bokningar endast mellan 7:00-21:00'],
      [far, 'BOOKING_TOO_FAR', 'Du kan boka högst två månader framåt.'],
    ] as const) {
      const res = await client.post('/api/bookings', {
        matchId: match.id,
        suggestedTimes: [times[0]!, times[1]!, bad].map(iso),
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code, message });
    }
  });

  it('a time that is not an AVAILABLE slot of that therapist (409), and writes nothing', async () => {
    const { client, match, times, providerUser } = await setup();
    const other = await createProviderUser(server);
    const elsewhere = stockholmTimes(clock, 3, [16])[0]!;
    await createSlots(db(), other.id, [elsewhere]);
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: [times[0]!, times[1]!, elsewhere].map(iso),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('SLOT_TAKEN');
    expect(await bookingsOf(db(), match.id)).toEqual([]);
    expect((await slotsOf(db(), providerUser.id)).every((s) => s.status === 'AVAILABLE')).toBe(
      true,
    );
  });

  it('an unverified e-mail address: 422 EMAIL_NOT_VERIFIED in Swedish', async () => {
    const { clientUser, providerUser, match, times } = await matchedPair(server, {
      now: clock,
      clientVerified: false,
    });
    await createSlots(db(), providerUser.id, times);
    const res = await (
      await signIn(server, clientUser)
    ).post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message:
        'Du behöver bekräfta din e-postadress innan du kan boka. Vi kan skicka ett nytt bekräftelsemejl.',
    });
  });

  it("someone else's match (404), a provider (403), nobody signed in (401)", async () => {
    const { match, times, provider } = await setup();
    const stranger = await signIn(server, await createClientUser(server));
    const body = { matchId: match.id, suggestedTimes: times.slice(0, 3).map(iso) };
    expect((await stranger.post('/api/bookings', body)).status).toBe(404);
    expect((await provider.post('/api/bookings', body)).status).toBe(403);
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.post('/api/bookings', body)).status).toBe(401);
  });

  it('an unverified therapist gets 403 on every bookings call', async () => {
    const providerUser = await createProviderUser(server, { verified: false });
    const provider = await signIn(server, providerUser);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await provider.patch(`/api/bookings/confirm/${id}`, { confirmedTime: iso(clock) }),
      await provider.patch(`/api/bookings/cancel/${id}`, {}),
      await provider.patch(`/api/bookings/complete/${id}`, {}),
      await provider.post('/api/bookings/rebook', { matchId: id, confirmedTime: iso(clock) }),
    ]) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('PROVIDER_NOT_VERIFIED');
    }
  });
});

describe('confirm', () => {
  it('only one of the suggested times, and not once the request has expired', async () => {
    const { client, provider, match, times } = await setup();
    const res = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.slice(0, 3).map(iso),
    });
    const booking = (await res.json()) as Booking;
    const notSuggested = await provider.patch(`/api/bookings/confirm/${booking.id}`, {
      confirmedTime: iso(times[3]!),
    });
    expect(notSuggested.status).toBe(400);
    expect(((await notSuggested.json()) as { message: string }).message).toBe(
      'Tiden måste vara en av de föreslagna tiderna.',
    );
    // A request's deadline is at least 12 hours before its first time: a time
    // that has passed belongs to an expired request.
    clock = new Date(times[0]!.getTime() + 60_000);
    const past = await provider.patch(`/api/bookings/confirm/${booking.id}`, {
      confirmedTime: iso(times[0]!),
    });
    expect(past.status).toBe(409);
    expect(((await past.json()) as { code: string }).code).toBe('BOOKING_EXPIRED');
    expect((await bookingById(db(), booking.id)).status).toBe('EXPIRED');
  });
});

describe('a request nobody answered (decision 170)', () => {
  it('expires at its deadline: the client can ask again, confirm is 409, history shows EXPIRED', async () => {
    const { client, provider, match, times, providerUser } = await setup();
    const first = (await (
      await client.post('/api/bookings', {
        matchId: match.id,
        suggestedTimes: times.slice(0, 3).map(iso),
      })
    ).json()) as Booking;
    const deadline = new Date(first.expiresAt!);
    expect(deadline).toEqual(requestDeadline(clock, times.slice(0, 3)));

    const later = stockholmTimes(clock, 10, [9, 10, 11]);
    await createSlots(db(), providerUser.id, later);
    clock = new Date(deadline.getTime() - 1);
    const blocked = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: later.map(iso),
    });
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as { code: string }).code).toBe('BOOKING_ALREADY_OPEN');

    clock = deadline;
    const confirm = await provider.patch(`/api/bookings/confirm/${first.id}`, {
      confirmedTime: iso(times[2]!),
    });
    expect(confirm.status).toBe(409);
    expect(((await confirm.json()) as { code: string }).code).toBe('BOOKING_EXPIRED');
    expect((await bookingById(db(), first.id)).status).toBe('EXPIRED');
    expect((await slotsOf(db(), providerUser.id)).every((s) => s.status === 'AVAILABLE')).toBe(
      true,
    );

    const again = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: later.map(iso),
    });
    expect(again.status).toBe(201);
  });

  it('the background round expires stale requests without anyone asking, and frees their slots', async () => {
    const { match, times, providerUser } = await setup();
    const stale = await createBookingRow(
      db(),
      match,
      'PENDING_PROVIDER_CONFIRMATION',
      times.slice(0, 3),
    );
    const result = await runBookingJobs(db(), server.config, new Date(times[2]!.getTime() + 1000));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await bookingById(db(), stale.id)).status).toBe('EXPIRED');
    const slots = await slotsOf(db(), providerUser.id);
    expect(slots.every((s) => s.status === 'AVAILABLE' && s.bookingId === null)).toBe(true);
  });
});

describe('the background round beside a transition or another process', () => {
  /** Runs `fn` while another connection holds booking `id`'s row lock (as a transition would). */
  async function whileLocked<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const holder = await server.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from bookings where id = $1 for update', [id]);
      return await fn();
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  }

  it('expires the stale requests nobody holds and leaves a held one to the next round, without waiting for it', async () => {
    const first = await setup();
    const second = await setup();
    const held = await createBookingRow(
      db(),
      first.match,
      'PENDING_PROVIDER_CONFIRMATION',
      first.times.slice(0, 3),
    );
    const free = await createBookingRow(
      db(),
      second.match,
      'PENDING_PROVIDER_CONFIRMATION',
      second.times.slice(0, 3),
    );
    const after = new Date(first.times[2]!.getTime() + 1000);
    // Without SKIP LOCKED the round would wait on the held row until that transaction ends.
    await whileLocked(held.id, () => runBookingJobs(db(), server.config, after));
    expect((await bookingById(db(), free.id)).status).toBe('EXPIRED');
    expect((await bookingById(db(), held.id)).status).toBe('PENDING_PROVIDER_CONFIRMATION');
    await runBookingJobs(db(), server.config, after);
    expect((await bookingById(db(), held.id)).status).toBe('EXPIRED');
  });

  it('claims a held reminder next round, without waiting for it', async () => {
    const { match, times } = await setup();
    const confirmed = await createBookingRow(db(), match, 'CONFIRMED', [times[0]!]);
    const due = new Date(times[0]!.getTime() - 23 * HOUR_MS);
    expect(await whileLocked(confirmed.id, () => sendDueReminders(db(), server.config, due))).toBe(
      0,
    );
    expect(await sendDueReminders(db(), server.config, due)).toBe(1);
    expect(await sendDueReminders(db(), server.config, due)).toBe(0);
  });
});

describe('rebook', () => {
  it('runs the rebook checks in order, then refuses an open match and a taken hour', async () => {
    const { provider, match, times, providerUser } = await setup();
    const post = (t: Date) =>
      provider.post('/api/bookings/rebook', { matchId: match.id, confirmedTime: iso(t) });
    // Past AND outside hours: the first check wins.
    const pastNight = stockholmTimes(clock, -1, [3])[0]!;
    expect(await (await post(pastNight)).json()).toMatchObject({
      status: 422,
      message: 'Kan inte boka tid som redan har passerat',
    });
    const soonNight = new Date(clock.getTime() + 2 * HOUR_MS);
    expect(await (await post(soonNight)).json()).toMatchObject({
      message: 'Måste boka minst 24 timmar i förväg',
    });
    expect(await (await post(stockholmTimes(clock, 3, [21])[0]!)).json()).toMatchObject({
      message: 'Bokningar endast mellan 7:00-21:00',
    });
    // Past the horizon a client's request has (two months): refused the same way.
    const beyond = await post(stockholmTimes(clock, 64, [10])[0]!);
    expect(beyond.status).toBe(422);
    expect(await beyond.json()).toMatchObject({
      code: 'BOOKING_TOO_FAR',
      message: 'Du kan boka högst två månader framåt.',
    });

    // No booking yet on the match: nothing to rebook.
    expect((await post(times[0]!)).status).toBe(409);
    const open = await createBookingRow(
      db(),
      match,
      'PENDING_PROVIDER_CONFIRMATION',
      times.slice(0, 3),
    );
    const refused = await post(times[3]!);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('BOOKING_ALREADY_OPEN');

    await provider.patch(`/api/bookings/cancel/${open.id}`, {});
    // A slot another match holds (PENDING) or booked: 409.
    const otherClient = await createClientUser(server);
    const otherMatch = await createMatch(server, otherClient.id, providerUser.id);
    const held = stockholmTimes(clock, 4, [10, 11, 12]);
    await createBookingRow(db(), otherMatch, 'PENDING_PROVIDER_CONFIRMATION', held);
    const taken = await post(held[1]!);
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { code: string }).code).toBe('SLOT_TAKEN');

    // An AVAILABLE slot becomes BOOKED.
    const ok = await post(times[4]!);
    expect(ok.status).toBe(201);
    const slot = (await slotsOf(db(), providerUser.id)).find(
      (s) => s.startTime.getTime() === times[4]!.getTime(),
    );
    expect(slot?.status).toBe('BOOKED');
  });
});

describe('the cancel policy at each boundary (real elapsed hours)', () => {
  it.each([
    ['TWELVE_HOURS', 12],
    ['TWENTY_FOUR_HOURS', 24],
    ['FORTY_EIGHT_HOURS', 48],
  ] as const)(
    '%s: allowed until just before %s h, refused at exactly that',
    async (policy, hours) => {
      const { client, match, times } = await setup({ policy });
      const booking = await createBookingRow(db(), match, 'CONFIRMED', [times[0]!]);
      const boundary = times[0]!.getTime() - hours * HOUR_MS;
      clock = new Date(boundary);
      const atBoundary = await client.patch(`/api/bookings/cancel/${booking.id}`, {});
      expect(atBoundary.status).toBe(422);
      expect(((await atBoundary.json()) as { message: string }).message).toBe(
        'Bokningen kan inte avbokas enligt terapeutens avbokningspolicy.',
      );
      clock = new Date(boundary - 1);
      expect((await client.patch(`/api/bookings/cancel/${booking.id}`, {})).status).toBe(200);
    },
  );

  it('NO_CANCELLATION: never, even weeks ahead; the therapist still can', async () => {
    const { client, provider, match } = await setup({ policy: 'NO_CANCELLATION' });
    const far = stockholmTimes(clock, 30, [10]);
    const booking = await createBookingRow(db(), match, 'CONFIRMED', far);
    expect((await client.patch(`/api/bookings/cancel/${booking.id}`, {})).status).toBe(422);
    expect((await provider.patch(`/api/bookings/cancel/${booking.id}`, {})).status).toBe(200);
  });

  it('the therapist cancels a confirmed booking only before its time', async () => {
    const { provider, match, times } = await setup();
    const booking = await createBookingRow(db(), match, 'CONFIRMED', [times[0]!]);
    clock = new Date(times[0]!.getTime());
    const late = await provider.patch(`/api/bookings/cancel/${booking.id}`, {});
    expect(late.status).toBe(422);
    expect(((await late.json()) as { message: string }).message).toBe(
      'Bokningen kan inte avbokas efter att tiden har passerat.',
    );
    clock = new Date(times[0]!.getTime() - 1);
    expect((await provider.patch(`/api/bookings/cancel/${booking.id}`, {})).status).toBe(200);
  });
});

describe('DST days in Stockholm', () => {
  it('spring forward (2027-03-28, 23 h): 07:00 and 20:00 are bookable, 06:00 is not, times read right', async () => {
    clock = new Date('2027-03-26T09:00:00Z');
    const { client, match, providerUser } = await setup();
    const day = [7, 8, 20].map((h) => stockholmDateTime(2027, 3, 28, h));
    expect(day.map(iso)).toEqual([
      '2027-03-28T05:00:00.000Z',
      '2027-03-28T06:00:00.000Z',
      '2027-03-28T18:00:00.000Z',
    ]);
    const six = stockholmDateTime(2027, 3, 28, 6);
    await createSlots(db(), providerUser.id, [...day, six]);
    const bad = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: [six, day[1]!, day[2]!].map(iso),
    });
    expect(bad.status).toBe(422);
    const ok = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: day.map(iso),
    });
    expect(ok.status).toBe(201);
    const booking = (await ok.json()) as Booking;
    const provider = await signIn(server, providerUser);
    const confirmed = await provider.patch(`/api/bookings/confirm/${booking.id}`, {
      confirmedTime: iso(day[2]!),
    });
    expect(await confirmed.json()).toMatchObject({
      date: '2027-03-28',
      startTime: '20:00',
      endTime: '21:00',
    });
  });

  it('fall back (2026-10-25, 25 h): the 24 h policy counts real hours across the change', async () => {
    clock = new Date('2026-10-20T09:00:00Z');
    const { client, match } = await setup();
    // Monday 26 October 10:00 (CET) = 09:00Z; 24 real hours earlier is Sunday 09:00Z = 10:00 CET.
    const session = stockholmDateTime(2026, 10, 26, 10);
    expect(iso(session)).toBe('2026-10-26T09:00:00.000Z');
    const booking = await createBookingRow(db(), match, 'CONFIRMED', [session]);
    // Saturday 10:00 CEST (08:00Z) is 25 real hours before: allowed; Sunday 10:00 CET is exactly 24: refused.
    clock = new Date('2026-10-25T09:00:00Z');
    expect((await client.patch(`/api/bookings/cancel/${booking.id}`, {})).status).toBe(422);
    clock = new Date('2026-10-25T08:59:59.999Z');
    expect((await client.patch(`/api/bookings/cancel/${booking.id}`, {})).status).toBe(200);
  });
});

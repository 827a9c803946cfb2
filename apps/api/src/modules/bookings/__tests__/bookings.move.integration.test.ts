/*
 * Moving a session over HTTP against a real Postgres, by the therapist and
 * by the client, with every mail read back at a real SMTP server
 * (docs/rules/bookings.md#moving-a-session).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '@samtalsmatch/db';
import type { ApiError, Booking, SeriesResponse } from '@samtalsmatch/contracts';
import { icsEvents as events } from '../../../test/mail-capture';
import { useMailedServer } from '../../../test/mailed-server';
import {
  afterFirstSession,
  createBookingRow,
  createSlots,
  matchedPair,
  matchWithAnotherClient,
  signIn,
  slotsOf,
  stockholmTimes,
} from './fixtures';

const app = useMailedServer();
const { db, mailsTo, awaitMails } = app;
const iso = (d: Date) => d.toISOString();
const DAY = 24 * 3_600_000;

/** A confirmed session `days` ahead at `hour`, and both parties signed in. */
async function confirmedSession(
  options: { days?: number; hour?: number; policy?: 'TWENTY_FOUR_HOURS' | 'NO_CANCELLATION' } = {},
) {
  const pair = await matchedPair(app.server, { now: app.clock, policy: options.policy });
  const [time] = stockholmTimes(app.clock, options.days ?? 3, [options.hour ?? 10]);
  const booking = await createBookingRow(db(), pair.match, 'CONFIRMED', [time!]);
  const provider = await signIn(app.server, pair.providerUser);
  const client = await signIn(app.server, pair.clientUser);
  return { ...pair, time: time!, booking, provider, client };
}

async function rowOf(id: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

describe('PATCH /api/bookings/move/:id by the therapist', () => {
  it('moves to an unpublished hour: same id, old hour AVAILABLE, new BOOKED, SEQUENCE 1, the client mailed', async () => {
    const { providerUser, clientUser, booking, time, provider } = await confirmedSession();
    await db()
      .update(bookings)
      .set({ reminderSentAt: app.clock })
      .where(eq(bookings.id, booking.id));
    const [to] = stockholmTimes(app.clock, 5, [14]);
    const res = await provider.patch(`/api/bookings/move/${booking.id}`, { time: iso(to!) });
    expect(res.status).toBe(200);
    const moved = (await res.json()) as Booking;
    expect(moved).toMatchObject({ id: booking.id, status: 'CONFIRMED', confirmedTime: iso(to!) });
    const row = await rowOf(booking.id);
    expect(row.icsSequence).toBe(1);
    // The reminder is due again for the new hour.
    expect(row.reminderSentAt).toBeNull();
    const slots = await slotsOf(db(), providerUser.id);
    expect(slots.map((s) => [iso(s.startTime), s.status, s.bookingId])).toEqual([
      [iso(time), 'AVAILABLE', null],
      [iso(to!), 'BOOKED', booking.id],
    ]);

    const [mail, ...more] = await awaitMails(clientUser.email!, 1);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Din bokning har flyttats');
    expect(mail!.text).not.toContain(providerUser.name);
    const ics = events(mail!);
    expect(ics.method).toBe('REQUEST');
    expect(ics.events).toEqual([
      {
        uid: `booking-${booking.id}@localhost`,
        sequence: 1,
        start: iso(to!),
        status: 'CONFIRMED',
        summary: 'Samtal via Samtalsmatch',
      },
    ]);
    expect(await mailsTo(providerUser.email!)).toHaveLength(0);

    // Moving again raises the SEQUENCE again.
    const [later] = stockholmTimes(app.clock, 6, [9]);
    expect(
      (await provider.patch(`/api/bookings/move/${booking.id}`, { time: iso(later!) })).status,
    ).toBe(200);
    expect((await rowOf(booking.id)).icsSequence).toBe(2);
  });

  it('answers 409 when the hour is PENDING or BOOKED, and changes nothing', async () => {
    const { providerUser, booking, time, provider } = await confirmedSession();
    const other = await matchWithAnotherClient(app.server, providerUser.id);
    const pendingTimes = stockholmTimes(app.clock, 6, [9, 10, 11]);
    await createBookingRow(db(), other, 'PENDING_PROVIDER_CONFIRMATION', pendingTimes);
    const third = await matchWithAnotherClient(app.server, providerUser.id);
    const [booked] = stockholmTimes(app.clock, 7, [12]);
    await createBookingRow(db(), third, 'CONFIRMED', [booked!]);
    const before = await slotsOf(db(), providerUser.id);
    for (const to of [pendingTimes[0]!, booked!]) {
      const res = await provider.patch(`/api/bookings/move/${booking.id}`, { time: iso(to) });
      expect(res.status).toBe(409);
      expect(((await res.json()) as ApiError).code).toBe('SLOT_TAKEN');
    }
    expect(await slotsOf(db(), providerUser.id)).toEqual(before);
    const row = await rowOf(booking.id);
    expect([iso(row.confirmedTime!), row.icsSequence]).toEqual([iso(time), 0]);
  });

  it('applies the rebook checks in order, and refuses what is not a confirmed session ahead', async () => {
    const { match, booking, time, provider } = await confirmedSession();
    const move = (t: Date) => provider.patch(`/api/bookings/move/${booking.id}`, { time: iso(t) });
    const expectRefusal = async (t: Date, status: number, message: string) => {
      const res = await move(t);
      expect(res.status).toBe(status);
      expect(((await res.json()) as ApiError).message).toBe(message);
    };
    await expectRefusal(
      new Date(app.clock.getTime() - DAY),
      422,
      'Kan inte boka tid som redan har passerat',
    );
    await expectRefusal(
      new Date(app.clock.getTime() + 3_600_000 * 2),
      422,
      'Måste boka minst 24 timmar i förväg',
    );
    await expectRefusal(
      stockholmTimes(app.clock, 4, [21])[0]!,
      422,
      'Bokningar endast mellan 7:00-21:00',
    );
    await expectRefusal(
      stockholmTimes(app.clock, 80, [10])[0]!,
      422,
      'Du kan boka högst två månader framåt.',
    );
    await expectRefusal(time, 409, 'Bokningen ligger redan på den tiden. Välj en annan tid.');
    expect((await provider.patch(`/api/bookings/move/${booking.id}`, {})).status).toBe(400);
    expect(
      (
        await provider.patch(
          `/api/bookings/move/${booking.id}`,
          { time: iso(stockholmTimes(app.clock, 4, [10])[0]!) },
          { csrf: false },
        )
      ).status,
    ).toBe(403);
    const stranger = await signIn(app.server, (await matchedPair(app.server)).providerUser);
    expect(
      (
        await stranger.patch(`/api/bookings/move/${booking.id}`, {
          time: iso(stockholmTimes(app.clock, 4, [10])[0]!),
        })
      ).status,
    ).toBe(404);
    // A completed session does not move.
    const done = await createBookingRow(
      db(),
      match,
      'COMPLETED',
      stockholmTimes(app.clock, -7, [10]),
    );
    const res = await provider.patch(`/api/bookings/move/${done.id}`, {
      time: iso(stockholmTimes(app.clock, 4, [10])[0]!),
    });
    expect(res.status).toBe(409);
    expect((await rowOf(booking.id)).icsSequence).toBe(0);
  });

  it("moves one session of a series alone, within the series' six months", async () => {
    const { match, provider } = await afterFirstSession(app.server, app.clock);
    const series = (await (
      await provider.post('/api/bookings/series', {
        matchId: match.id,
        firstTime: iso(stockholmTimes(app.clock, 3, [10])[0]!),
        interval: 'WEEKLY',
        count: 3,
      })
    ).json()) as SeriesResponse;
    const [one, two, three] = series.bookings;
    // Past a single booking's two months, inside the series' six.
    const [far] = stockholmTimes(app.clock, 100, [10]);
    const res = await provider.patch(`/api/bookings/move/${two!.id}`, { time: iso(far!) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Booking).seriesInterval).toBe('WEEKLY');
    expect(iso((await rowOf(two!.id)).confirmedTime!)).toBe(iso(far!));
    expect(iso((await rowOf(one!.id)).confirmedTime!)).toBe(one!.confirmedTime);
    expect(iso((await rowOf(three!.id)).confirmedTime!)).toBe(three!.confirmedTime);
    const [tooFar] = stockholmTimes(app.clock, 200, [10]);
    const refused = await provider.patch(`/api/bookings/move/${two!.id}`, { time: iso(tooFar!) });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ApiError).message).toBe(
      'En serie kan sträcka sig högst sex månader framåt.',
    );
  });
});

describe('PATCH /api/bookings/move/:id by the client', () => {
  it("moves to one of the therapist's AVAILABLE hours within the policy; the therapist is mailed", async () => {
    const { providerUser, clientUser, booking, time, client } = await confirmedSession();
    const [open, unpublished] = stockholmTimes(app.clock, 6, [9, 10]);
    await createSlots(db(), providerUser.id, [open!]);
    const refused = await client.patch(`/api/bookings/move/${booking.id}`, {
      time: iso(unpublished!),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ApiError).message).toBe(
      'Välj en av terapeutens lediga tider.',
    );

    const res = await client.patch(`/api/bookings/move/${booking.id}`, { time: iso(open!) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Booking).confirmedTime).toBe(iso(open!));
    const slots = await slotsOf(db(), providerUser.id);
    expect(slots.map((s) => [iso(s.startTime), s.status])).toEqual([
      [iso(time), 'AVAILABLE'],
      [iso(open!), 'BOOKED'],
    ]);
    const [toTherapist, ...moreT] = await awaitMails(providerUser.email!, 1);
    expect(moreT).toHaveLength(0);
    expect(toTherapist!.subject).toBe('En bokning har flyttats');
    expect(`${toTherapist!.text}`).not.toContain(clientUser.name);
    const [toClient, ...moreC] = await awaitMails(clientUser.email!, 1);
    expect(moreC).toHaveLength(0);
    expect(events(toClient!).events[0]).toMatchObject({ sequence: 1, start: iso(open!) });
  });

  it('is refused once the policy no longer allows a cancel, and under NO_CANCELLATION', async () => {
    const { providerUser, booking, time, client } = await confirmedSession();
    const [open] = stockholmTimes(app.clock, 6, [9]);
    await createSlots(db(), providerUser.id, [open!]);
    // 20 hours before the session: inside the 24-hour policy.
    app.clock = new Date(time.getTime() - 20 * 3_600_000);
    const res = await client.patch(`/api/bookings/move/${booking.id}`, { time: iso(open!) });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ApiError).code).toBe('MOVE_NOT_ALLOWED');

    app.clock = new Date();
    const never = await confirmedSession({ policy: 'NO_CANCELLATION' });
    const [free] = stockholmTimes(app.clock, 6, [11]);
    await createSlots(db(), never.providerUser.id, [free!]);
    const refused = await never.client.patch(`/api/bookings/move/${never.booking.id}`, {
      time: iso(free!),
    });
    expect(refused.status).toBe(422);
    expect((await rowOf(never.booking.id)).icsSequence).toBe(0);
  });
});

/*
 * A weekly or biweekly series and cancelling the rest of it over HTTP
 * against a real Postgres, with every mail read back at a real SMTP server
 * (docs/rules/bookings.md#a-series-of-sessions).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookingSeries, bookings } from '@samtalsmatch/db';
import type { ApiError, Booking, SeriesResponse } from '@samtalsmatch/contracts';
import { icsEvents as events } from '../../../test/mail-capture';
import { useMailedServer } from '../../../test/mailed-server';
import {
  afterFirstSession as afterFirstSessionOf,
  bookingsOf,
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

/** A therapist and client whose first session is done, on the test's clock: a series may follow. */
const afterFirstSession = () => afterFirstSessionOf(app.server, app.clock);

describe('POST /api/bookings/series', () => {
  it('books 4 weekly sessions at the same hour, published or not; one mail with 4 events', async () => {
    const { providerUser, clientUser, match, provider } = await afterFirstSession();
    const [first] = stockholmTimes(app.clock, 3, [10]);
    const times = [0, 7, 14, 21].map((d) => stockholmTimes(app.clock, 3 + d, [10])[0]!);
    // Two hours are published, two are not: both kinds become BOOKED.
    await createSlots(db(), providerUser.id, [times[0]!, times[2]!]);

    const res = await provider.post('/api/bookings/series', {
      matchId: match.id,
      firstTime: iso(first!),
      interval: 'WEEKLY',
      count: 4,
      messageFromProvider: 'Vi ses varje vecka.',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as SeriesResponse;
    expect(body.interval).toBe('WEEKLY');
    expect(body.skipped).toBeUndefined();
    expect(body.bookings.map((b) => [b.status, b.confirmedTime, b.seriesId])).toEqual(
      times.map((t) => ['CONFIRMED', iso(t), body.id]),
    );
    expect(body.bookings.every((b) => b.seriesInterval === 'WEEKLY')).toBe(true);

    const slots = (await slotsOf(db(), providerUser.id)).filter((s) => s.startTime > app.clock);
    expect(slots.map((s) => [iso(s.startTime), s.status])).toEqual(
      times.map((t) => [iso(t), 'BOOKED']),
    );
    expect(new Set(slots.map((s) => s.bookingId))).toEqual(new Set(body.bookings.map((b) => b.id)));

    // The match list shows the series on each session.
    const client = await signIn(app.server, clientUser);
    const matchRes = await client.get(`/api/matches/${match.id}`);
    const shown = ((await matchRes.json()) as { bookings: Booking[] }).bookings;
    expect(shown.filter((b) => b.seriesId === body.id).map((b) => b.seriesInterval)).toEqual([
      'WEEKLY',
      'WEEKLY',
      'WEEKLY',
      'WEEKLY',
    ]);

    // Exactly one mail to the client, discreet, with one event per session.
    const [mail, ...more] = await awaitMails(clientUser.email!, 1);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Nya tider är bokade åt dig');
    for (const secret of ['Vi ses varje vecka.', providerUser.name]) {
      expect(`${mail!.subject}\n${mail!.text}\n${mail!.html}`).not.toContain(secret);
    }
    expect(mail!.text).toContain('4 tillfällen, varje vecka');
    const ics = events(mail!);
    expect(ics.method).toBe('REQUEST');
    expect(ics.events).toEqual(
      body.bookings.map((b) => ({
        uid: `booking-${b.id}@localhost`,
        sequence: 0,
        start: b.confirmedTime,
        status: 'CONFIRMED',
        summary: 'Samtal via Samtalsmatch',
      })),
    );
    expect(await mailsTo(providerUser.email!)).toHaveLength(0);
  });

  it('answers 409 with the taken hours and writes nothing; skipConflicts books the others', async () => {
    const { providerUser, clientUser, match, provider } = await afterFirstSession();
    const times = [0, 14, 28, 42].map((d) => stockholmTimes(app.clock, 4 + d, [15])[0]!);
    // Another client's request holds the 2nd hour (PENDING), another's session the 4th (BOOKED).
    const other = await matchWithAnotherClient(app.server, providerUser.id);
    await createBookingRow(db(), other, 'PENDING_PROVIDER_CONFIRMATION', [
      times[1]!,
      stockholmTimes(app.clock, 5, [9])[0]!,
      stockholmTimes(app.clock, 5, [10])[0]!,
    ]);
    const third = await matchWithAnotherClient(app.server, providerUser.id);
    await createBookingRow(db(), third, 'CONFIRMED', [times[3]!]);
    const slotsBefore = await slotsOf(db(), providerUser.id);

    const payload = {
      matchId: match.id,
      firstTime: iso(times[0]!),
      interval: 'BIWEEKLY',
      count: 4,
    };
    const refused = await provider.post('/api/bookings/series', payload);
    expect(refused.status).toBe(409);
    const error = (await refused.json()) as ApiError;
    expect(error.code).toBe('SERIES_CONFLICT');
    expect(error.conflicts).toEqual([iso(times[1]!), iso(times[3]!)]);
    expect(error.message).toMatch(/redan bokade/);
    // Nothing written: no series, no booking, the slots as they were (no hour added).
    expect(
      await db().select().from(bookingSeries).where(eq(bookingSeries.matchId, match.id)),
    ).toEqual([]);
    expect((await bookingsOf(db(), match.id)).map((b) => b.status)).toEqual(['COMPLETED']);
    expect(await slotsOf(db(), providerUser.id)).toEqual(slotsBefore);

    const res = await provider.post('/api/bookings/series', { ...payload, skipConflicts: true });
    expect(res.status).toBe(201);
    const body = (await res.json()) as SeriesResponse;
    expect(body.skipped).toEqual([iso(times[1]!), iso(times[3]!)]);
    expect(body.bookings.map((b) => b.confirmedTime)).toEqual([iso(times[0]!), iso(times[2]!)]);
    const mails = await awaitMails(clientUser.email!, 1);
    expect(mails).toHaveLength(1);
    expect(events(mails[0]!).events.map((e) => e.start)).toEqual([iso(times[0]!), iso(times[2]!)]);
  });

  it('counts an hour of an open session of the same match as a conflict', async () => {
    const { match, provider } = await afterFirstSession();
    const times = [0, 7].map((d) => stockholmTimes(app.clock, 3 + d, [11])[0]!);
    await createBookingRow(db(), match, 'CONFIRMED', [times[1]!]);
    const res = await provider.post('/api/bookings/series', {
      matchId: match.id,
      firstTime: iso(times[0]!),
      interval: 'WEEKLY',
      count: 2,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiError).conflicts).toEqual([iso(times[1]!)]);
  });

  it('is allowed beside a confirmed session still ahead, refused while a request is pending or before any session', async () => {
    // A confirmed session ahead is enough.
    const ahead = await matchedPair(app.server, { now: app.clock });
    await createBookingRow(db(), ahead.match, 'CONFIRMED', stockholmTimes(app.clock, 2, [9]));
    const aheadProvider = await signIn(app.server, ahead.providerUser);
    const ok = await aheadProvider.post('/api/bookings/series', {
      matchId: ahead.match.id,
      firstTime: iso(stockholmTimes(app.clock, 9, [9])[0]!),
      interval: 'BIWEEKLY',
      count: 3,
    });
    expect(ok.status).toBe(201);

    // A pending request: 409, and nothing written.
    const pending = await afterFirstSession();
    await createBookingRow(db(), pending.match, 'PENDING_PROVIDER_CONFIRMATION', pending.times);
    const refused = await pending.provider.post('/api/bookings/series', {
      matchId: pending.match.id,
      firstTime: iso(stockholmTimes(app.clock, 9, [9])[0]!),
      interval: 'WEEKLY',
      count: 2,
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ApiError).message).toBe(
      'Svara på den väntande bokningsförfrågan innan du bokar en serie.',
    );

    // No confirmed or completed session yet (a recommendation, or only a cancelled one): 409.
    const fresh = await matchedPair(app.server, { now: app.clock });
    const freshProvider = await signIn(app.server, fresh.providerUser);
    const none = await freshProvider.post('/api/bookings/series', {
      matchId: fresh.match.id,
      firstTime: iso(stockholmTimes(app.clock, 9, [9])[0]!),
      interval: 'WEEKLY',
      count: 2,
    });
    expect(none.status).toBe(409);
    expect(((await none.json()) as ApiError).message).toBe(
      'En serie kan bokas först efter ett bekräftat eller genomfört samtal.',
    );
  });

  it('checks role, ownership, CSRF, the payload and the times in order', async () => {
    const { clientUser, match, provider } = await afterFirstSession();
    const payload = {
      matchId: match.id,
      firstTime: iso(stockholmTimes(app.clock, 3, [10])[0]!),
      interval: 'WEEKLY',
      count: 3,
    };
    const client = await signIn(app.server, clientUser);
    expect((await client.post('/api/bookings/series', payload)).status).toBe(403);
    const stranger = await signIn(app.server, (await matchedPair(app.server)).providerUser);
    expect((await stranger.post('/api/bookings/series', payload)).status).toBe(404);
    expect((await provider.post('/api/bookings/series', payload, { csrf: false })).status).toBe(
      403,
    );

    for (const count of [1, 13, 2.5]) {
      const res = await provider.post('/api/bookings/series', { ...payload, count });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiError).fieldErrors?.count).toEqual([
        'En serie har 2 till 12 tillfällen.',
      ]);
    }
    expect(
      (await provider.post('/api/bookings/series', { ...payload, interval: 'MONTHLY' })).status,
    ).toBe(400);

    const expectRefusal = async (body: object, status: number, message: string) => {
      const res = await provider.post('/api/bookings/series', { ...payload, ...body });
      expect(res.status).toBe(status);
      expect(((await res.json()) as ApiError).message).toBe(message);
    };
    await expectRefusal(
      { firstTime: iso(new Date(app.clock.getTime() - DAY)) },
      422,
      'Kan inte boka tid som redan har passerat',
    );
    await expectRefusal(
      { firstTime: iso(stockholmTimes(app.clock, 1, [5])[0]!) },
      422,
      stockholmTimes(app.clock, 1, [5])[0]!.getTime() - app.clock.getTime() > DAY
        ? 'Bokningar endast mellan 7:00-21:00'
        : 'Måste boka minst 24 timmar i förväg',
    );
    await expectRefusal(
      { firstTime: iso(stockholmTimes(app.clock, 3, [21])[0]!) },
      422,
      'Bokningar endast mellan 7:00-21:00',
    );
    await expectRefusal(
      { firstTime: iso(stockholmTimes(app.clock, 160, [10])[0]!), interval: 'BIWEEKLY', count: 3 },
      422,
      'En serie kan sträcka sig högst sex månader framåt.',
    );
    expect((await bookingsOf(db(), match.id)).map((b) => b.status)).toEqual(['COMPLETED']);
  });

  it('leaves the client unable to send a new request while the series is confirmed', async () => {
    const { clientUser, providerUser, match, provider } = await afterFirstSession();
    const res = await provider.post('/api/bookings/series', {
      matchId: match.id,
      firstTime: iso(stockholmTimes(app.clock, 3, [13])[0]!),
      interval: 'WEEKLY',
      count: 2,
    });
    expect(res.status).toBe(201);
    const times = stockholmTimes(app.clock, 4, [9, 10, 11]);
    await createSlots(db(), providerUser.id, times);
    const client = await signIn(app.server, clientUser);
    const request = await client.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: times.map(iso),
    });
    expect(request.status).toBe(409);
    expect(((await request.json()) as ApiError).code).toBe('BOOKING_ALREADY_OPEN');
  });
});

describe('PATCH /api/bookings/series/:id/cancel', () => {
  it('cancels every future session in one go, with one mail carrying a CANCEL each', async () => {
    const { providerUser, clientUser, match, provider } = await afterFirstSession();
    const res = await provider.post('/api/bookings/series', {
      matchId: match.id,
      firstTime: iso(stockholmTimes(app.clock, 3, [8])[0]!),
      interval: 'WEEKLY',
      count: 4,
    });
    const series = (await res.json()) as SeriesResponse;
    await awaitMails(clientUser.email!, 1);

    // A week and a bit later the first session has passed: it stays.
    app.clock = new Date(app.clock.getTime() + 4 * DAY);
    const cancel = await provider.patch(`/api/bookings/series/${series.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    const body = (await cancel.json()) as { id: string; cancelled: Booking[] };
    const rest = series.bookings.slice(1);
    expect(body.cancelled.map((b) => [b.id, b.status, b.cancelledBy])).toEqual(
      rest.map((b) => [b.id, 'CANCELLED', 'PROVIDER']),
    );
    const rows = await db().select().from(bookings).where(eq(bookings.seriesId, series.id));
    expect(rows.find((r) => r.id === series.bookings[0]!.id)!.status).toBe('CONFIRMED');
    const slots = await slotsOf(db(), providerUser.id);
    for (const b of rest) {
      expect(slots.find((s) => iso(s.startTime) === b.confirmedTime)).toMatchObject({
        status: 'AVAILABLE',
        bookingId: null,
      });
    }

    const mails = await awaitMails(clientUser.email!, 2);
    expect(mails).toHaveLength(2);
    const cancelMail = mails.find((m) => m.subject === 'Dina kommande tider har avbokats')!;
    const ics = events(cancelMail);
    expect(ics.method).toBe('CANCEL');
    expect(ics.events.map((e) => [e.uid, e.sequence, e.status, e.start])).toEqual(
      rest.map((b) => [`booking-${b.id}@localhost`, 1, 'CANCELLED', b.confirmedTime]),
    );

    // Nothing left ahead: 409; the client may not; someone else's series is 404.
    const again = await provider.patch(`/api/bookings/series/${series.id}/cancel`, {});
    expect(again.status).toBe(409);
    const client = await signIn(app.server, clientUser);
    expect((await client.patch(`/api/bookings/series/${series.id}/cancel`, {})).status).toBe(403);
    const stranger = await signIn(app.server, (await matchedPair(app.server)).providerUser);
    expect((await stranger.patch(`/api/bookings/series/${series.id}/cancel`, {})).status).toBe(404);
  });

  it('leaves each session an ordinary booking: one can be cancelled alone first', async () => {
    const { clientUser, match, provider } = await afterFirstSession();
    const series = (await (
      await provider.post('/api/bookings/series', {
        matchId: match.id,
        firstTime: iso(stockholmTimes(app.clock, 5, [16])[0]!),
        interval: 'BIWEEKLY',
        count: 3,
      })
    ).json()) as SeriesResponse;
    const [one, two, three] = series.bookings;
    // The client cancels the first under the policy (more than 24 h ahead).
    const client = await signIn(app.server, clientUser);
    expect((await client.patch(`/api/bookings/cancel/${one!.id}`, {})).status).toBe(200);
    const cancel = await provider.patch(`/api/bookings/series/${series.id}/cancel`, {});
    expect(((await cancel.json()) as { cancelled: Booking[] }).cancelled.map((b) => b.id)).toEqual([
      two!.id,
      three!.id,
    ]);
  });
});

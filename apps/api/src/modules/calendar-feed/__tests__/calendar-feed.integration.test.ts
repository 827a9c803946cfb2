/*
 * The private calendar feed over HTTP against a real Postgres, parsed with
 * ical.js (docs/rules/bookings.md#a-private-calendar-feed, decisions 462-463).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { bookings, calendarFeeds, users } from '@samtalsmatch/db';
import {
  CALENDAR_FEED_SUMMARY,
  roomUrl,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@samtalsmatch/contracts';
import { createLogger } from '../../../lib/logger';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { createClient, FACTORY_PASSWORD } from '../../../test/factories';
import { issueToken } from '../../users/one-time-tokens.repository';
import {
  createBookingRow,
  createMatch,
  createProviderUser,
  signIn,
  stockholmTimes,
} from '../../bookings/__tests__/fixtures';

const METRICS_TOKEN = 'metrics-token-for-the-feed-test-0123456789';
let server: TestServer;
const logLines: string[] = [];
let clock = new Date();

beforeAll(async () => {
  server = await startTestServer(
    { METRICS_TOKEN, LOG_LEVEL: 'info' },
    {
      now: () => clock,
      logger: createLogger('info', { write: (line: string) => void logLines.push(line) }),
    },
  );
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  clock = new Date();
});

const db = () => server.database.db;
const FEED = '/api/users/me/calendar-feed';
const MESSAGE = 'Välkommen in, ring på porttelefonen.';

/** A client (with a password) and a verified therapist matched, both signed in. */
async function pair() {
  const clientUser = await createClient(server, { name: 'Klara Klientsson' });
  const providerUser = await createProviderUser(server);
  const match = await createMatch(server, clientUser.id, providerUser.id);
  const client = await signIn(server, clientUser);
  const provider = await signIn(server, providerUser);
  return { clientUser, providerUser, match, client, provider };
}

async function turnOn(http: TestClient): Promise<string> {
  const res = await http.post(FEED);
  expect(res.status).toBe(201);
  return ((await res.json()) as CalendarFeedCreated).url;
}

/** The feed fetched without a session, as a calendar app does. */
function fetchFeed(url: string, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}${new URL(url).pathname}`, { headers });
}

function secretOf(url: string): string {
  return /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1]!;
}

interface ParsedEvent {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  status: string;
  summary: string;
  location: string | null;
  properties: string[];
}

function parse(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    const location = v.getFirstPropertyValue('location');
    return {
      uid: e.uid,
      sequence: e.sequence,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      status: String(v.getFirstPropertyValue('status')),
      summary: e.summary,
      location: location === null ? null : String(location),
      properties: v.getAllProperties().map((p) => p.name),
    };
  });
  return { calendar, events };
}

async function feedEvents(url: string) {
  const res = await fetchFeed(url);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { res, text, ...parse(text) };
}

const uid = (bookingId: string) => `booking-${bookingId}@localhost`;

describe('POST, GET and DELETE /api/users/me/calendar-feed', () => {
  it('gives a URL under PUBLIC_URL with a 256-bit secret, keeps only its SHA-256, and says it is on', async () => {
    const { clientUser, client } = await pair();
    expect(((await (await client.get(FEED)).json()) as CalendarFeedStatus).enabled).toBe(false);
    const url = await turnOn(client);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const secret = secretOf(url);
    const [row] = await db()
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, clientUser.id));
    expect(row!.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    const dump = JSON.stringify((await db().execute(sql`select * from calendar_feeds`)).rows);
    expect(dump).not.toContain(secret);
    const status = (await (await client.get(FEED)).json()) as CalendarFeedStatus;
    expect(status.enabled).toBe(true);
    expect(status.createdAt).toEqual(row!.createdAt.toISOString());
    expect(JSON.stringify(status)).not.toContain(secret);
  });

  it('refuses without a session (401), without the CSRF token (403) and for an admin (403)', async () => {
    expect((await new TestClient(server.baseUrl).post(FEED, {}, { csrf: false })).status).toBe(403);
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.post(FEED)).status).toBe(401);
    const { client } = await pair();
    expect((await client.post(FEED, {}, { csrf: false })).status).toBe(403);
    expect((await client.delete(FEED, { csrf: false })).status).toBe(403);
    const [adminRow] = await db()
      .insert(users)
      .values({
        type: 'ADMIN',
        name: 'Admin Adminsson',
        email: 'admin.feed@exempel.se',
        onboardingStep: 'ONBOARDING_COMPLETED',
      })
      .returning();
    const admin = await signIn(server, adminRow!);
    const res = await admin.post(FEED);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: 403, message: expect.any(String) });
  });

  it('a second POST replaces the secret: the old URL answers 404, the new one the feed', async () => {
    const { client } = await pair();
    const first = await turnOn(client);
    expect((await fetchFeed(first)).status).toBe(200);
    const second = await turnOn(client);
    expect(second).not.toBe(first);
    const gone = await fetchFeed(first);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ status: 404, message: expect.any(String) });
    expect((await fetchFeed(second)).status).toBe(200);
  });

  it('DELETE turns it off (204): the URL answers 404, and again DELETE is 204', async () => {
    const { provider } = await pair();
    const url = await turnOn(provider);
    expect((await provider.delete(FEED)).status).toBe(204);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await provider.delete(FEED)).status).toBe(204);
    expect(((await (await provider.get(FEED)).json()) as CalendarFeedStatus).enabled).toBe(false);
  });

  it('answers 404 for a malformed or unknown secret (400 for one that does not decode), never 500', async () => {
    for (const [path, status] of [
      ['/api/calendar/kort.ics', 404],
      [`/api/calendar/${'A'.repeat(43)}.ics`, 404],
      [`/api/calendar/${'A'.repeat(500)}.ics`, 404],
      [`/api/calendar/${'%FF'.repeat(20)}.ics`, 400],
    ] as const) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(status);
      expect(await res.json()).toMatchObject({ status, message: expect.any(String) });
    }
  });
});

describe('GET /api/calendar/{secret}.ics', () => {
  it('lists each confirmed, completed and cancelled session in the window, nameless, with the invites’ UID and SEQUENCE', async () => {
    const { clientUser, providerUser, match, client, provider } = await pair();
    const [inPerson] = stockholmTimes(clock, 3, [10]);
    const [video] = stockholmTimes(clock, 4, [11]);
    const [cancelledAt] = stockholmTimes(clock, 5, [12]);
    const [past] = stockholmTimes(clock, -10, [9]);
    const [tooOld] = stockholmTimes(clock, -40, [9]);
    const [tooFar] = stockholmTimes(clock, 200, [9]);
    const pendingTimes = stockholmTimes(clock, 6, [9, 10, 11]);
    const a = await createBookingRow(db(), match, 'CONFIRMED', [inPerson!]);
    await db().update(bookings).set({ messageFromProvider: MESSAGE }).where(eq(bookings.id, a.id));
    const b = await createBookingRow(db(), match, 'CONFIRMED', [video!], {
      meetingFormat: 'VIDEO',
    });
    const c = await createBookingRow(db(), match, 'CANCELLED', [cancelledAt!], {
      confirmedTime: cancelledAt!,
      cancelledBy: 'PROVIDER',
    });
    await db().update(bookings).set({ icsSequence: 1 }).where(eq(bookings.id, c.id));
    const d = await createBookingRow(db(), match, 'COMPLETED', [past!]);
    await createBookingRow(db(), match, 'COMPLETED', [tooOld!]);
    await createBookingRow(db(), match, 'CONFIRMED', [tooFar!]);
    // A request without a time, and a cancelled one that never had one, are no events.
    const other = await createMatch(server, clientUser.id, (await createProviderUser(server)).id);
    await createBookingRow(db(), other, 'PENDING_PROVIDER_CONFIRMATION', pendingTimes);
    await createBookingRow(db(), other, 'CANCELLED', stockholmTimes(clock, 7, [9, 10, 11]));

    for (const http of [client, provider]) {
      const url = await turnOn(http);
      const { res, text, calendar, events } = await feedEvents(url);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(calendar.getFirstPropertyValue('method')).toBeNull();
      expect(events).toEqual([
        {
          uid: uid(d.id),
          sequence: 0,
          start: past!.toISOString(),
          end: new Date(past!.getTime() + 3_600_000).toISOString(),
          status: 'CONFIRMED',
          summary: CALENDAR_FEED_SUMMARY,
          location: null,
          properties: expect.any(Array),
        },
        {
          uid: uid(a.id),
          sequence: 0,
          start: inPerson!.toISOString(),
          end: new Date(inPerson!.getTime() + 3_600_000).toISOString(),
          status: 'CONFIRMED',
          summary: 'Samtal (Samtalsmatch)',
          location: null,
          properties: expect.any(Array),
        },
        {
          uid: uid(b.id),
          sequence: 0,
          start: video!.toISOString(),
          end: new Date(video!.getTime() + 3_600_000).toISOString(),
          status: 'CONFIRMED',
          summary: CALENDAR_FEED_SUMMARY,
          location: roomUrl(server.config.publicUrl, b.id),
          properties: expect.any(Array),
        },
        {
          uid: uid(c.id),
          sequence: 1,
          start: cancelledAt!.toISOString(),
          end: new Date(cancelledAt!.getTime() + 3_600_000).toISOString(),
          status: 'CANCELLED',
          summary: CALENDAR_FEED_SUMMARY,
          location: null,
          properties: expect.any(Array),
        },
      ]);
      for (const event of events) {
        for (const name of ['attendee', 'organizer', 'description']) {
          expect(event.properties).not.toContain(name);
        }
      }
      for (const word of [
        clientUser.name,
        providerUser.name,
        clientUser.email!,
        providerUser.email!,
        'Storgatan',
        MESSAGE,
        'terapeut',
        'terapi',
      ]) {
        expect(text.toLowerCase()).not.toContain(word.toLowerCase());
      }
    }
  });

  it('shows the address of a session at the practice only when the client turned discreet mails off, in both feeds', async () => {
    const { clientUser, match, client, provider } = await pair();
    const [time] = stockholmTimes(clock, 3, [10]);
    const booking = await createBookingRow(db(), match, 'CONFIRMED', [time!]);
    const clientUrl = await turnOn(client);
    const providerUrl = await turnOn(provider);
    expect((await feedEvents(clientUrl)).events[0]!.location).toBeNull();
    await db()
      .update(users)
      .set({ discreetMail: false, discreetMailChangedAt: new Date(), discreetMailDialogVersion: 1 })
      .where(eq(users.id, clientUser.id));
    for (const url of [clientUrl, providerUrl]) {
      const { events } = await feedEvents(url);
      expect(events.map((e) => [e.uid, e.location])).toEqual([
        [uid(booking.id), 'Storgatan 1, 111 22 Stockholm'],
      ]);
    }
  });

  it('after a move the event keeps its UID, takes the new time and SEQUENCE 1, and the ETag changes', async () => {
    const { match, client, provider } = await pair();
    const [time] = stockholmTimes(clock, 3, [10]);
    const booking = await createBookingRow(db(), match, 'CONFIRMED', [time!]);
    const url = await turnOn(client);
    const before = await feedEvents(url);
    const etag = before.res.headers.get('etag')!;
    expect(before.events.map((e) => [e.uid, e.sequence])).toEqual([[uid(booking.id), 0]]);

    const [to] = stockholmTimes(clock, 5, [14]);
    const moved = await provider.patch(`/api/bookings/move/${booking.id}`, {
      time: to!.toISOString(),
    });
    expect(moved.status).toBe(200);
    const after = await feedEvents(url);
    expect(after.events.map((e) => [e.uid, e.sequence, e.start, e.status])).toEqual([
      [uid(booking.id), 1, to!.toISOString(), 'CONFIRMED'],
    ]);
    expect(after.res.headers.get('etag')).not.toBe(etag);

    // Cancelled by the therapist: the same UID, CANCELLED, SEQUENCE 2.
    expect((await provider.patch(`/api/bookings/cancel/${booking.id}`)).status).toBe(200);
    const cancelled = await feedEvents(url);
    expect(cancelled.events.map((e) => [e.uid, e.sequence, e.status])).toEqual([
      [uid(booking.id), 2, 'CANCELLED'],
    ]);
  });

  it('is private, carries an ETag and answers 304 to If-None-Match while nothing changed', async () => {
    const { match, client } = await pair();
    await createBookingRow(db(), match, 'CONFIRMED', stockholmTimes(clock, 3, [10]));
    const url = await turnOn(client);
    const first = await fetchFeed(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('set-cookie')).toBeNull();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    // fetch() adds 'Cache-Control: no-cache' (a forced reload) to a conditional request
    // unless one is given; a calendar app revalidating sends none of that kind.
    const again = await fetchFeed(url, { 'if-none-match': etag!, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(
      (await fetchFeed(url, { 'if-none-match': '"other"', 'cache-control': 'max-age=0' })).status,
    ).toBe(200);
  });

  it('never writes the secret into the log or the metrics: the path is redacted and the route templated', async () => {
    const { client } = await pair();
    const url = await turnOn(client);
    const secret = secretOf(url);
    logLines.length = 0;
    expect((await fetchFeed(url)).status).toBe(200);
    // Spelt otherwise, it is still the same handler and still not logged.
    expect((await fetch(`${server.baseUrl}/API/CALENDAR/${secret}.ics?x=${secret}`)).status).toBe(
      200,
    );
    const metrics = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await metrics.text();
    expect(text).toContain('route="/api/calendar/:secret.ics"');
    expect(text).not.toContain(secret);
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/calendar/:secret');
    expect(logged).not.toContain(secret);
    expect(logged.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('stops when the person erases their account', async () => {
    const { clientUser, client } = await pair();
    const url = await turnOn(client);
    const res = await client.request('DELETE', '/api/users/me', {
      currentPassword: FACTORY_PASSWORD,
    });
    expect(res.status).toBe(204);
    expect((await fetchFeed(url)).status).toBe(404);
    const rows = await db()
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, clientUser.id));
    expect(rows).toHaveLength(0);
  });

  it('stops at a password reset', async () => {
    const { clientUser, client } = await pair();
    const url = await turnOn(client);
    const token = await issueToken(db(), clientUser.id, 'PASSWORD_RESET', {
      email: clientUser.email!,
    });
    const res = await new TestClient(server.baseUrl).post('/api/auth/reset-password', {
      token,
      password: 'Nytt-Höst-Äpple-83',
    });
    expect(res.status).toBe(200);
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('the export says whether the feed is on, never its secret nor its hash', async () => {
    const { client } = await pair();
    const off = (await (await client.get('/api/users/me/export')).json()) as {
      calendarFeed: unknown;
    };
    expect(off.calendarFeed).toEqual({ enabled: false, createdAt: null });
    const url = await turnOn(client);
    const secret = secretOf(url);
    const res = await client.get('/api/users/me/export');
    const text = await res.text();
    const file = JSON.parse(text) as { calendarFeed: { enabled: boolean; createdAt: string } };
    expect(file.calendarFeed).toEqual({ enabled: true, createdAt: expect.any(String) });
    expect(text).not.toContain(secret);
    expect(text).not.toContain(createHash('sha256').update(secret).digest('hex'));
  });

  it('keeps the window: 30 Stockholm days back, the six-month horizon ahead', async () => {
    const { match, client } = await pair();
    const inside = stockholmTimes(clock, -30, [9])[0]!;
    const outside = stockholmTimes(clock, -31, [20])[0]!;
    const a = await createBookingRow(db(), match, 'COMPLETED', [inside]);
    await createBookingRow(db(), match, 'COMPLETED', [outside]);
    const url = await turnOn(client);
    expect((await feedEvents(url)).events.map((e) => e.uid)).toEqual([uid(a.id)]);
  });
});

describe('the feed’s rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_CALENDAR_FEED: '3/100/60' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 from one address past the limit, unknown secrets counted too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await fetch(`${limited.baseUrl}/api/calendar/${'B'.repeat(43)}.ics`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

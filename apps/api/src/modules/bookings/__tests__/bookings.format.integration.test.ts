/*
 * A booking's meeting format (docs/rules/video.md#a-meeting-format-per-booking):
 * chosen by the client when the therapist offers both, otherwise the
 * therapist's own; carried in every booking answer; and its place in the
 * mails and invites (the room link for video, never the address).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { mailOutbox, providerProfiles } from '@samtalsmatch/db';
import type { Booking, MeetingFormat } from '@samtalsmatch/contracts';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  bookingById,
  bookingsOf,
  createBookingRow,
  createSlots,
  matchedPair,
  signInForWrites,
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

async function setup(offered: MeetingFormat | null) {
  const pair = await matchedPair(server);
  await db()
    .update(providerProfiles)
    .set({ meetingFormat: offered })
    .where(eq(providerProfiles.userId, pair.providerUser.id));
  await createSlots(db(), pair.providerUser.id, pair.times);
  const client = await signInForWrites(server, pair.clientUser);
  return { ...pair, client };
}

function request(setupResult: Awaited<ReturnType<typeof setup>>, meetingFormat?: string) {
  return setupResult.client.post('/api/bookings', {
    matchId: setupResult.match.id,
    suggestedTimes: setupResult.times.map(iso),
    ...(meetingFormat ? { meetingFormat } : {}),
  });
}

describe('POST /api/bookings: the meeting format', () => {
  it.each(['VIDEO', 'IN_PERSON'] as const)(
    'a therapist who offers both: the client’s choice (%s) is stored and answered',
    async (choice) => {
      const s = await setup('BOTH');
      const res = await request(s, choice);
      expect(res.status).toBe(201);
      const body = (await res.json()) as Booking;
      expect(body.meetingFormat).toBe(choice);
      expect((await bookingById(db(), body.id)).meetingFormat).toBe(choice);
      const match = (await (await s.client.get(`/api/matches/${s.match.id}`)).json()) as {
        bookings: Booking[];
      };
      expect(match.bookings.map((b) => b.meetingFormat)).toEqual([choice]);
    },
  );

  it('a therapist who offers both and no choice: 400 on meetingFormat, nothing written', async () => {
    const s = await setup('BOTH');
    const res = await request(s);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fieldErrors: { meetingFormat: ['Välj mötesform'] } });
    expect(await bookingsOf(db(), s.match.id)).toEqual([]);
  });

  it('a video-only therapist: video without a choice, 422 for "at the practice"', async () => {
    const s = await setup('VIDEO');
    const refused = await request(s, 'IN_PERSON');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'MEETING_FORMAT_NOT_OFFERED' });
    expect(await bookingsOf(db(), s.match.id)).toEqual([]);
    const res = await request(s);
    expect(res.status).toBe(201);
    expect(((await res.json()) as Booking).meetingFormat).toBe('VIDEO');
  });

  it.each([['IN_PERSON'], [null]] as const)(
    'a therapist whose format is %s: at the practice; a video choice is refused',
    async (offered) => {
      const s = await setup(offered);
      expect((await request(s, 'VIDEO')).status).toBe(422);
      const res = await request(s);
      expect(((await res.json()) as Booking).meetingFormat).toBe('IN_PERSON');
    },
  );

  it('a BOTH value is refused by the schema', async () => {
    const s = await setup('BOTH');
    const res = await request(s, 'BOTH');
    expect(res.status).toBe(400);
  });
});

/** The LOCATION of the client's one invite in the outbox. */
async function clientInviteLocation(email: string): Promise<string | null> {
  const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const ics = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  const location = vevent.getFirstPropertyValue('location');
  return location === null ? null : String(location);
}

describe('the place in the client’s mail and invite', () => {
  it('a confirmed video session: the room link, never the address', async () => {
    const s = await setup('BOTH');
    const created = (await (await request(s, 'VIDEO')).json()) as Booking;
    const provider = await signInForWrites(server, s.providerUser);
    const res = await provider.patch(`/api/bookings/confirm/${created.id}`, {
      confirmedTime: iso(s.times[0]!),
      messageFromProvider: null,
    });
    expect(res.status).toBe(200);
    const room = `${server.config.publicUrl}/samtal/${created.id}`;
    expect(await clientInviteLocation(s.clientUser.email!)).toBe(room);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, s.clientUser.email!));
    expect(mail!.text).toContain(room);
    if (s.providerUser.street) expect(mail!.text).not.toContain(s.providerUser.street);
  });

  it('a rebook by a therapist who offers both keeps the last session’s format', async () => {
    const s = await setup('BOTH');
    const past = stockholmTimes(new Date(), -3, [10]);
    await createBookingRow(db(), s.match, 'COMPLETED', past, { meetingFormat: 'VIDEO' });
    const provider = await signInForWrites(server, s.providerUser);
    const res = await provider.post('/api/bookings/rebook', {
      matchId: s.match.id,
      confirmedTime: iso(s.times[0]!),
      messageFromProvider: null,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Booking).meetingFormat).toBe('VIDEO');
    const other = await provider.post('/api/bookings/rebook', {
      matchId: s.match.id,
      confirmedTime: iso(s.times[1]!),
      messageFromProvider: null,
      meetingFormat: 'IN_PERSON',
    });
    // The first rebook is open: a second is refused, whatever its format.
    expect(other.status).toBe(409);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  addStockholmDays,
  HOUR_MS,
  isSelectableSlotStart,
  startOfStockholmDay,
  stockholmDateTime,
  stockholmDayLengthHours,
  stockholmParts,
  type AvailabilitySlot,
} from '@samtalsmatch/contracts';
import { availabilitySlots, bookings, matches, providerProfiles, users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { signedInClient, startSecondInstance } from '../../../test/accounts';
import { createProvider, signedInProvider } from '../../../test/provider-accounts';
import { listSlotsJson, slotsSnapshots } from '../availability.service';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** `hour`:00 Stockholm, `days` days from today. */
function at(days: number, hour: number): Date {
  const day = addStockholmDays(startOfStockholmDay(new Date()), days);
  const p = stockholmParts(day);
  return stockholmDateTime(p.year, p.month, p.day, hour, 0);
}

function slot(start: Date) {
  return {
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + HOUR_MS).toISOString(),
  };
}

async function provider(options: Parameters<typeof signedInProvider>[2] = {}) {
  const client = new TestClient(server.baseUrl);
  const me = await signedInProvider(server, client, {
    step: 'ONBOARDING_COMPLETED',
    profile: true,
    ...options,
  });
  return { client, me };
}

async function clientSession() {
  const client = new TestClient(server.baseUrl);
  await signedInClient(server, client);
  return client;
}

async function rowsOf(providerId: string) {
  return server.database.db
    .select()
    .from(availabilitySlots)
    .where(eq(availabilitySlots.providerId, providerId));
}

/** Marks slots PENDING (or BOOKED) for a booking, as the bookings module would. */
async function takeSlots(providerId: string, slotIds: string[], status: 'PENDING' | 'BOOKED') {
  const db = server.database.db;
  const clientEmail = `klient.${Math.random().toString(36).slice(2)}@exempel.se`;
  const [client] = await db
    .insert(users)
    .values({
      type: 'CLIENT',
      name: 'Klient',
      email: clientEmail,
      onboardingStep: 'ONBOARDING_COMPLETED',
    })
    .returning();
  const [match] = await db
    .insert(matches)
    .values({ clientId: client!.id, providerId, score: 0.9, status: 'ACTIVE' })
    .returning();
  const [booking] = await db
    .insert(bookings)
    .values({
      matchId: match!.id,
      status: 'PENDING_PROVIDER_CONFIRMATION',
      meetingFormat: 'IN_PERSON',
      suggestedTimes: [],
    })
    .returning();
  await db
    .update(availabilitySlots)
    .set({ status, bookingId: booking!.id })
    .where(inArray(availabilitySlots.id, slotIds));
}

async function addMany(client: TestClient, starts: Date[]): Promise<AvailabilitySlot[]> {
  const res = await client.post('/api/availabilities/many', { slots: starts.map(slot) });
  expect(res.status).toBe(201);
  return (await res.json()) as AvailabilitySlot[];
}

describe('POST /api/availabilities and /many', () => {
  it('adds a one-hour slot on the hour, AVAILABLE', async () => {
    const { client, me } = await provider();
    const res = await client.post('/api/availabilities', slot(at(2, 10)));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      ...slot(at(2, 10)),
      status: 'AVAILABLE',
      id: expect.any(String),
    });
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('is idempotent: the same slot again is no error and no second row', async () => {
    const { client, me } = await provider();
    const first = (await (
      await client.post('/api/availabilities', slot(at(3, 9)))
    ).json()) as AvailabilitySlot;
    const again = await client.post('/api/availabilities', slot(at(3, 9)));
    expect(again.status).toBe(201);
    expect(((await again.json()) as AvailabilitySlot).id).toBe(first.id);
    const many = await addMany(client, [at(3, 9), at(3, 10)]);
    expect(many.map((s) => s.id)).toContain(first.id);
    expect(await rowsOf(me.id)).toHaveLength(2);
  });

  it('refuses a slot that is not one hour on the hour (400, Swedish)', async () => {
    const { client, me } = await provider();
    const start = at(2, 10);
    const bad = [
      {
        startTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
        endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
      },
      {
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 2 * HOUR_MS).toISOString(),
      },
      { startTime: start.toISOString(), endTime: start.toISOString() },
    ];
    for (const body of bad) {
      const res = await client.post('/api/availabilities', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: 'En tid måste vara exakt en timme lång och börja på hel timme.',
      });
    }
    const garbage = await client.post('/api/availabilities', {
      startTime: 'i morgon',
      endTime: 'sen',
    });
    expect(garbage.status).toBe(400);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it('refuses past slots, the hour that has begun, and more than a year ahead (422)', async () => {
    const { client, me } = await provider();
    const hourStarted = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    for (const start of [at(-1, 10), hourStarted]) {
      const res = await client.post('/api/availabilities', slot(start));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        message: 'Du kan inte lägga till en tid som redan har passerat.',
        code: 'SLOT_IN_PAST',
      });
    }
    const far = await client.post('/api/availabilities', slot(at(400, 10)));
    expect(far.status).toBe(422);
    expect(((await far.json()) as { code: string }).code).toBe('SLOT_TOO_FAR');
    // One past slot in a batch refuses the whole batch.
    const mixed = await client.post('/api/availabilities/many', {
      slots: [slot(at(2, 10)), slot(at(-2, 10))],
    });
    expect(mixed.status).toBe(422);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it("refuses a start outside 07:00-20:00 Stockholm: 422 'Bokningar endast mellan 7:00-21:00', nothing saved", async () => {
    const { client, me } = await provider();
    for (const hour of [3, 6, 21, 23]) {
      const res = await client.post('/api/availabilities', slot(at(3, hour)));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        code: 'BOOKING_OUTSIDE_HOURS',
        message: 'Bokningar endast mellan 7:00-21:00',
        fieldErrors: { startTime: ['Bokningar endast mellan 7:00-21:00'] },
      });
    }
    const mixed = await client.post('/api/availabilities/many', {
      slots: [slot(at(3, 7)), slot(at(3, 20)), slot(at(3, 3))],
    });
    expect(mixed.status).toBe(422);
    expect(await mixed.json()).toMatchObject({
      fieldErrors: { 'slots.2.startTime': ['Bokningar endast mellan 7:00-21:00'] },
    });
    expect(await rowsOf(me.id)).toHaveLength(0);
    expect(await addMany(client, [at(3, 7), at(3, 20)])).toHaveLength(2);
  });

  it('refuses the same start twice in one batch, and an empty batch', async () => {
    const { client } = await provider();
    const dup = await client.post('/api/availabilities/many', {
      slots: [slot(at(2, 10)), slot(at(2, 10))],
    });
    expect(dup.status).toBe(400);
    expect(await dup.json()).toMatchObject({ message: 'Samma tid får bara finnas en gång.' });
    const empty = await client.post('/api/availabilities/many', { slots: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Välj minst en tid.' });
  });

  it('adds 6 weeks of weekday hours in one call', async () => {
    const { client, me } = await provider();
    const starts: Date[] = [];
    for (let d = 1; d <= 42; d += 1) {
      const day = at(d, 0);
      if (stockholmParts(day).weekday > 5) continue;
      for (let h = 8; h < 18; h += 1) starts.push(at(d, h));
    }
    const saved = await addMany(client, starts);
    expect(saved).toHaveLength(starts.length);
    expect(await rowsOf(me.id)).toHaveLength(starts.length);
  });

  it('moves QUESTIONS_COMPLETED to ONBOARDING_COMPLETED on the first saved slot, and no other step', async () => {
    const ready = await provider({ step: 'QUESTIONS_COMPLETED' });
    await ready.client.post('/api/availabilities', slot(at(2, 10)));
    const [row] = await server.database.db.select().from(users).where(eq(users.id, ready.me.id));
    expect(row!.onboardingStep).toBe('ONBOARDING_COMPLETED');

    const early = await provider({ step: 'PROFILE_COMPLETED' });
    await early.client.post('/api/availabilities', slot(at(2, 10)));
    const [earlyRow] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, early.me.id));
    expect(earlyRow!.onboardingStep).toBe('PROFILE_COMPLETED');

    // A refused save moves nothing.
    const refused = await provider({ step: 'QUESTIONS_COMPLETED' });
    await refused.client.post('/api/availabilities', slot(at(-1, 10)));
    const [refusedRow] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, refused.me.id));
    expect(refusedRow!.onboardingStep).toBe('QUESTIONS_COMPLETED');
  });

  it('is for providers only (401 signed out, 403 for a client) and needs the CSRF token', async () => {
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.post('/api/availabilities', slot(at(2, 10)))).status).toBe(401);
    const client = await clientSession();
    expect((await client.post('/api/availabilities', slot(at(2, 10)))).status).toBe(403);
    expect(
      (await client.post('/api/availabilities/many', { slots: [slot(at(2, 10))] })).status,
    ).toBe(403);
    expect(
      (await client.post('/api/availabilities/delete-many', { ids: [crypto.randomUUID()] })).status,
    ).toBe(403);
    const { client: p } = await provider();
    expect((await p.post('/api/availabilities', slot(at(2, 10)), { csrf: false })).status).toBe(
      403,
    );
  });
});

describe('GET /api/availabilities/{userId}', () => {
  it('shows the provider their own slots from today in every status', async () => {
    const { client, me } = await provider();
    const saved = await addMany(client, [at(1, 9), at(1, 10), at(1, 11), at(5, 12)]);
    await takeSlots(me.id, [saved[0]!.id], 'PENDING');
    await takeSlots(me.id, [saved[1]!.id], 'BOOKED');
    // A slot from yesterday (inserted directly: the API refuses past slots).
    await server.database.db.insert(availabilitySlots).values({
      providerId: me.id,
      startTime: at(-1, 10),
      endTime: new Date(at(-1, 10).getTime() + HOUR_MS),
    });
    const res = await client.get(`/api/availabilities/${me.id}`);
    expect(res.status).toBe(200);
    const slots = (await res.json()) as AvailabilitySlot[];
    expect(slots.map((s) => [s.startTime, s.status])).toEqual([
      [at(1, 9).toISOString(), 'PENDING'],
      [at(1, 10).toISOString(), 'BOOKED'],
      [at(1, 11).toISOString(), 'AVAILABLE'],
      [at(5, 12).toISOString(), 'AVAILABLE'],
    ]);
  });

  it('shows a client only a verified provider’s AVAILABLE slots that can be booked (more than 24 h ahead, 07-21, within the horizon)', async () => {
    const { client: p, me } = await provider({ verified: true });
    const saved = await addMany(p, [at(3, 7), at(3, 8), at(3, 20), at(4, 10), at(70, 10)]);
    // Stored before the server refused them (or at night, under 24 h ahead): still never shown.
    await server.database.db.insert(availabilitySlots).values(
      [new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS), at(3, 6), at(3, 21)].map(
        (start) => ({
          providerId: me.id,
          startTime: start,
          endTime: new Date(start.getTime() + HOUR_MS),
        }),
      ),
    );
    await takeSlots(
      me.id,
      [saved.find((s) => s.startTime === at(4, 10).toISOString())!.id],
      'PENDING',
    );
    const client = await clientSession();
    const res = await client.get(`/api/availabilities/${me.id}`);
    expect(res.status).toBe(200);
    const slots = (await res.json()) as AvailabilitySlot[];
    expect(slots.map((s) => s.startTime)).toEqual(
      [at(3, 7), at(3, 8), at(3, 20)].map((d) => d.toISOString()),
    );
    expect(slots.every((s) => s.status === 'AVAILABLE')).toBe(true);
  });

  it('answers a client 404 for an unverified provider, a client id and an unknown id', async () => {
    const unverified = await createProvider(server, {
      step: 'ONBOARDING_COMPLETED',
      profile: true,
    });
    const client = await clientSession();
    const me = (await (await client.get('/api/users/me')).json()) as { id: string };
    for (const id of [unverified.id, me.id, crypto.randomUUID()]) {
      const res = await client.get(`/api/availabilities/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Vårdgivare hittades inte' });
    }
    expect((await client.get('/api/availabilities/inte-ett-id')).status).toBe(400);
  });

  it('answers 403 to another provider and 401 when signed out', async () => {
    const other = await createProvider(server, { verified: true, step: 'ONBOARDING_COMPLETED' });
    const { client } = await provider({ verified: true });
    expect((await client.get(`/api/availabilities/${other.id}`)).status).toBe(403);
    expect(
      (await new TestClient(server.baseUrl).get(`/api/availabilities/${other.id}`)).status,
    ).toBe(401);
  });
});

describe('DELETE /api/availabilities/{id} and POST /delete-many', () => {
  it('removes one’s own AVAILABLE slot', async () => {
    const { client, me } = await provider();
    const [s] = await addMany(client, [at(2, 10)]);
    expect((await client.delete(`/api/availabilities/${s!.id}`)).status).toBe(204);
    expect(await rowsOf(me.id)).toHaveLength(0);
  });

  it('never removes another provider’s slot (404, still there)', async () => {
    const owner = await provider();
    const [s] = await addMany(owner.client, [at(2, 10)]);
    const { client: thief } = await provider();
    expect((await thief.delete(`/api/availabilities/${s!.id}`)).status).toBe(404);
    const many = await thief.post('/api/availabilities/delete-many', { ids: [s!.id] });
    expect(many.status).toBe(200);
    expect(await many.json()).toEqual({ deleted: 0 });
    expect(await rowsOf(owner.me.id)).toHaveLength(1);
  });

  it('never removes a PENDING or BOOKED slot: 409 and nothing removed, all or nothing', async () => {
    const { client, me } = await provider();
    const saved = await addMany(client, [at(2, 9), at(2, 10), at(2, 11)]);
    await takeSlots(me.id, [saved[1]!.id], 'PENDING');
    await takeSlots(me.id, [saved[2]!.id], 'BOOKED');
    for (const taken of [saved[1]!, saved[2]!]) {
      const one = await client.delete(`/api/availabilities/${taken.id}`);
      expect(one.status).toBe(409);
      expect(await one.json()).toMatchObject({
        message: 'Förfrågade eller bokade tider kan inte tas bort. Inga tider togs bort.',
      });
    }
    const many = await client.post('/api/availabilities/delete-many', {
      ids: saved.map((s) => s.id),
    });
    expect(many.status).toBe(409);
    expect(await rowsOf(me.id)).toHaveLength(3);

    const free = await client.post('/api/availabilities/delete-many', { ids: [saved[0]!.id] });
    expect(free.status).toBe(200);
    expect(await free.json()).toEqual({ deleted: 1 });
    const left = await rowsOf(me.id);
    expect(left.map((r) => r.status).sort()).toEqual(['BOOKED', 'PENDING']);
  });

  it('removes many at once, ignoring ids already gone', async () => {
    const { client, me } = await provider();
    const saved = await addMany(client, [at(2, 9), at(2, 10), at(2, 11)]);
    const res = await client.post('/api/availabilities/delete-many', {
      ids: [...saved.map((s) => s.id), crypto.randomUUID()],
    });
    expect(await res.json()).toEqual({ deleted: 3 });
    expect(await rowsOf(me.id)).toHaveLength(0);
    expect((await client.post('/api/availabilities/delete-many', { ids: [] })).status).toBe(400);
    expect((await client.delete('/api/availabilities/inte-ett-id')).status).toBe(400);
  });
});

describe('the days Sweden changes clocks', () => {
  /** 00:00 Stockholm of the next last Sunday of `month` (3 or 10) at least 2 days ahead. */
  function nextChangeDay(month: 3 | 10): Date {
    const now = new Date();
    for (let year = stockholmParts(now).year; ; year += 1) {
      let day = stockholmDateTime(year, month, 31, 0, 0);
      while (stockholmParts(day).weekday !== 7) day = addStockholmDays(day, -1);
      if (day.getTime() > now.getTime() + 2 * 24 * HOUR_MS) return day;
    }
  }

  it.each([
    [3, 23],
    [10, 25],
  ] as const)(
    'month %i: the %i-hour day has its 07-20 hours as slots, the night hours are refused',
    async (month, hours) => {
      const start = nextChangeDay(month);
      expect(stockholmDayLengthHours(start)).toBe(hours);
      const everyHour = Array.from(
        { length: hours },
        (_, i) => new Date(start.getTime() + i * HOUR_MS),
      );
      const { client: p, me } = await provider({ verified: true });
      const all = await p.post('/api/availabilities/many', { slots: everyHour.map(slot) });
      expect(all.status).toBe(422);
      expect(await all.json()).toMatchObject({
        code: 'BOOKING_OUTSIDE_HOURS',
        message: 'Bokningar endast mellan 7:00-21:00',
      });
      const starts = everyHour.filter((t) => {
        const { hour } = stockholmParts(t);
        return hour >= 7 && hour <= 20;
      });
      expect(starts).toHaveLength(14);
      const saved = await addMany(p, starts);
      expect(saved).toHaveLength(14);
      const own = (await (
        await p.get(`/api/availabilities/${me.id}`)
      ).json()) as AvailabilitySlot[];
      expect(own).toHaveLength(14);
      const client = await clientSession();
      const seen = (await (
        await client.get(`/api/availabilities/${me.id}`)
      ).json()) as AvailabilitySlot[];
      const inHorizon =
        start.getTime() < addStockholmDays(startOfStockholmDay(new Date()), 63).getTime();
      expect(seen.map((s) => stockholmParts(s.startTime).hour)).toEqual(
        inHorizon ? [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] : [],
      );
      const rows = await server.database.db
        .select()
        .from(availabilitySlots)
        .where(and(eq(availabilitySlots.providerId, me.id)));
      expect(rows).toHaveLength(14);
    },
  );
});

describe('GET /api/availabilities/{id}, read again after each change', () => {
  it('is never stale: every insert, status change, delete and re-insert shows at once, for the provider and a client', async () => {
    const { client: p, me } = await provider({ verified: true });
    const [a, b] = await addMany(p, [at(3, 9), at(3, 10)]);
    const client = await clientSession();
    const own = async () =>
      ((await (await p.get(`/api/availabilities/${me.id}`)).json()) as AvailabilitySlot[]).map(
        (s) => `${s.id}:${s.status}`,
      );
    const seen = async () =>
      ((await (await client.get(`/api/availabilities/${me.id}`)).json()) as AvailabilitySlot[]).map(
        (s) => s.id,
      );
    // Read twice first: a change must show on the next read, however often it was read before.
    for (let i = 0; i < 2; i += 1) {
      expect(await own()).toEqual([`${a!.id}:AVAILABLE`, `${b!.id}:AVAILABLE`]);
      expect(await seen()).toEqual([a!.id, b!.id]);
    }
    const [c] = await addMany(p, [at(3, 11)]);
    expect(await own()).toEqual([`${a!.id}:AVAILABLE`, `${b!.id}:AVAILABLE`, `${c!.id}:AVAILABLE`]);
    expect(await seen()).toEqual([a!.id, b!.id, c!.id]);
    await takeSlots(me.id, [a!.id], 'PENDING');
    expect(await own()).toEqual([`${a!.id}:PENDING`, `${b!.id}:AVAILABLE`, `${c!.id}:AVAILABLE`]);
    expect(await seen()).toEqual([b!.id, c!.id]);
    expect((await p.delete(`/api/availabilities/${b!.id}`)).status).toBe(204);
    expect(await own()).toEqual([`${a!.id}:PENDING`, `${c!.id}:AVAILABLE`]);
    expect(await seen()).toEqual([c!.id]);
    // The same hour removed (straight in the database) and added again: a new id.
    await server.database.db.delete(availabilitySlots).where(eq(availabilitySlots.id, c!.id));
    const [again] = await addMany(p, [at(3, 11)]);
    expect(again!.id).not.toBe(c!.id);
    expect(await own()).toEqual([`${a!.id}:PENDING`, `${again!.id}:AVAILABLE`]);
    expect(await seen()).toEqual([again!.id]);
    // Unverified after being read: a client gets 404 at once.
    await server.database.db
      .update(providerProfiles)
      .set({ isVerified: false })
      .where(eq(providerProfiles.userId, me.id));
    expect((await client.get(`/api/availabilities/${me.id}`)).status).toBe(404);
  });

  it('is never stale across processes: a change made through another instance shows at once', async () => {
    const { client: p, me } = await provider({ verified: true });
    const [a] = await addMany(p, [at(4, 9)]);
    const second = await startSecondInstance(server);
    try {
      const onSecond = new TestClient(second.baseUrl);
      onSecond.setCookie('samtalsmatch.sid', p.getCookie('samtalsmatch.sid')!);
      const read = async (http: TestClient) =>
        ((await (await http.get(`/api/availabilities/${me.id}`)).json()) as AvailabilitySlot[]).map(
          (s) => s.id,
        );
      expect(await read(p)).toEqual([a!.id]);
      expect(await read(onSecond)).toEqual([a!.id]);
      const res = await onSecond.post('/api/availabilities/many', { slots: [slot(at(4, 10))] });
      expect(res.status).toBe(201);
      const [b] = (await res.json()) as AvailabilitySlot[];
      expect(await read(p)).toEqual([a!.id, b!.id]);
    } finally {
      await second.close();
    }
  });
});

describe("a client's view as time passes (decision 220)", () => {
  it('drops a slot the moment it is 24 h away, and agrees with the rule at every instant read', async () => {
    const { client: p, me } = await provider({ verified: true });
    const [a, b] = await addMany(p, [at(3, 9), at(3, 10)]);
    const [viewer] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, await signedInClient(server, new TestClient(server.baseUrl))));
    const startA = Date.parse(a!.startTime);
    const snapshots = slotsSnapshots();
    const view = async (now: number) =>
      (
        JSON.parse(
          (
            await listSlotsJson(server.database.db, snapshots, viewer!, me.id, new Date(now))
          ).toString(),
        ) as AvailabilitySlot[]
      ).map((s) => s.id);
    const lastBookable = startA - 24 * HOUR_MS - 1;
    // Read twice at each instant: the second read is the one a cache would answer.
    for (const now of [
      lastBookable,
      lastBookable,
      lastBookable + 1,
      lastBookable + 1,
      lastBookable,
    ]) {
      const expected = [a!, b!]
        .filter((s) => isSelectableSlotStart(s.startTime, new Date(now)))
        .map((s) => s.id);
      expect(await view(now)).toEqual(expected);
    }
    expect(await view(lastBookable)).toEqual([a!.id, b!.id]);
    expect(await view(lastBookable + 1)).toEqual([b!.id]);
    // An hour later b has gone the same way.
    expect(await view(lastBookable + HOUR_MS + 1)).toEqual([]);
  });
});

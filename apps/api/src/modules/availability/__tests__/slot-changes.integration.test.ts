/*
 * POST /api/availabilities/changes: a save's whole change, the hours created
 * and the free slots removed, in one transaction, all or nothing
 * (docs/rules/availability.md#a-save-is-all-or-nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOUR_MS, MAX_SLOTS_PER_REQUEST } from '@samtalsmatch/contracts';
import { bookings, users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  createBookingRow,
  createSlots,
  matchedPair,
  signInForWrites,
  slotsOf,
  stockholmTimes,
} from '../../bookings/__tests__/fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
const db = () => server.database.db;
const iso = (d: Date) => d.toISOString();
const slot = (start: Date) => ({
  startTime: iso(start),
  endTime: iso(new Date(start.getTime() + HOUR_MS)),
});
/** `hours`:00 Stockholm, `days` days from now. */
const at = (days: number, ...hours: number[]) => stockholmTimes(new Date(), days, hours);

/** A signed-in therapist (with a matched client) whose saved free hours are day 3 at 10, 11, 12. */
async function therapist() {
  const pair = await matchedPair(server);
  const saved = await createSlots(db(), pair.providerUser.id, pair.times);
  const http = await signInForWrites(server, pair.providerUser);
  return { ...pair, saved, http };
}

const state = async (providerId: string) =>
  (await slotsOf(db(), providerId)).map((s) => `${iso(s.startTime)} ${s.status}`);

describe('POST /api/availabilities/changes', () => {
  it('creates and removes hours together, in one answer', async () => {
    const { providerUser, saved, http } = await therapist();
    const added = at(4, 9, 10);
    const res = await http.post('/api/availabilities/changes', {
      add: added.map(slot),
      removeIds: [saved[0]!.id, saved[2]!.id],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { added: { startTime: string }[]; removed: number };
    expect(body.removed).toBe(2);
    expect(body.added.map((s) => s.startTime)).toEqual(added.map(iso));
    expect(await state(providerUser.id)).toEqual(
      [saved[1]!.startTime, ...added].map((t) => `${iso(t)} AVAILABLE`),
    );
  });

  it('stores nothing when one removed hour was requested meanwhile: 409, the new hours not created either', async () => {
    const { providerUser, match, saved, times, http } = await therapist();
    await createBookingRow(db(), match, 'PENDING_PROVIDER_CONFIRMATION', [times[1]!]);
    const before = await state(providerUser.id);
    const res = await http.post('/api/availabilities/changes', {
      add: at(4, 9, 10).map(slot),
      removeIds: saved.map((s) => s.id),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'SLOT_NOT_REMOVABLE',
      message: 'Förfrågade eller bokade tider kan inte tas bort. Inga tider togs bort.',
    });
    expect(await state(providerUser.id)).toEqual(before);
  });

  it('checks every new hour before storing anything: each refused one named, nothing removed', async () => {
    const { providerUser, saved, http } = await therapist();
    const before = await state(providerUser.id);
    const res = await http.post('/api/availabilities/changes', {
      add: [slot(at(4, 10)[0]!), slot(at(-1, 10)[0]!), slot(at(4, 21)[0]!)],
      removeIds: [saved[0]!.id],
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'SLOT_IN_PAST',
      fieldErrors: {
        'add.1.startTime': ['Du kan inte lägga till en tid som redan har passerat.'],
        'add.2.startTime': ['Bokningar endast mellan 7:00-21:00'],
      },
    });
    expect(await state(providerUser.id)).toEqual(before);
  });

  it('refuses a malformed change with a Swedish 400, nothing stored', async () => {
    const { providerUser, saved, http } = await therapist();
    const before = await state(providerUser.id);
    const tenOClock = at(4, 10)[0]!;
    const cases: [unknown, string][] = [
      [{ add: [], removeIds: [] }, 'Välj minst en tid.'],
      [
        { add: [slot(tenOClock), slot(tenOClock)], removeIds: [] },
        'Samma tid får bara finnas en gång.',
      ],
      [{ add: [], removeIds: [saved[0]!.id, saved[0]!.id] }, 'Samma tid får bara finnas en gång.'],
      [
        {
          add: [
            {
              startTime: iso(tenOClock),
              endTime: iso(new Date(tenOClock.getTime() + 2 * HOUR_MS)),
            },
          ],
          removeIds: [],
        },
        'En tid måste vara exakt en timme lång och börja på hel timme.',
      ],
      [{ add: [], removeIds: ['inte-ett-id'] }, ''],
      [
        {
          add: [],
          removeIds: Array.from({ length: MAX_SLOTS_PER_REQUEST + 1 }, () => crypto.randomUUID()),
        },
        '',
      ],
      [{ removeIds: [saved[0]!.id] }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await http.post('/api/availabilities/changes', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const answer = (await res.json()) as {
        message: string;
        status: number;
        fieldErrors?: unknown;
      };
      expect(answer.status).toBe(400);
      expect(answer.fieldErrors).toBeDefined();
      if (message) expect(JSON.stringify(answer)).toContain(message);
    }
    expect(await state(providerUser.id)).toEqual(before);
  });

  it("never touches another therapist's slot: 404, theirs kept and nothing of the change stored", async () => {
    const owner = await therapist();
    const { providerUser, saved, http } = await therapist();
    const before = await state(providerUser.id);
    const res = await http.post('/api/availabilities/changes', {
      add: at(4, 9).map(slot),
      removeIds: [saved[0]!.id, owner.saved[0]!.id],
    });
    expect(res.status).toBe(404);
    expect(await state(owner.providerUser.id)).toHaveLength(3);
    expect(await state(providerUser.id)).toEqual(before);
  });

  it('is for a signed-in therapist with the CSRF token: 401, 403 for a client, 403 without the token', async () => {
    const { providerUser, clientUser, saved, http } = await therapist();
    const change = { add: at(4, 9).map(slot), removeIds: [saved[0]!.id] };
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.post('/api/availabilities/changes', change)).status).toBe(401);
    const asClient = await signInForWrites(server, clientUser);
    expect((await asClient.post('/api/availabilities/changes', change)).status).toBe(403);
    const noToken = await http.post('/api/availabilities/changes', change, { csrf: false });
    expect(noToken.status).toBe(403);
    expect(((await noToken.json()) as { code: string }).code).toBe('CSRF_INVALID');
    expect(await state(providerUser.id)).toHaveLength(3);
  });

  it('completes onboarding with the first saved hour, and not when refused', async () => {
    const { providerUser, saved, http } = await therapist();
    await db()
      .update(users)
      .set({ onboardingStep: 'QUESTIONS_COMPLETED' })
      .where(eq(users.id, providerUser.id));
    const step = async () =>
      (await db().select().from(users).where(eq(users.id, providerUser.id)))[0]!.onboardingStep;
    const refused = await http.post('/api/availabilities/changes', {
      add: [slot(at(-1, 10)[0]!)],
      removeIds: [],
    });
    expect(refused.status).toBe(422);
    expect(await step()).toBe('QUESTIONS_COMPLETED');
    const removedOnly = await http.post('/api/availabilities/changes', {
      add: [],
      removeIds: [saved[0]!.id],
    });
    expect(removedOnly.status).toBe(200);
    expect(await step()).toBe('QUESTIONS_COMPLETED');
    expect(
      (await http.post('/api/availabilities/changes', { add: at(4, 9).map(slot), removeIds: [] }))
        .status,
    ).toBe(200);
    expect(await step()).toBe('ONBOARDING_COMPLETED');
  });

  it('a save removing an hour races a booking request for it, 20 times: one wins, the other is 409, never a mix', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const { providerUser, clientUser, match, saved, times, http } = await therapist();
      const asClient = await signInForWrites(server, clientUser);
      const [newHour] = at(5, 9);
      const [save, request] = await Promise.all([
        http.post('/api/availabilities/changes', {
          add: [slot(newHour!)],
          removeIds: [saved[1]!.id],
        }),
        asClient.post('/api/bookings', { matchId: match.id, suggestedTimes: times.map(iso) }),
      ]);
      const statuses = [save.status, request.status];
      expect(
        statuses.filter((s) => s < 300),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s >= 300)).toEqual([409]);
      const booked = await db().select().from(bookings).where(eq(bookings.matchId, match.id));
      const rows = await state(providerUser.id);
      if (save.status === 200) {
        outcomes.add('save');
        expect(booked).toHaveLength(0);
        expect(rows).toEqual([times[0]!, times[2]!, newHour!].map((t) => `${iso(t)} AVAILABLE`));
      } else {
        outcomes.add('request');
        expect(((await save.json()) as { code: string }).code).toBe('SLOT_NOT_REMOVABLE');
        expect(booked).toHaveLength(1);
        expect(rows).toEqual(times.map((t) => `${iso(t)} PENDING`));
      }
    }
    // Either order may win; both outcomes are whole.
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  }, 120_000);
});

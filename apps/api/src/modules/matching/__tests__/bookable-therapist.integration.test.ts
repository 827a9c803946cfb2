import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  addStockholmDays,
  HOUR_MS,
  isTherapistBookable,
  isTherapistInStanding,
  MATCHING_SLOT_HORIZON_DAYS,
  type TherapistSlotFacts,
  type TherapistStandingFacts,
} from '@samtalsmatch/contracts';
import {
  availabilitySlots,
  providerProfiles,
  therapistBookable,
  therapistInStanding,
  users,
} from '@samtalsmatch/db';
import {
  createBooking,
  createClient,
  createMatch,
  createProvider,
  setVerified,
  stockholmHour,
} from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { clientMatchRows } from '../matches.repository';
import { candidatePool, topCandidates } from '../matching.repository';

// The one rule "a therapist a client may see or book"
// (docs/rules/matching.md#a-therapist-a-client-may-see-or-book) is written
// twice, as SQL (packages/db) and as a TypeScript predicate (contracts). The
// same cases go through both, and through the scoring and the empty list's
// counts, which read the SQL in two stages: any disagreement fails here.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The one slot every case with a slot has, 3 days ahead at 10:00 Stockholm. */
const SLOT = stockholmHour(3, 10);
const DAY_MS = 24 * HOUR_MS;
/** Instants around the window's two edges, and the real clock. */
const NOWS: { name: string; now: Date; slotBookable: boolean }[] = [
  { name: 'now', now: new Date(), slotBookable: true },
  {
    name: 'exactly 24 h before the slot',
    now: new Date(SLOT.getTime() - DAY_MS),
    slotBookable: false,
  },
  { name: 'just over 24 h before', now: new Date(SLOT.getTime() - DAY_MS - 1), slotBookable: true },
  {
    // 8 weeks are 56 Stockholm days, whatever daylight saving does in between.
    name: 'exactly 8 weeks before the slot',
    now: addStockholmDays(SLOT, -MATCHING_SLOT_HORIZON_DAYS),
    slotBookable: true,
  },
  {
    name: 'just over 8 weeks before',
    now: new Date(addStockholmDays(SLOT, -MATCHING_SLOT_HORIZON_DAYS).getTime() - 1),
    slotBookable: false,
  },
  { name: 'after the slot', now: new Date(SLOT.getTime() + HOUR_MS), slotBookable: false },
];

interface Case {
  name: string;
  /** In good standing (the therapist's own state). */
  standing: boolean;
  /** Has an AVAILABLE slot at SLOT (else none, or a held one). */
  availableSlot: boolean;
  make: () => Promise<string>;
}

const provider = async (overrides: Parameters<typeof createProvider>[1]) =>
  (await createProvider(server, overrides)).id;

const CASES: Case[] = [
  {
    name: 'verified, onboarding complete, an AVAILABLE slot',
    standing: true,
    availableSlot: true,
    make: () => provider({ slots: [{ start: SLOT }] }),
  },
  {
    name: 'verified, onboarding complete, no slot',
    standing: true,
    availableSlot: false,
    make: () => provider({}),
  },
  {
    name: 'verified, its only slot held by a request (PENDING)',
    standing: true,
    availableSlot: false,
    make: async () => {
      const id = await provider({});
      const client = await createClient(server);
      const match = await createMatch(server, { clientId: client.id, providerId: id });
      await createBooking(server, match.id, {
        suggestedTimes: [
          SLOT,
          new Date(SLOT.getTime() + HOUR_MS),
          new Date(SLOT.getTime() + 2 * HOUR_MS),
        ],
      });
      return id;
    },
  },
  {
    name: 'verified, its only slot BOOKED',
    standing: true,
    availableSlot: false,
    make: async () => {
      const id = await provider({});
      const client = await createClient(server);
      const match = await createMatch(server, { clientId: client.id, providerId: id });
      await createBooking(server, match.id, { status: 'CONFIRMED', suggestedTimes: [SLOT] });
      return id;
    },
  },
  {
    name: 'never verified',
    standing: false,
    availableSlot: true,
    make: () => provider({ verified: false, slots: [{ start: SLOT }] }),
  },
  {
    name: 'paused by an admin',
    standing: false,
    availableSlot: true,
    make: async () => {
      const id = await provider({ slots: [{ start: SLOT }] });
      await setVerified(server, id, false);
      await server.database.db
        .update(providerProfiles)
        .set({ pausedAt: new Date() })
        .where(eq(providerProfiles.userId, id));
      return id;
    },
  },
  {
    name: 'verified but onboarding not complete',
    standing: false,
    availableSlot: true,
    make: () => provider({ onboardingStep: 'QUESTIONS_COMPLETED', slots: [{ start: SLOT }] }),
  },
  {
    name: 'no profile',
    standing: false,
    availableSlot: true,
    make: () => provider({ profile: null, slots: [{ start: SLOT }] }),
  },
  {
    name: 'verified again after a pause',
    standing: true,
    availableSlot: true,
    make: async () => {
      const id = await provider({ slots: [{ start: SLOT }] });
      await setVerified(server, id, false);
      await setVerified(server, id, true);
      return id;
    },
  },
  {
    name: 'a client',
    standing: false,
    availableSlot: false,
    make: async () => (await createClient(server)).id,
  },
];

/** What the TypeScript predicate reads, read from the same rows the SQL reads. */
async function facts(
  id: string,
): Promise<{ therapist: TherapistStandingFacts; slots: TherapistSlotFacts[] }> {
  const db = server.database.db;
  const [row] = await db
    .select({
      type: users.type,
      onboardingStep: users.onboardingStep,
      verified: providerProfiles.isVerified,
    })
    .from(users)
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(eq(users.id, id));
  const slots = await db
    .select({ status: availabilitySlots.status, startTime: availabilitySlots.startTime })
    .from(availabilitySlots)
    .where(eq(availabilitySlots.providerId, id));
  return { therapist: { ...row!, verified: row!.verified === true }, slots };
}

async function sqlSays(id: string, now: Date): Promise<{ standing: boolean; bookable: boolean }> {
  const { rows } = await server.database.db.execute<{ standing: boolean; bookable: boolean }>(
    sql`select ${therapistInStanding(sql`${id}::uuid`)} as standing,
               ${therapistBookable(sql`${id}::uuid`, now)} as bookable`,
  );
  return rows[0]!;
}

describe('a therapist a client may see or book: the SQL and the predicate agree', () => {
  const ids = new Map<string, string>();
  beforeAll(async () => {
    for (const c of CASES) ids.set(c.name, await c.make());
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const id = ids.get(c.name)!;
      const { therapist, slots } = await facts(id);
      for (const { name, now, slotBookable } of NOWS) {
        const expected = {
          standing: c.standing,
          bookable: c.standing && c.availableSlot && slotBookable,
        };
        const predicate = {
          standing: isTherapistInStanding(therapist),
          bookable: isTherapistBookable(therapist, slots, now),
        };
        expect({ at: name, ...(await sqlSays(id, now)) }).toEqual({ at: name, ...predicate });
        expect({ at: name, ...predicate }).toEqual({ at: name, ...expected });
      }
    });
  }

  it('the scoring and the empty reason count exactly the bookable therapists', async () => {
    const client = await createClient(server);
    for (const { name, now } of NOWS) {
      const bookable: string[] = [];
      for (const c of CASES) {
        const id = ids.get(c.name)!;
        const { therapist, slots } = await facts(id);
        if (isTherapistBookable(therapist, slots, now)) bookable.push(id);
      }
      const top = await topCandidates(server.database.db, client.id, [], now, 100);
      expect({ at: name, ids: top.map((t) => t.providerId).sort() }).toEqual({
        at: name,
        ids: bookable.sort(),
      });
      const pool = await candidatePool(server.database.db, client.id, [], now);
      expect({ at: name, candidates: pool.candidates }).toEqual({
        at: name,
        candidates: bookable.length,
      });
    }
  });

  it("the client's match list marks exactly the bookable therapists' recommendations", async () => {
    const client = await createClient(server);
    for (const c of CASES) {
      if (c.name === 'a client') continue;
      await createMatch(server, { clientId: client.id, providerId: ids.get(c.name)! });
    }
    for (const { name, now } of NOWS) {
      const expected: string[] = [];
      for (const c of CASES) {
        const id = ids.get(c.name)!;
        const { therapist, slots } = await facts(id);
        if (isTherapistBookable(therapist, slots, now)) expected.push(id);
      }
      const rows = await clientMatchRows(server.database.db, client.id, now);
      expect({
        at: name,
        ids: rows
          .filter((r) => r.bookable)
          .map((r) => r.providerId)
          .sort(),
      }).toEqual({ at: name, ids: expected.sort() });
    }
  });
});

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { availabilitySlots, users, type Executor } from '@samtalsmatch/db';

export type SlotRow = typeof availabilitySlots.$inferSelect;

const slotColumns = {
  id: availabilitySlots.id,
  startTime: availabilitySlots.startTime,
  endTime: availabilitySlots.endTime,
  status: availabilitySlots.status,
};
export type SlotView = { id: string; startTime: Date; endTime: Date; status: SlotRow['status'] };

/**
 * The slots as the API sends them (SPEC §3: id, startTime, endTime, status),
 * built as one JSON text by Postgres: with a few thousand rows the API then
 * only passes a string on (decision 200). Times are formatted exactly like
 * `Date.toISOString()`.
 */
const SLOTS_JSON = `coalesce(json_agg(json_build_object(
    'id', id,
    'startTime', to_char(start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'endTime', to_char(end_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', status) order by start_time), '[]')::text`;

/*
 * A fingerprint of a provider's slots from `from` on: their number and the
 * sum of a 64-bit hash of each slot's id seeded with its status (ids are
 * never reused, start and end never change). Any insert, delete or status
 * change alters it. It reads the rows but formats nothing (decision 193), and
 * hashes the uuid and the enum as they are stored, without making text of
 * them: a third of the cost of hashing `id::text || status::text` (decision 235).
 */
const FINGERPRINT = `count(*)::text || ':' || coalesce(sum(uuid_hash_extended(id, hashenumextended(status, 0))), 0)::text`;

/*
 * The reads of GET /availabilities/{userId} run on every request, so they are
 * statements prepared once per connection under a name (decision 235): no
 * query building in Node, and Postgres neither parses nor plans them again.
 */
const SLOTS_OF = `from availability_slots where provider_id = $1::uuid and start_time >= $2::timestamptz`;

/** The fingerprint of the provider's slots from `from` on (see FINGERPRINT). */
export async function slotsFingerprint(
  pool: pg.Pool,
  providerId: string,
  from: Date,
): Promise<string> {
  const result = await pool.query<{ fingerprint: string }>({
    name: 'availability_fingerprint',
    text: `select ${FINGERPRINT} as fingerprint ${SLOTS_OF}`,
    values: [providerId, from.toISOString()],
  });
  return result.rows[0]!.fingerprint;
}

/**
 * Every slot of the provider from `from` on, in every status, as JSON (the
 * provider's own view), with the fingerprint of the same rows (one statement,
 * one snapshot).
 */
export async function ownSlotsJson(
  pool: pg.Pool,
  providerId: string,
  from: Date,
): Promise<{ json: string; fingerprint: string }> {
  const result = await pool.query<{ json: string; fingerprint: string }>({
    name: 'availability_own_slots',
    text: `select ${SLOTS_JSON} as json, ${FINGERPRINT} as fingerprint ${SLOTS_OF}`,
    values: [providerId, from.toISOString()],
  });
  return result.rows[0]!;
}

/**
 * A user's type, for a provider whether the profile is verified, and the
 * fingerprint of their slots from `from` on (one statement, one round trip).
 */
export async function providerStanding(
  pool: pg.Pool,
  userId: string,
  from: Date,
): Promise<{ type: string; verified: boolean; fingerprint: string } | undefined> {
  const result = await pool.query<{ type: string; verified: boolean | null; fingerprint: string }>({
    name: 'availability_standing',
    text: `select u.type, pp.is_verified as verified,
             (select ${FINGERPRINT} ${SLOTS_OF}) as fingerprint
           from users u left join provider_profiles pp on pp.user_id = u.id where u.id = $1::uuid`,
    values: [userId, from.toISOString()],
  });
  const row = result.rows[0];
  return row
    ? { type: row.type, verified: row.verified === true, fingerprint: row.fingerprint }
    : undefined;
}

/**
 * Inserts one-hour slots at the given starts in ONE statement; a start the
 * provider already has is skipped (ON CONFLICT DO NOTHING on the unique
 * (provider, start)), so adding a slot twice is no error and no second
 * row. Returns the provider's slots at those starts, new and old.
 */
export async function insertSlots(
  db: Executor,
  providerId: string,
  starts: Date[],
): Promise<SlotView[]> {
  // One array parameter (a Postgres array literal), however many slots.
  const isoStarts = `{${starts.map((d) => d.toISOString()).join(',')}}`;
  await db.execute(sql`
    insert into availability_slots (provider_id, start_time, end_time)
    select ${providerId}::uuid, s, s + interval '1 hour'
    from unnest(${isoStarts}::timestamptz[]) as s
    on conflict (provider_id, start_time) do nothing`);
  return db
    .select(slotColumns)
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.providerId, providerId),
        sql`${availabilitySlots.startTime} = any(${isoStarts}::timestamptz[])`,
      ),
    )
    .orderBy(asc(availabilitySlots.startTime));
}

/** The provider's slots among `ids`, locked until the transaction ends. */
export async function lockOwnSlots(
  db: Executor,
  providerId: string,
  ids: string[],
): Promise<SlotView[]> {
  return db
    .select(slotColumns)
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.providerId, providerId), inArray(availabilitySlots.id, ids)))
    .orderBy(asc(availabilitySlots.id))
    .for('update');
}

/** Deletes the given AVAILABLE slots of the provider; the count deleted. */
export async function deleteAvailableSlots(
  db: Executor,
  providerId: string,
  ids: string[],
): Promise<number> {
  const rows = await db
    .delete(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.providerId, providerId),
        eq(availabilitySlots.status, 'AVAILABLE'),
        inArray(availabilitySlots.id, ids),
      ),
    )
    .returning({ id: availabilitySlots.id });
  return rows.length;
}

/** QUESTIONS_COMPLETED → ONBOARDING_COMPLETED (any other step stays). */
export async function completeOnboarding(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ onboardingStep: 'ONBOARDING_COMPLETED' })
    .where(and(eq(users.id, userId), eq(users.onboardingStep, 'QUESTIONS_COMPLETED')));
}

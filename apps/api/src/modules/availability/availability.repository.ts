import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { availabilitySlots, therapistInStanding, users, type Executor } from '@samtalsmatch/db';

export type SlotRow = typeof availabilitySlots.$inferSelect;

const slotColumns = {
  id: availabilitySlots.id,
  startTime: availabilitySlots.startTime,
  endTime: availabilitySlots.endTime,
  status: availabilitySlots.status,
};
export type SlotView = { id: string; startTime: Date; endTime: Date; status: SlotRow['status'] };

/**
 * The slots as the API sends them (id, startTime, endTime, status; docs/rules/availability.md#slots),
 * built as one JSON text by Postgres: with a few thousand rows the API then
 * only passes a string on (decision 200). Times are formatted exactly like
 * `Date.toISOString()`.
 */
const SLOTS_JSON = sql.raw(`coalesce(json_agg(json_build_object(
    'id', id,
    'startTime', to_char(start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'endTime', to_char(end_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', status) order by start_time), '[]')::text`);

/*
 * The fingerprint of a provider's slots from a day on (their snapshot is kept
 * by lib/fingerprint-cache.ts): the number of slots and the sum of a 64-bit
 * hash of each slot row's xmin, the id of the transaction that wrote that row
 * version, so any committed insert, update or delete changes it (but for a
 * 2^-64 coincidence); it formats nothing. It must cover, by itself, every row
 * the snapshot shows:
 *   - the provider's slots starting at or after `from`, every column shown
 *     (id, start, end, status): their rows' xmin, and their number
 * (Who may see them, the provider's standing, is read on every request, not kept.)
 */
const FINGERPRINT = sql.raw(
  `count(*)::text || ':' || coalesce(sum(hashxidextended(xmin, 0)), 0)::text`,
);

const slotsOf = (providerId: string, from: Date) =>
  sql`from availability_slots
      where provider_id = ${providerId}::uuid and start_time >= ${from.toISOString()}::timestamptz`;

/** The current fingerprint of the provider's slots from `from` on (see FINGERPRINT). */
export async function slotsFingerprint(
  db: Executor,
  providerId: string,
  from: Date,
): Promise<string> {
  const { rows } = await db.execute<{ fingerprint: string }>(
    sql`select ${FINGERPRINT} as fingerprint ${slotsOf(providerId, from)}`,
  );
  return rows[0]!.fingerprint;
}

/**
 * Every slot of the provider from `from` on, in every status, as JSON (the
 * provider's own view, by start), with the fingerprint of the same rows (one
 * statement, one snapshot).
 */
export async function ownSlotsJson(
  db: Executor,
  providerId: string,
  from: Date,
): Promise<{ json: string; fingerprint: string }> {
  const { rows } = await db.execute<{ json: string; fingerprint: string }>(
    sql`select ${SLOTS_JSON} as json, ${FINGERPRINT} as fingerprint ${slotsOf(providerId, from)}`,
  );
  return rows[0]!;
}

/** The user is a therapist in good standing (docs/rules/matching.md#a-therapist-a-client-may-see-or-book). */
export async function isTherapistInStanding(db: Executor, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(
    sql`select ${therapistInStanding(sql`${userId}::uuid`)} as ok`,
  );
  return rows[0]?.ok === true;
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

import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { availabilitySlots, users, type Executor } from '@samtalsmatch/db';

export type SlotRow = typeof availabilitySlots.$inferSelect;

const slotColumns = {
  id: availabilitySlots.id,
  startTime: availabilitySlots.startTime,
  endTime: availabilitySlots.endTime,
  status: availabilitySlots.status,
};
export type SlotView = { id: string; startTime: Date; endTime: Date; status: SlotRow['status'] };

/** A provider's slots from `from` on, in every status, by start time. */
export async function listSlotsFrom(
  db: Executor,
  providerId: string,
  from: Date,
): Promise<SlotView[]> {
  return db
    .select(slotColumns)
    .from(availabilitySlots)
    .where(
      and(eq(availabilitySlots.providerId, providerId), gte(availabilitySlots.startTime, from)),
    )
    .orderBy(asc(availabilitySlots.startTime));
}

/** A provider's AVAILABLE slots starting after `after` and before `before`. */
export async function listAvailableSlotsBetween(
  db: Executor,
  providerId: string,
  after: Date,
  before: Date,
): Promise<SlotView[]> {
  return db
    .select(slotColumns)
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.providerId, providerId),
        eq(availabilitySlots.status, 'AVAILABLE'),
        gt(availabilitySlots.startTime, after),
        lt(availabilitySlots.startTime, before),
      ),
    )
    .orderBy(asc(availabilitySlots.startTime));
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

import { sql, type SQL } from 'drizzle-orm';
import { bookableSlotWindow } from '@samtalsmatch/contracts';

/*
 * "A therapist a client may see or book" (docs/rules/matching.md#a-therapist-a-client-may-see-or-book),
 * as SQL fragments for Drizzle. Their TypeScript twin is contracts
 * `isTherapistInStanding` / `isBookableSlot` / `isTherapistBookable`
 * (packages/contracts/src/rules/bookable-therapist.ts);
 * apps/api/src/modules/matching/__tests__/bookable-therapist.integration.test.ts
 * feeds the same cases through both and fails when they disagree. Every read
 * and write that depends on the rule uses these, never a copy.
 *
 * Good standing is read from `matching_vectors.candidate`, the copy of the
 * therapist's own state (PROVIDER, ONBOARDING_COMPLETED, verified profile)
 * that triggers keep (docs/rules/matching.md#the-triggers-that-remain): the
 * scoring scans that one narrow table for 100 000 therapists.
 */

/** The `matching_vectors` row aliased `vectors` is a therapist in good standing. */
export function standingOfVectorsRow(vectors: string): SQL {
  return sql`${sql.identifier(vectors)}.candidate`;
}

/** The user whose id is `providerId` (an SQL expression of type uuid) is a therapist in good standing. */
export function therapistInStanding(providerId: SQL): SQL {
  return sql`exists (
    select 1 from matching_vectors standing
    where standing.user_id = ${providerId} and ${standingOfVectorsRow('standing')}
  )`;
}

/**
 * The slot row aliased `slot` is a bookable slot of `providerId` at `now`:
 * AVAILABLE, starting in (now + 24 h, now + 8 weeks].
 */
export function bookableSlot(slot: string, providerId: SQL, now: Date): SQL {
  const a = sql.identifier(slot);
  const { from, until } = bookableSlotWindow(now);
  return sql`${a}.provider_id = ${providerId} and ${a}.status = 'AVAILABLE'
    and ${a}.start_time > ${from.toISOString()}::timestamptz
    and ${a}.start_time <= ${until.toISOString()}::timestamptz`;
}

/** `providerId` has at least one bookable slot at `now`. */
export function hasBookableSlot(providerId: SQL, now: Date): SQL {
  return sql`exists (select 1 from availability_slots bookable where ${bookableSlot('bookable', providerId, now)})`;
}

/** `providerId` is bookable at `now`: in good standing, with a bookable slot. */
export function therapistBookable(providerId: SQL, now: Date): SQL {
  return sql`(${therapistInStanding(providerId)} and ${hasBookableSlot(providerId, now)})`;
}

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
 * The window a bookable slot starts in, as two SQL timestamptz expressions:
 * values for a statement built per call (`bookableWindowAt`), placeholders
 * for a prepared one (decision 440), bound to `bookableSlotWindow(now)`.
 */
export interface BookableWindowSql {
  from: SQL;
  until: SQL;
}

/** The window of `now` (contracts `bookableSlotWindow`) as values of the statement. */
export function bookableWindowAt(now: Date): BookableWindowSql {
  const { from, until } = bookableSlotWindow(now);
  return {
    from: sql`${from.toISOString()}::timestamptz`,
    until: sql`${until.toISOString()}::timestamptz`,
  };
}

/**
 * The slot row aliased `slot` is a bookable slot of `providerId` in the
 * window: AVAILABLE, starting in (now + 24 h, now + 8 weeks].
 */
export function bookableSlotIn(slot: string, providerId: SQL, window: BookableWindowSql): SQL {
  const a = sql.identifier(slot);
  return sql`${a}.provider_id = ${providerId} and ${a}.status = 'AVAILABLE'
    and ${a}.start_time > ${window.from}
    and ${a}.start_time <= ${window.until}`;
}

/** `bookableSlotIn` at `now`. */
export function bookableSlot(slot: string, providerId: SQL, now: Date): SQL {
  return bookableSlotIn(slot, providerId, bookableWindowAt(now));
}

/** `providerId` has at least one bookable slot in the window. */
export function hasBookableSlotIn(providerId: SQL, window: BookableWindowSql): SQL {
  return sql`exists (select 1 from availability_slots bookable where ${bookableSlotIn('bookable', providerId, window)})`;
}

/** `providerId` has at least one bookable slot at `now`. */
export function hasBookableSlot(providerId: SQL, now: Date): SQL {
  return hasBookableSlotIn(providerId, bookableWindowAt(now));
}

/** `providerId` is bookable in the window: in good standing, with a bookable slot. */
export function therapistBookableIn(providerId: SQL, window: BookableWindowSql): SQL {
  return sql`(${therapistInStanding(providerId)} and ${hasBookableSlotIn(providerId, window)})`;
}

/** `providerId` is bookable at `now`: in good standing, with a bookable slot. */
export function therapistBookable(providerId: SQL, now: Date): SQL {
  return therapistBookableIn(providerId, bookableWindowAt(now));
}

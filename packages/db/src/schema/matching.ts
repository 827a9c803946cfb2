import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Each user's answers as one row of bitmasks for matching (decision 140):
 * `masks[q]` holds the answer to the question whose `order` is q, one bit per
 * option (bit `option.order - 1`; 'any' sets every bit; no answer is 0).
 * Maintained only by database triggers on `answers` (custom SQL in the
 * migration) and rebuilt for everyone after the questionnaire is upserted,
 * so no application code writes it. Lets the matching score 100 000
 * therapists with integer operations on one row each.
 *
 * `candidate` (decision 190) copies the eligibility of a therapist (type
 * PROVIDER, ONBOARDING_COMPLETED, a verified profile), kept by triggers on
 * `users` and `provider_profiles` too, so the scoring reads this one table
 * instead of joining users and provider_profiles for every therapist. A
 * candidate without answers has a row of zero masks.
 */
export const matchingVectors = pgTable(
  'matching_vectors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    masks: bigint('masks', { mode: 'number' }).array().notNull(),
    candidate: boolean('candidate').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The candidate scan reads the candidates' rows only, not every client's (decision 501).
  (t) => [
    index('matching_vectors_candidates_idx')
      .on(t.userId)
      .where(sql`${t.candidate}`),
  ],
);

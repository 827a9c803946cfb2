import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { matches } from './booking';
import { users } from './users';

/**
 * The client's fit check of a match after its first completed session
 * (docs/rules/matching.md#fit-check): four answers 0-4, or a dismissal.
 * One row per match; the therapist reads the answers only when shared.
 */
export const fitChecks = pgTable(
  'fit_checks',
  {
    matchId: uuid('match_id')
      .primaryKey()
      .references(() => matches.id, { onDelete: 'cascade' }),
    heard: smallint('heard'),
    goals: smallint('goals'),
    approach: smallint('approach'),
    continueWith: smallint('continue_with'),
    shareWithTherapist: boolean('share_with_therapist').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'fit_checks_answers_range',
      sql`${t.heard} between 0 and 4 and ${t.goals} between 0 and 4
        and ${t.approach} between 0 and 4 and ${t.continueWith} between 0 and 4
        or ${t.heard} is null and ${t.goals} is null and ${t.approach} is null and ${t.continueWith} is null`,
    ),
    check('fit_checks_answered_has_answers', sql`(${t.answeredAt} is null) = (${t.heard} is null)`),
  ],
);

/**
 * A client's standing wish to be told when therapists who fit arrive
 * (docs/rules/matching.md#match-alert). A row while the wish is on.
 */
export const matchAlerts = pgTable('match_alerts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull().defaultNow(),
  // The background round's turn: the least recently checked go first.
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  // At most one mail in seven days: claimed by the statement that queues it.
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
  // The recommendations last gained a therapist at a list read (decision 500):
  // news for the next round, which mails for it as for a gain of its own.
  gainedAt: timestamp('gained_at', { withTimezone: true }),
});

import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A person's private calendar feed (docs/rules/bookings.md#a-private-calendar-feed):
 * at most one per person, found by the SHA-256 of the secret in its URL. The
 * secret itself is never stored: only its holder can build the URL again.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // Hex SHA-256 of the URL's secret (256 random bits).
  secretHash: text('secret_hash').notNull().unique('calendar_feeds_secret_hash_unique'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

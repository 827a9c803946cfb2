import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A person's private calendar feed (docs/rules/bookings.md#a-private-calendar-feed,
 * decision 462): one row while it is on. Only the SHA-256 of the URL's
 * secret is kept, so a copy of the database yields no feed; a new secret
 * replaces the row's hash, and turning the feed off deletes the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Hex SHA-256 of the secret: a request's secret is hashed and looked up here.
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_secret_hash_idx').on(t.secretHash)],
);

import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * Stored images (profile images), re-encoded by the API before they land
 * here (decision 150: Postgres, so every API replica serves them with
 * nothing else to share). Read only through signed URLs.
 */
export const images = pgTable(
  'images',
  {
    // Random and unguessable; the key in profile_image_key and in /api/images/{key}.
    key: uuid('key').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('images_owner_idx').on(t.ownerId, t.createdAt),
    check(
      'images_content_type',
      sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`,
    ),
    check('images_byte_size', sql`${t.byteSize} = octet_length(${t.data})`),
    check(
      'images_dimensions',
      sql`${t.width} between 1 and 1024 and ${t.height} between 1 and 1024`,
    ),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accessKindEnum, consentKindEnum, userTypeEnum } from './enums';
import { users } from './users';

/**
 * Consents a user has given, one per kind, with the version of the text
 * given to (docs/rules/privacy.md#questionnaire-consent). Withdrawing deletes the row.
 */
export const consents = pgTable(
  'consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: consentKindEnum('kind').notNull(),
    version: integer('version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('consents_version_positive', sql`${t.version} > 0`),
  ],
);

/**
 * Who has read a person's data (docs/rules/privacy.md#access-log; decision
 * 412): written in the transaction of the read, one row per reader, person,
 * kind and Stockholm day, with the first read (`read_at`), the last
 * (`last_read_at`) and how many (`read_count`). Writers use ON CONFLICT
 * DO UPDATE on the unique key.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readerRole: userTypeEnum('reader_role').notNull(),
    kind: accessKindEnum('kind').notNull(),
    stockholmDay: date('stockholm_day', { mode: 'string' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    readCount: integer('read_count').notNull().default(1),
  },
  (t) => [
    uniqueIndex('access_log_reader_subject_kind_day_unique').on(
      t.readerId,
      t.subjectId,
      t.kind,
      t.stockholmDay,
    ),
    index('access_log_subject_idx').on(t.subjectId, t.readAt),
    check('access_log_not_self', sql`${t.readerId} <> ${t.subjectId}`),
    check('access_log_read_count_positive', sql`${t.readCount} >= 1`),
    check('access_log_last_after_first', sql`${t.lastReadAt} >= ${t.readAt}`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { mailStatusEnum, tokenPurposeEnum } from './enums';
import { users } from './users';

// The table connect-pg-simple reads and writes (its own documented layout).
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [index('IDX_session_expire').on(t.expire)],
);

// One-time tokens (verification, reset, e-mail change): only a SHA-256 hash is stored.
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    data: jsonb('data').$type<Record<string, string>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

// Durable e-mail outbox: written in the transaction that caused the mail,
// delivered by the worker, retried with backoff.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Whose mail it is, whichever address it went to (decision 411): export and
    // erasure find a mail to an old address by it. Null for a mail to an
    // address no account holds.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    status: mailStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_user_idx').on(t.userId),
    check('mail_outbox_attempts_nonnegative', sql`${t.attempts} >= 0`),
  ],
);

/**
 * Append-only audit log (docs/rules/admin.md#audit-log): each admin read of a personnummer and each
 * verification change. A trigger (migration 0002) refuses UPDATE, DELETE and
 * TRUNCATE, so not even the application's own role can alter a row. The user
 * ids carry no foreign key: a deleted account must not rewrite (SET NULL) or
 * block on its history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    requestId: text('request_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetUserId, t.createdAt)],
);

// Fixed-window rate-limit counters shared by every API process.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// Small key/value facts about this database (for example: demo data seeded).
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

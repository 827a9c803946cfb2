import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SessionFormat } from '@samtalsmatch/contracts';
import {
  bookingStatusEnum,
  cancelledByEnum,
  matchStatusEnum,
  meetingFormatEnum,
  seriesIntervalEnum,
  slotStatusEnum,
} from './enums';
import { timestamps, users } from './users';

export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: matchStatusEnum('status').notNull().default('PENDING'),
    score: doublePrecision('score').notNull(),
    // Which answers overlapped, per question key, so the UI can say why.
    overlaps: jsonb('overlaps').$type<Record<string, string[]>>().notNull().default({}),
    // The place (1 = best) in the ranking that made or last rescored it: equal
    // scores keep the ranking's order (ties on the earliest bookable slot).
    rank: smallint('rank').notNull().default(0),
    // When the client switched away (status ENDED); null again on undo
    // (docs/rules/matching.md#switching-therapist).
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('matches_client_provider_unique').on(t.clientId, t.providerId),
    index('matches_provider_idx').on(t.providerId),
    check('matches_score_range', sql`${t.score} >= 0 and ${t.score} <= 1`),
    check('matches_distinct_parties', sql`${t.clientId} <> ${t.providerId}`),
  ],
);

/**
 * A weekly or biweekly series a therapist booked after a first session
 * (docs/rules/bookings.md#a-series-of-sessions). Its sessions are ordinary
 * bookings that point here; a move keeps a session within `endsBefore`.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    interval: seriesIntervalEnum('interval').notNull(),
    // The series' six months, from the day it was booked: no session lies at or after it.
    endsBefore: timestamp('ends_before', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('booking_series_match_idx').on(t.matchId)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    status: bookingStatusEnum('status').notNull(),
    // How this session happens: VIDEO (the room, never the address) or IN_PERSON
    // (docs/rules/video.md#a-meeting-format-per-booking). Never BOTH: a check says so.
    meetingFormat: meetingFormatEnum('meeting_format').$type<SessionFormat>().notNull(),
    suggestedTimes: timestamp('suggested_times', { withTimezone: true }).array().notNull(),
    confirmedTime: timestamp('confirmed_time', { withTimezone: true }),
    messageFromProvider: text('message_from_provider'),
    cancelledBy: cancelledByEnum('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // A request's deadline: unanswered by then, it becomes EXPIRED (decision 170). A new
    // request's is the earlier of 48 h after sending and 12 h before its first time
    // (docs/rules/bookings.md#a-request-is-answered-within-48-hours).
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // The .ics SEQUENCE of the booking's calendar event; grows with each change (decision 171).
    icsSequence: integer('ics_sequence').notNull().default(0),
    // Claimed by the one statement that queues the 24-hour reminder (exactly once).
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    // Claimed by the one statement that queues the therapist's reminder of an unanswered request.
    requestReminderSentAt: timestamp('request_reminder_sent_at', { withTimezone: true }),
    // The series the session belongs to, if any.
    seriesId: uuid('series_id').references(() => bookingSeries.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('bookings_match_idx').on(t.matchId),
    index('bookings_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'PENDING_PROVIDER_CONFIRMATION'`),
    index('bookings_request_reminder_due_idx')
      .on(t.expiresAt)
      .where(
        sql`${t.status} = 'PENDING_PROVIDER_CONFIRMATION' and ${t.requestReminderSentAt} is null`,
      ),
    index('bookings_reminder_due_idx')
      .on(t.confirmedTime)
      .where(sql`${t.status} = 'CONFIRMED' and ${t.reminderSentAt} is null`),

    index('bookings_series_idx').on(t.seriesId),
    // A match may hold several confirmed sessions (a series), but at most one
    // pending request, and never two open bookings at the same hour
    // (docs/rules/bookings.md#a-series-of-sessions).
    uniqueIndex('bookings_one_pending_per_match')
      .on(t.matchId)
      .where(sql`${t.status} = 'PENDING_PROVIDER_CONFIRMATION'`),
    uniqueIndex('bookings_one_open_per_match_hour')
      .on(t.matchId, t.confirmedTime)
      .where(sql`${t.status} = 'CONFIRMED'`),
    check(
      'bookings_confirmed_has_time',
      sql`${t.status} not in ('CONFIRMED', 'COMPLETED') or ${t.confirmedTime} is not null`,
    ),
    check(
      'bookings_cancelled_has_who_and_when',
      sql`(${t.status} = 'CANCELLED') = (${t.cancelledBy} is not null and ${t.cancelledAt} is not null)`,
    ),
    check(
      'bookings_completed_has_when',
      sql`(${t.status} = 'COMPLETED') = (${t.completedAt} is not null)`,
    ),
    check('bookings_suggested_count', sql`cardinality(${t.suggestedTimes}) <= 3`),
    check('bookings_meeting_format_one', sql`${t.meetingFormat} in ('VIDEO', 'IN_PERSON')`),
  ],
);

/**
 * Who entered or left a booking's video room, and when: for support
 * (docs/rules/video.md#what-the-server-keeps). Never media, SDP or anything said.
 */
export const videoEvents = pgTable(
  'video_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'JOINED' | 'ADMITTED' | 'LEFT'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_events_booking_idx').on(t.bookingId, t.at),
    index('video_events_user_idx').on(t.userId),
    check('video_events_kind', sql`${t.kind} in ('JOINED', 'ADMITTED', 'LEFT')`),
  ],
);

export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: slotStatusEnum('status').notNull().default('AVAILABLE'),
    // When the booking row is deleted, trigger bookings_release_slots (custom
    // migration 0001) makes the slot AVAILABLE again before this SET NULL runs.
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('availability_slots_provider_start_unique').on(t.providerId, t.startTime),
    index('availability_slots_provider_status_start_idx').on(t.providerId, t.status, t.startTime),
    check('availability_slots_one_hour', sql`${t.endTime} = ${t.startTime} + interval '1 hour'`),
    // In UTC, not the session's time zone: a server whose TimeZone is, say,
    // +05:30 must not refuse 10:00 Stockholm. (Stockholm's offsets are whole hours.)
    check(
      'availability_slots_on_the_hour',
      sql`date_trunc('hour', ${t.startTime} at time zone 'UTC') = (${t.startTime} at time zone 'UTC')`,
    ),
    // A booking holds at most one BOOKED slot (its confirmed hour; a move hands it over).
    uniqueIndex('availability_slots_one_booked_per_booking')
      .on(t.bookingId)
      .where(sql`${t.status} = 'BOOKED'`),
    check(
      'availability_slots_booking_state',
      sql`(${t.status} = 'AVAILABLE') = (${t.bookingId} is null)`,
    ),
  ],
);

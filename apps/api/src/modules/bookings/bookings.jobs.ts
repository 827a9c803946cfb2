import { sql } from 'drizzle-orm';
import type { Database } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { notifyMailQueued } from '../../lib/mailer';
import { mailContext } from '../mail/context';
import { enqueueMail } from '../mail/outbox';
import { clientReminderMail, providerReminderMail, requestReminderMail } from './bookings.mails';
import { expireAllRequests } from './bookings.expiry';

/** How long before a confirmed session both parties are reminded. */
const REMINDER_LEAD_HOURS = 24;

type DueRow = {
  id: string;
  meeting_format: 'VIDEO' | 'IN_PERSON';
  confirmed_time: Date;
  client_name: string;
  client_email: string | null;
  client_discreet_mail: boolean;
  provider_name: string;
  provider_email: string | null;
};

/**
 * Queues the 24-hour reminders that are due. One statement claims each
 * booking (reminder_sent_at set where it was null, RETURNING the claimed
 * rows) in the same transaction that queues its mails, so with several API
 * processes running this at once each booking is reminded exactly once. The
 * due bookings are taken in id order, skipping those another transaction
 * holds: two processes never wait on each other (no deadlock), and a booking
 * a transition holds is claimed next round if still due.
 */
export async function sendDueReminders(db: Database, config: Config, now: Date): Promise<number> {
  const ctx = mailContext(config);
  const count = await db.transaction(async (tx) => {
    const due = await tx.execute<DueRow>(sql`
      with due as (
        select id from bookings
        where status = 'CONFIRMED' and reminder_sent_at is null
          and confirmed_time > ${now.toISOString()}::timestamptz
          and confirmed_time <= ${now.toISOString()}::timestamptz + make_interval(hours => ${REMINDER_LEAD_HOURS})
        order by id
        for update skip locked
      ), claimed as (
        update bookings b set reminder_sent_at = ${now.toISOString()}::timestamptz
        from due where b.id = due.id
        returning b.id, b.match_id, b.confirmed_time, b.meeting_format
      )
      select claimed.id, claimed.confirmed_time, claimed.meeting_format,
        c.name as client_name, c.email as client_email, c.discreet_mail as client_discreet_mail,
        p.name as provider_name, p.email as provider_email
      from claimed
      join matches m on m.id = claimed.match_id
      join users c on c.id = m.client_id
      join users p on p.id = m.provider_id
    `);
    for (const row of due.rows) {
      const time = new Date(row.confirmed_time);
      const session = { bookingId: row.id, meetingFormat: row.meeting_format };
      if (row.client_email) {
        await enqueueMail(
          tx,
          clientReminderMail(
            ctx,
            {
              name: row.client_name,
              email: row.client_email,
              discreetMail: row.client_discreet_mail,
            },
            row.provider_name,
            time,
            session,
          ),
        );
      }
      if (row.provider_email) {
        await enqueueMail(
          tx,
          providerReminderMail(
            ctx,
            { name: row.provider_name, email: row.provider_email },
            time,
            session,
          ),
        );
      }
    }
    return due.rows.length;
  });
  if (count > 0) notifyMailQueued();
  return count;
}

/**
 * Queues the therapist's one reminder of each request still unanswered
 * halfway to its deadline (docs/rules/bookings.md#a-request-is-answered-within-48-hours).
 * Claimed like the session reminders: one statement sets
 * request_reminder_sent_at where it was null, skipping rows another
 * transaction holds, in the transaction that queues the mails, so with
 * several API processes each request is reminded exactly once. Halfway is
 * `requestReminderAt` in contracts; this is the same instant in SQL.
 */
export async function sendRequestReminders(db: Database, config: Config, now: Date) {
  const ctx = mailContext(config);
  const count = await db.transaction(async (tx) => {
    const due = await tx.execute<{ expires_at: Date; name: string; email: string | null }>(sql`
      with due as (
        select id from bookings
        where status = 'PENDING_PROVIDER_CONFIRMATION' and request_reminder_sent_at is null
          and expires_at > ${now.toISOString()}::timestamptz
          and created_at + (expires_at - created_at) / 2 <= ${now.toISOString()}::timestamptz
        order by id
        for update skip locked
      ), claimed as (
        update bookings b set request_reminder_sent_at = ${now.toISOString()}::timestamptz
        from due where b.id = due.id
        returning b.match_id, b.expires_at
      )
      select claimed.expires_at, p.name, p.email
      from claimed
      join matches m on m.id = claimed.match_id
      join users p on p.id = m.provider_id
    `);
    for (const row of due.rows) {
      if (!row.email) continue;
      await enqueueMail(
        tx,
        requestReminderMail(ctx, { name: row.name, email: row.email }, new Date(row.expires_at)),
      );
    }
    return due.rows.length;
  });
  if (count > 0) notifyMailQueued();
  return count;
}

/**
 * One round of the bookings' background work: expire stale requests (each
 * client told once), remind therapists of unanswered requests, queue due
 * session reminders.
 */
export async function runBookingJobs(db: Database, config: Config, now = new Date()) {
  const expired = await db.transaction((tx) => expireAllRequests(tx, config, now));
  if (expired.length > 0) notifyMailQueued();
  const requestsReminded = await sendRequestReminders(db, config, now);
  const reminded = await sendDueReminders(db, config, now);
  return { expired: expired.length, requestsReminded, reminded };
}

/** How often each API process runs the bookings' round. */
export const BOOKING_JOBS_INTERVAL_MS = 60_000;

import { sql } from 'drizzle-orm';
import { RETENTION } from '@samtalsmatch/contracts';
import {
  deleteRowsOf,
  INACTIVE_ANSWERS_DELETES,
  users,
  type Database,
  type Executor,
  type RetentionStep,
} from '@samtalsmatch/db';
import type { Config } from '../../config';
import { notifyMailQueued } from '../../lib/mailer';
import { pruneRateLimits } from '../../lib/rate-limit';
import { mailContext } from '../mail/context';
import { clearOldMailBodies, enqueueMail } from '../mail/outbox';
import { greetingName } from '../mail/templates';
import { eraseLockedAccount } from './erasure.service';
import { inactiveAnswersNoticeMail, unverifiedAccountReminderMail } from './retention.mails';

/*
 * The retention round (docs/rules/privacy.md#retention, decision 356). Once a day in every
 * API process; several processes may run it at the same moment. Each step
 * claims its rows with FOR UPDATE SKIP LOCKED in the transaction that acts
 * on them and marks them done there, so a row is handled by exactly one
 * process and a mail is queued exactly once: a second round at the same
 * time skips what the first holds and finds nothing left of what it did.
 * Only clients are touched: a therapist (waiting for review or not) is
 * never removed or emptied by it.
 */

/** The steps of the hourly clean-up; the daily round runs the other retention steps. */
type HourlyStep = 'mailBodiesCleared' | 'rateLimitsPruned';
type RoundStep = Exclude<RetentionStep, HourlyStep>;

/** What a round did: the mails it queued and, per removal step, how many it removed. */
export type RetentionResult = {
  unverifiedReminded: number;
  inactiveNoticed: number;
} & Record<RoundStep, number>;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const days = (n: number) => sql`make_interval(days => ${n})`;
const months = (n: number) => sql`make_interval(months => ${n})`;

/** Clients whose address is still unverified a week before removal: mailed once. */
async function remindUnverified(db: Database, config: Config, now: Date): Promise<number> {
  const ctx = mailContext(config);
  const { unverifiedAccountDays: total, unverifiedReminderDaysBefore: before } = RETENTION;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ email: string; remove_at: Date }>(sql`
      with due as (
        select id from users
        where type = 'CLIENT' and erased_at is null and email is not null
          and email_verified_at is null and unverified_reminder_at is null
          and created_at <= ${at(now)} - ${days(total - before)}
        order by id
        for update skip locked
      )
      update users u set unverified_reminder_at = ${at(now)}
      from due where u.id = due.id
      returning u.email,
        greatest(u.created_at + ${days(total)}, ${at(now)} + ${days(before)}) as remove_at
    `);
    for (const row of rows) {
      await enqueueMail(tx, unverifiedAccountReminderMail(ctx, row.email, new Date(row.remove_at)));
    }
    return rows.length;
  });
}

/** Takes one due row (locked, skipping rows another process holds) and acts on it; until none is left. */
async function eachDue<T>(
  db: Database,
  pick: (tx: Executor) => Promise<T | undefined>,
  act: (tx: Executor, row: T) => Promise<void>,
): Promise<number> {
  let count = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const row = await pick(tx);
      if (row === undefined) return false;
      await act(tx, row);
      return true;
    });
    if (!done) return count;
    count += 1;
  }
}

/** Unverified registrations 30 days old, reminded at least a week ago: erased. */
async function eraseUnverified(db: Database, config: Config, now: Date): Promise<number> {
  const { unverifiedAccountDays: total, unverifiedReminderDaysBefore: before } = RETENTION;
  return eachDue(
    db,
    async (tx) => {
      const [row] = await tx
        .select()
        .from(users)
        .where(
          sql`${users.type} = 'CLIENT' and ${users.erasedAt} is null
            and ${users.emailVerifiedAt} is null
            and ${users.createdAt} <= ${at(now)} - ${days(total)}
            and ${users.unverifiedReminderAt} <= ${at(now)} - ${days(before)}`,
        )
        .orderBy(users.id)
        .limit(1)
        .for('update', { skipLocked: true });
      return row;
    },
    (tx, user) => eraseLockedAccount(tx, { config, now }, user, 'RETENTION'),
  );
}

/** The user `u` holds answers: saved ones, or unfinished ones (a draft). */
const holdsAnswers = sql`(exists (select 1 from answers a where a.user_id = u.id)
  or exists (select 1 from answer_drafts d where d.user_id = u.id))`;

/**
 * Clients with answers (saved or a draft) and no sign-in for 24 months less
 * a month: told once per absence.
 */
async function noticeInactive(db: Database, config: Config, now: Date): Promise<number> {
  const ctx = mailContext(config);
  const { inactiveAnswersMonths: total, inactiveNoticeDaysBefore: before } = RETENTION;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      email: string;
      name: string;
      email_verified_at: Date | null;
      remove_at: Date;
    }>(sql`
      with due as (
        select id from users u
        where type = 'CLIENT' and erased_at is null and email is not null
          and last_sign_in_at <= ${at(now)} - ${months(total)} + ${days(before)}
          and (inactivity_notice_at is null or inactivity_notice_at < last_sign_in_at)
          and ${holdsAnswers}
        order by id
        for update skip locked
      )
      update users u set inactivity_notice_at = ${at(now)}
      from due where u.id = due.id
      returning u.email, u.name, u.email_verified_at,
        greatest(u.last_sign_in_at + ${months(total)}, ${at(now)} + ${days(before)}) as remove_at
    `);
    for (const row of rows) {
      const name = greetingName({ name: row.name, emailVerifiedAt: row.email_verified_at });
      await enqueueMail(
        tx,
        inactiveAnswersNoticeMail(ctx, row.email, name, new Date(row.remove_at)),
      );
    }
    return rows.length;
  });
}

/**
 * A client's answers and what was made from them, as the registry of
 * personal data says (its `inactiveAnswersRemoved` rows): the answers (the
 * matching vector follows by trigger), the unfinished answers (the draft)
 * and the recommendations (PENDING matches). Requests and bookings (ACTIVE
 * matches) stay.
 */
async function removeAnswersOf(tx: Executor, userId: string): Promise<void> {
  const person = { id: userId, email: null, emailSetAt: null };
  for (const statement of INACTIVE_ANSWERS_DELETES) {
    await tx.execute(deleteRowsOf(statement, person));
  }
}

/** Clients told a month ago and still not back after 24 months: their answers removed. */
async function removeInactiveAnswers(db: Database, now: Date): Promise<number> {
  const { inactiveAnswersMonths: total, inactiveNoticeDaysBefore: before } = RETENTION;
  return eachDue(
    db,
    async (tx) => {
      const { rows } = await tx.execute<{ id: string }>(sql`
        select id from users u
        where type = 'CLIENT' and erased_at is null
          and last_sign_in_at <= ${at(now)} - ${months(total)}
          and inactivity_notice_at >= last_sign_in_at
          and inactivity_notice_at <= ${at(now)} - ${days(before)}
          and ${holdsAnswers}
        order by id limit 1
        for update skip locked
      `);
      return rows[0]?.id;
    },
    removeAnswersOf,
  );
}

/** Sessions past their end (connect-pg-simple writes `expire` as local time, as compared here). */
async function removeEndedSessions(db: Executor, now: Date): Promise<number> {
  const result = await db.execute(
    sql`delete from session where expire < to_timestamp(${now.getTime() / 1000})`,
  );
  return result.rowCount ?? 0;
}

/** One-time links used or expired more than 7 days ago. */
async function removeSpentTokens(db: Executor, now: Date): Promise<number> {
  const keep = days(RETENTION.spentTokenDays);
  const result = await db.execute(sql`
    delete from one_time_tokens
    where expires_at < ${at(now)} - ${keep} or used_at < ${at(now)} - ${keep}
  `);
  return result.rowCount ?? 0;
}

/**
 * Mails sent, or given up on (FAILED), more than 30 days ago: the row goes,
 * recipient and subject with it. Pending mails stay until they are done.
 */
async function removeOldMails(db: Executor, now: Date): Promise<number> {
  const result = await db.execute(sql`
    delete from mail_outbox
    where status in ('SENT', 'FAILED')
      and coalesce(sent_at, created_at) < ${at(now)} - ${days(RETENTION.sentMailDays)}
  `);
  return result.rowCount ?? 0;
}

/** Who entered or left a video room, more than 90 days ago (docs/rules/video.md#what-the-server-keeps). */
async function removeOldVideoEvents(db: Executor, now: Date): Promise<number> {
  const result = await db.execute(sql`
    delete from video_events where at < ${at(now)} - ${days(RETENTION.videoEventDays)}
  `);
  return result.rowCount ?? 0;
}

/**
 * The removals, one per retention step the registry of personal data names
 * (packages/db/src/personal-data.ts): a new step fails to compile until it
 * is here.
 */
const REMOVALS: Record<RoundStep, (db: Database, config: Config, now: Date) => Promise<number>> = {
  unverifiedErased: eraseUnverified,
  inactiveAnswersRemoved: (db, _config, now) => removeInactiveAnswers(db, now),
  sessionsRemoved: (db, _config, now) => removeEndedSessions(db, now),
  tokensRemoved: (db, _config, now) => removeSpentTokens(db, now),
  oldMailsRemoved: (db, _config, now) => removeOldMails(db, now),
  videoEventsRemoved: (db, _config, now) => removeOldVideoEvents(db, now),
};

const HOURLY: Record<HourlyStep, (db: Database, config: Config) => Promise<unknown>> = {
  mailBodiesCleared: (db, config) => clearOldMailBodies(db, config.mailBodyRetentionMs),
  rateLimitsPruned: (db) => pruneRateLimits(db),
};

/** One retention round: the reminders, every removal step, the inactivity notices. */
export async function runRetentionRound(
  db: Database,
  config: Config,
  now = new Date(),
): Promise<RetentionResult> {
  const unverifiedReminded = await remindUnverified(db, config, now);
  const removed = {} as Record<RoundStep, number>;
  for (const step of Object.keys(REMOVALS) as RoundStep[]) {
    removed[step] = await REMOVALS[step](db, config, now);
  }
  // After the removals: a notice and a removal never concern the same client
  // (one needs no notice since the last sign-in, the other one a month old).
  const inactiveNoticed = await noticeInactive(db, config, now);
  const result: RetentionResult = { unverifiedReminded, inactiveNoticed, ...removed };
  if (result.unverifiedReminded + result.unverifiedErased + result.inactiveNoticed > 0) {
    notifyMailQueued();
  }
  return result;
}

/** The hourly clean-up: ended rate-limit windows, and the bodies of mails done for MAIL_BODY_RETENTION_HOURS. */
export async function runHourlyCleanUp(db: Database, config: Config): Promise<void> {
  for (const step of Object.values(HOURLY)) await step(db, config);
}

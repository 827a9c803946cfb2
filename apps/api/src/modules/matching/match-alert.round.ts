import {
  MATCH_ALERT_TEXTS as TEXT,
  matchAlertCheckCutoff,
  matchAlertMailAllowed,
} from '@samtalsmatch/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { notifyMailQueued } from '../../lib/mailer';
import { mailContext } from '../mail/context';
import { enqueueMail } from '../mail/outbox';
import { appLink, compose, greetingName, hello, type MailContext } from '../mail/templates';
import { recommendNewCandidates } from './matching.service';

/**
 * The one mail of the standing wish: discreet whatever the client chose
 * (docs/rules/privacy.md#discreet-mails), since it has nobody to name. No
 * therapist, no profession, no problem area: only that there is news and
 * where to read it after sign-in.
 */
export function matchAlertMail(
  ctx: MailContext,
  client: { name: string; email: string; emailVerifiedAt: Date | null },
) {
  return compose(ctx, client.email, TEXT.mailSubject, hello(greetingName(client)), [
    { p: TEXT.mailBody },
    { link: { label: TEXT.mailLink, href: appLink(ctx, '/dashboard') } },
    { p: TEXT.mailOff },
  ]);
}

type ClaimedRow = {
  user_id: string;
  checked_at: Date | null;
  mailed_at: Date | null;
  gained_at: Date | null;
  name: string;
  email: string | null;
  email_verified_at: Date | null;
};

/**
 * Looks at one client with the wish on whose turn it is, in one
 * transaction: claims the wish and the client's row (FOR UPDATE SKIP
 * LOCKED: a row another process holds is its work, never waited for), lets
 * the recommendations gain the candidates that now rank among the best,
 * and, when they gained someone since the last look (in this look, or at a
 * list read meanwhile: `gained_at`) and the last mail is seven days old,
 * claims the mail by setting `mailed_at` and queues it in the same
 * transaction.
 * Answers null when nobody's turn is left.
 */
async function lookAtOne(db: Database, ctx: MailContext, now: Date) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<ClaimedRow>(sql`
      select a.user_id, a.checked_at, a.mailed_at, a.gained_at, u.name, u.email, u.email_verified_at
      from match_alerts a
      join users u on u.id = a.user_id
      where (a.checked_at is null or a.checked_at <= ${matchAlertCheckCutoff(now).toISOString()}::timestamptz)
        and u.type = 'CLIENT' and u.erased_at is null
      order by a.checked_at nulls first, a.user_id
      limit 1
      for update of a, u skip locked
    `);
    const row = rows[0];
    if (!row) return null;
    try {
      // In a savepoint: a look that fails leaves the claim and the transaction usable.
      return await tx.transaction((look) => lookAtClaimed(look, ctx, row, now));
    } catch (error) {
      // This client's look failed (a lost race, a bad row): they wait behind the others
      // until the next round instead of being taken first again, and stopping it, every minute.
      await tx.execute(sql`
        update match_alerts set checked_at = ${now.toISOString()}::timestamptz
        where user_id = ${row.user_id}::uuid
      `);
      return { gained: 0, mailed: false, error };
    }
  });
}

/**
 * A list read added a therapist since the round last looked (decision 500):
 * the client may have seen them already, but nobody told them.
 */
function gainedAtRead(row: ClaimedRow): boolean {
  if (row.gained_at === null) return false;
  return row.checked_at === null || new Date(row.gained_at) > new Date(row.checked_at);
}

/** The look at a claimed client: new candidates, the record of the look, and the mail when due. */
async function lookAtClaimed(tx: Executor, ctx: MailContext, row: ClaimedRow, now: Date) {
  const gained = await recommendNewCandidates(tx, row.user_id, now);
  const mail =
    (gained.length > 0 || gainedAtRead(row)) &&
    row.email !== null &&
    matchAlertMailAllowed(row.mailed_at && new Date(row.mailed_at), now);
  await tx.execute(sql`
    update match_alerts
    set checked_at = ${now.toISOString()}::timestamptz
      ${mail ? sql`, mailed_at = ${now.toISOString()}::timestamptz` : sql``}
    where user_id = ${row.user_id}::uuid
  `);
  if (mail && row.email) {
    await enqueueMail(
      tx,
      matchAlertMail(ctx, {
        name: row.name,
        email: row.email,
        emailVerifiedAt: row.email_verified_at && new Date(row.email_verified_at),
      }),
      row.user_id,
    );
  }
  return { gained: gained.length, mailed: mail, error: undefined };
}

/**
 * One match alert round (docs/rules/matching.md#the-match-alert-round,
 * decision 455): every client with the wish on whose last look is at least
 * half an interval old, one at a time, until none is left. Several
 * processes running it at once share the clients and never look at one
 * twice in a round, so a mail is queued once.
 */
export async function runMatchAlertRound(db: Database, config: Config, now = new Date()) {
  const ctx = mailContext(config);
  let looked = 0;
  let gained = 0;
  let mailed = 0;
  const failures: unknown[] = [];
  for (;;) {
    let result: Awaited<ReturnType<typeof lookAtOne>>;
    try {
      result = await lookAtOne(db, ctx, now);
    } catch (err) {
      // A lost race with another process (deadlock, serialization): the
      // next round takes the client again. Stop here rather than loop on it.
      if (mailed > 0) notifyMailQueued();
      throw err;
    }
    if (!result) break;
    looked += 1;
    if (result.gained > 0) gained += 1;
    if (result.mailed) mailed += 1;
    if (result.error !== undefined) failures.push(result.error);
  }
  if (mailed > 0) notifyMailQueued();
  return { looked, gained, mailed, failures };
}

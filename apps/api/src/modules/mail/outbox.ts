import { sql, type SQL } from 'drizzle-orm';
import { preparedSqlStatement, type Executor } from '@samtalsmatch/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/**
 * Puts a mail in the outbox. Call it inside the transaction of the change
 * that causes the mail, and `notifyMailQueued()` after the commit: the mail
 * exists exactly when the change does.
 *
 * The mail belongs to a person (decision 411), so that export and erasure
 * find it whichever address it went to: `ownerId` when given (a mail to an
 * address the account does not hold yet or any more: an e-mail change),
 * else the account that holds the address now, else no one. A mail for an
 * erased account is not queued (undefined): it is sent nothing afterwards.
 *
 * The owner's row is read FOR SHARE: an erasure holds it FOR UPDATE
 * (lockLiveUser), so either this waits for the erasure and sees the account
 * erased, or the erasure waits for this transaction and deletes the mail
 * with the rest. Without the lock a mail committed just after the erasure's
 * delete would survive it.
 */
export async function enqueueMail(
  db: Executor,
  mail: MailMessage,
  ownerId?: string,
): Promise<string | undefined> {
  const values = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: JSON.stringify(mail.attachments ?? []),
  };
  const { rows } =
    ownerId === undefined
      ? await enqueueToAddress(db).execute(values)
      : await enqueueForOwner(db).execute({ ...values, ownerId });
  return rows[0]?.id;
}

/**
 * One prepared statement per way of finding the owner (decision 441): the
 * owner's row read FOR SHARE, then the mail inserted unless that owner is
 * erased (no row: undefined). A CTE with a locking clause runs before the
 * insert that reads it.
 */
function enqueueStatement(name: string, owner: SQL) {
  return preparedSqlStatement<{ id: string }>(
    name,
    sql`
        with owner as (
          select id, erased_at is not null as erased from users where ${owner} for share
        )
        insert into mail_outbox (user_id, to_address, subject, text, html, attachments)
        select (select id from owner), ${sql.placeholder('to')}, ${sql.placeholder('subject')},
          ${sql.placeholder('text')}, ${sql.placeholder('html')}, ${sql.placeholder('attachments')}::jsonb
        where not coalesce((select erased from owner), false)
        returning id
      `,
  );
}

// lower(email): the unique index users_email_lower_unique finds it (addresses are stored lower-case).
const enqueueToAddress = enqueueStatement(
  'enqueue_mail_to_address',
  sql`lower(email) = lower(${sql.placeholder('to')})`,
);
const enqueueForOwner = enqueueStatement(
  'enqueue_mail_for_owner',
  sql`id = ${sql.placeholder('ownerId')}::uuid`,
);

/**
 * Empties the text, HTML and attachments of mails that are done (SENT or
 * FAILED) for longer than `retentionMs`: a mail holds verification and reset
 * links in clear text, while the tokens themselves are stored hashed. The
 * row (recipient, subject, status, times) stays for the record. Returns how
 * many mails were cleared.
 */
export async function clearOldMailBodies(db: Executor, retentionMs: number): Promise<number> {
  const result = await db.execute(sql`
    update mail_outbox set text = '', html = '', attachments = '[]'::jsonb
    where status in ('SENT', 'FAILED')
      and coalesce(sent_at, created_at) < now() - make_interval(secs => ${retentionMs / 1000})
      and (text <> '' or html <> '' or attachments <> '[]'::jsonb)
  `);
  return result.rowCount ?? 0;
}

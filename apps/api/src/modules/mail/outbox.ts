import { sql } from 'drizzle-orm';
import type { Executor } from '@samtalsmatch/db';

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
 */
export async function enqueueMail(
  db: Executor,
  mail: MailMessage,
  ownerId?: string,
): Promise<string | undefined> {
  // lower(email): the unique index users_email_lower_unique finds it (addresses are stored lower-case).
  const owner =
    ownerId === undefined
      ? sql`(select id from users where lower(email) = lower(${mail.to}))`
      : sql`${ownerId}::uuid`;
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into mail_outbox (user_id, to_address, subject, text, html, attachments)
    select o.id, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html},
      ${JSON.stringify(mail.attachments ?? [])}::jsonb
    from (select ${owner} as id) o
    where not exists (select 1 from users u where u.id = o.id and u.erased_at is not null)
    returning id
  `);
  return rows[0]?.id;
}

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

import { sql } from 'drizzle-orm';
import { mailOutbox, type Executor } from '@samtalsmatch/db';

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
 */
export async function enqueueMail(db: Executor, mail: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ?? [],
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
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

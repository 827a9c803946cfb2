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

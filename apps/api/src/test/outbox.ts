import type { ParsedMail } from 'mailparser';
import type { DbHandle } from '@samtalsmatch/db';
import { eventually } from './accounts';
import type { MailCapture } from './mail-capture';

/**
 * Waits (up to `timeoutMs`) until the outbox has sent as many mails to
 * `addresses` as there are addresses, then gives the subjects queued for an
 * address (sent or not), for a test to check each got its one mail.
 */
export async function sentSubjects(
  pool: DbHandle['pool'],
  addresses: readonly string[],
  timeoutMs = 60_000,
): Promise<(address: string) => string[]> {
  await eventually(async () => {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where to_address = any($1) and status = 'SENT'`,
      [addresses],
    );
    return rows[0]!.n >= addresses.length ? true : undefined;
  }, timeoutMs);
  const queued = await pool.query<{ to_address: string; subject: string }>(
    `select to_address, subject from mail_outbox where to_address = any($1)`,
    [addresses],
  );
  return (address) => queued.rows.filter((r) => r.to_address === address).map((r) => r.subject);
}

/**
 * The mails with `subject` that SMTP received for `to`, once the outbox holds
 * nothing unsent for that address: the count is final.
 */
export async function receivedOnceSent(
  pool: DbHandle['pool'],
  mailbox: MailCapture,
  to: string,
  subject: string,
): Promise<ParsedMail[]> {
  await eventually(async () => {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox where to_address = $1 and status <> 'SENT'`,
      [to],
    );
    return rows[0]!.n === 0 ? true : undefined;
  });
  return (await mailbox.mailsTo(to)).filter((m) => m.subject === subject);
}

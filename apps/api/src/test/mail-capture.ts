import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { Database } from '@samtalsmatch/db';
import type { MailSettings } from '../config';
import { createLogger } from '../lib/logger';
import { createSmtpTransport } from '../lib/mailer';
import { MailWorker } from '../modules/mail/outbox.worker';
import { eventually } from './accounts';
import { startSmtp, type Received } from './smtp';

/** An outbox worker that polls and retries quickly, for tests that read mails back. */
export const FAST_MAIL_SETTINGS: MailSettings = {
  pollIntervalMs: 50,
  retryBaseMs: 100,
  retryMaxMs: 300,
  maxAttempts: 1000,
  leaseMs: 60_000,
};

export type MailCapture = Awaited<ReturnType<typeof startMailCapture>>;

/**
 * A real SMTP server on 127.0.0.1 and the outbox worker sending to it: every
 * mail a test's requests queue is received there and can be read back
 * parsed (`mailsTo`), or waited for (`awaitMails`: until `count` arrived).
 */
export async function startMailCapture(db: Database) {
  const received: Received[] = [];
  const smtp = await startSmtp(0, received);
  const worker = new MailWorker({
    db,
    logger: createLogger('silent'),
    settings: FAST_MAIL_SETTINGS,
    transport: createSmtpTransport({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: 'Samtalsmatch <no-reply@samtalsmatch.example>',
    }),
  }).start();

  /** The mails received for this address so far, parsed. */
  const mailsTo = (to: string): Promise<ParsedMail[]> =>
    Promise.all(received.filter((r) => r.to.includes(to)).map((r) => simpleParser(r.raw)));

  /** Waits until `count` mails to `to` have arrived, then gives them all. */
  const awaitMails = async (to: string, count: number): Promise<ParsedMail[]> => {
    await eventually(async () =>
      received.filter((r) => r.to.includes(to)).length >= count ? true : undefined,
    );
    return mailsTo(to);
  };

  return {
    received,
    mailsTo,
    awaitMails,
    close: async () => {
      await worker.stop();
      await smtp.close();
    },
  };
}

/** The METHOD and VEVENTs of a mail's one .ics attachment, parsed strictly with ical.js. */
export function icsEvents(mail: ParsedMail) {
  const ics = mail.attachments.filter((a) => a.contentType === 'text/calendar');
  expect(ics).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(ics[0]!.content.toString('utf8')));
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        sequence: e.sequence,
        start: e.startDate.toJSDate().toISOString(),
        status: String(v.getFirstPropertyValue('status')),
        summary: e.summary,
      };
    }),
  };
}

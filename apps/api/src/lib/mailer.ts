import { EventEmitter } from 'node:events';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

/** What the worker hands to a transport: one row of mail_outbox. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** Sends one mail; throws when the server refuses it or cannot be reached. */
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

/**
 * SMTP through nodemailer (SMTP_URL, e.g. `smtp://user:pass@host:587` or
 * `smtps://...`). Short timeouts, well inside the worker's lease, so a hung
 * server is a failed attempt and not a duplicate. The Message-ID is derived
 * from the outbox id, so a retried mail keeps its identity.
 */
export function createSmtpTransport(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): MailTransport {
  if (!config.smtpUrl) throw new Error('SMTP_URL is not set');
  const transporter: Transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const domain = config.mailFrom.match(/@([^>\s]+)/)?.[1] ?? 'samtalsmatch.local';
  return async (mail) => {
    await transporter.sendMail({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${mail.id}@${domain}>`,
      headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': 'sv' },
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content, 'base64'),
      })),
    });
  };
}

/**
 * In-process signal "a mail was committed": the worker in this process
 * wakes at once; workers of other processes find it at their next poll.
 */
const signal = new EventEmitter();
signal.setMaxListeners(100);

export function notifyMailQueued(): void {
  signal.emit('queued');
}

export function onMailQueued(listener: () => void): () => void {
  signal.on('queued', listener);
  return () => signal.off('queued', listener);
}

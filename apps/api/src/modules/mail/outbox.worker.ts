import { sql } from 'drizzle-orm';
import type { Database } from '@samtalsmatch/db';
import type { MailSettings } from '../../config';
import type { Logger } from '../../lib/logger';
import { onMailQueued, type MailTransport, type OutgoingMail } from '../../lib/mailer';

export interface MailWorkerOptions {
  db: Database;
  logger: Logger;
  settings: MailSettings;
  /**
   * How a mail leaves: SMTP, or undefined for the development mailbox (the
   * mail stays in Postgres, shown at /dev/mailbox, and is marked SENT).
   */
  transport: MailTransport | undefined;
  /** Rows claimed per round. */
  batchSize?: number;
}

type ClaimedRow = {
  id: string;
  /** The lease as claimed, exactly (text keeps the microseconds a Date would drop). */
  locked_until: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  attachments: OutgoingMail['attachments'];
  attempts: number;
};

/** Delay before attempt n+1 after n failed ones: base·2^(n-1), capped, ±10 %. */
export function retryDelayMs(
  failedAttempts: number,
  settings: MailSettings,
  random = Math.random,
): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 30);
  const delay = Math.min(settings.retryBaseMs * 2 ** exponent, settings.retryMaxMs);
  return Math.round(delay * (0.9 + 0.2 * random()));
}

/**
 * Delivers the outbox. Each round claims due rows with FOR UPDATE SKIP
 * LOCKED and a lease (locked_until), so two processes never take the same
 * mail, and a process that dies mid-send releases it when the lease ends.
 * Success marks the row SENT; failure counts the attempt and schedules the
 * next one with exponential backoff; after MAIL_MAX_ATTEMPTS the row is
 * FAILED (kept, logged, never deleted).
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;
  private readonly batchSize: number;

  constructor(private readonly options: MailWorkerOptions) {
    this.batchSize = options.batchSize ?? 10;
  }

  start(): this {
    if (!this.stopped) return this;
    this.stopped = false;
    this.unsubscribe = onMailQueued(() => this.wake());
    this.wake();
    return this;
  }

  /** Stops polling and waits for the round in flight to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs a round now (or right after the current one). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.loop().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.settings.pollIntervalMs);
        this.timer.unref();
      }
    });
  }

  private async loop(): Promise<void> {
    try {
      // Keep going while full batches come back; the poll picks up the rest.
      let claimed = this.batchSize;
      while (!this.stopped && claimed === this.batchSize) claimed = await this.runOnce();
    } catch (err) {
      this.options.logger.error({ err }, 'mail worker round failed');
    }
  }

  /** One round: claims up to a batch of due mails and delivers them. */
  async runOnce(): Promise<number> {
    const { db, settings } = this.options;
    const claimed = await db.execute<ClaimedRow>(sql`
      update mail_outbox set locked_until = now() + make_interval(secs => ${settings.leaseMs / 1000})
      where id in (
        select id from mail_outbox
        where status = 'PENDING' and next_attempt_at <= now()
          and (locked_until is null or locked_until <= now())
        order by next_attempt_at, created_at
        limit ${this.batchSize}
        for update skip locked
      )
      returning id, locked_until::text as locked_until, to_address, subject, text, html, attachments, attempts
    `);
    for (const row of claimed.rows) await this.deliver(row);
    return claimed.rows.length;
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const { db, settings, transport, logger } = this.options;
    // The lease was taken for the whole batch; the mails before this one may
    // have used it up (a slow SMTP server), and another worker may have
    // claimed this mail since. Renew it only if it is still ours, else skip:
    // never send a mail another worker is sending.
    const renewed = await db.execute(sql`
      update mail_outbox set locked_until = now() + make_interval(secs => ${settings.leaseMs / 1000})
      where id = ${row.id} and status = 'PENDING' and locked_until = ${row.locked_until}::timestamptz
      returning id
    `);
    if (renewed.rows.length === 0) {
      logger.warn({ mailId: row.id }, 'mail lease lost to another worker; skipped');
      return;
    }
    try {
      await transport?.({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: row.attachments ?? [],
      });
    } catch (err) {
      const attempts = row.attempts + 1;
      const failed = attempts >= settings.maxAttempts;
      const delay = retryDelayMs(attempts, settings);
      const message = err instanceof Error ? err.message : String(err);
      await db.execute(sql`
        update mail_outbox set
          attempts = ${attempts},
          status = ${failed ? 'FAILED' : 'PENDING'},
          next_attempt_at = now() + make_interval(secs => ${delay / 1000}),
          locked_until = null,
          last_error = ${message.slice(0, 500)}
        where id = ${row.id}
      `);
      if (failed)
        logger.error({ mailId: row.id, attempts }, 'mail given up after the last attempt');
      else
        logger.warn(
          { mailId: row.id, attempts, retryInMs: delay },
          'mail delivery failed; will retry',
        );
      return;
    }
    // Handed to the SMTP server: the body (with its still-usable links) is
    // not kept. The development mailbox is the delivery itself, so its mails
    // keep their bodies until the retention clean-up (clearOldMailBodies).
    const clearBody = transport ? sql`, text = '', html = '', attachments = '[]'::jsonb` : sql``;
    await db.execute(sql`
      update mail_outbox set
        status = 'SENT', sent_at = now(), attempts = attempts + 1, locked_until = null, last_error = null
        ${clearBody}
      where id = ${row.id}
    `);
    logger.info({ mailId: row.id, via: transport ? 'smtp' : 'dev-mailbox' }, 'mail delivered');
  }
}

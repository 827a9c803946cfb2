import {
  MATCH_ALERT_ROUND_INTERVAL_MS,
  RETENTION_ROUND_INTERVAL_MS,
} from '@samtalsmatch/contracts';
import type { Database } from '@samtalsmatch/db';
import type { Config } from './config';
import { BOOKING_JOBS_INTERVAL_MS, runBookingJobs } from './modules/bookings/bookings.jobs';
import { runHourlyCleanUp, runRetentionRound } from './modules/data-rights/retention';
import { runMatchAlertRound } from './modules/matching/match-alert.round';
import { MailWorker } from './modules/mail/outbox.worker';
import type { Logger } from './lib/logger';
import { createSmtpTransport } from './lib/mailer';
import { oneAtATime } from './lib/one-at-a-time';

export interface BackgroundJobs {
  mailWorker: MailWorker | undefined;
  stop: () => Promise<void>;
}

/**
 * What runs beside the HTTP server in every API process: the mail outbox
 * worker, a minutely bookings round (unanswered requests expire, 24-hour
 * reminders are queued exactly once), the match alert round every minute
 * (decision 455: clients with the standing wish gain the therapists who
 * now fit, with one mail in seven days), a clean-up (at start, then
 * hourly) of ended rate-limit windows and the bodies of mails older than
 * MAIL_BODY_RETENTION_HOURS, and the daily retention round (decision 356:
 * unverified registrations, inactive clients' answers, ended sessions,
 * spent one-time tokens). Several processes may run it at once.
 */
export function startBackgroundJobs(config: Config, db: Database, logger: Logger): BackgroundJobs {
  let mailWorker: MailWorker | undefined;
  if (config.smtpUrl || config.devMailbox) {
    mailWorker = new MailWorker({
      db,
      logger: logger.child({ job: 'mail' }),
      settings: config.mail,
      transport: config.smtpUrl ? createSmtpTransport(config) : undefined,
    }).start();
  } else {
    logger.warn('SMTP_URL is not set: e-mails stay in the outbox until it is');
  }

  const cleanUp = async () => {
    try {
      await runHourlyCleanUp(db, config);
    } catch (err) {
      logger.warn({ err }, 'clean-up failed');
    }
  };
  const cleanUpTimer = setInterval(() => void cleanUp(), 3_600_000);
  cleanUpTimer.unref();
  void cleanUp();

  // A run that outlasts its interval is not started again beside itself.
  const bookingsRound = oneAtATime(async () => {
    try {
      await runBookingJobs(db, config);
    } catch (err) {
      // A lost race with another process (deadlock, serialization): the next round retries.
      logger.warn({ err }, 'bookings round failed');
    }
  });
  const bookingsTimer = setInterval(() => void bookingsRound(), BOOKING_JOBS_INTERVAL_MS);
  bookingsTimer.unref();
  void bookingsRound();

  const matchAlertRound = oneAtATime(async () => {
    try {
      const { failures } = await runMatchAlertRound(db, config);
      // A client whose look failed waits for the next round; the others were looked at.
      for (const err of failures) logger.warn({ err }, 'match alert look failed');
    } catch (err) {
      // A lost race with another process: the next round looks again.
      logger.warn({ err }, 'match alert round failed');
    }
  });
  const matchAlertTimer = setInterval(() => void matchAlertRound(), MATCH_ALERT_ROUND_INTERVAL_MS);
  matchAlertTimer.unref();
  void matchAlertRound();

  const retentionRound = oneAtATime(async () => {
    try {
      const result = await runRetentionRound(db, config);
      logger.info(result, 'retention round done');
    } catch (err) {
      // A lost race with another process: what is left is done in the next round.
      logger.warn({ err }, 'retention round failed');
    }
  });
  const retentionTimer = setInterval(() => void retentionRound(), RETENTION_ROUND_INTERVAL_MS);
  retentionTimer.unref();
  void retentionRound();

  return {
    mailWorker,
    stop: async () => {
      clearInterval(cleanUpTimer);
      clearInterval(bookingsTimer);
      clearInterval(matchAlertTimer);
      clearInterval(retentionTimer);
      await mailWorker?.stop();
    },
  };
}

import type { Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { mailContext } from '../mail/context';
import { requestExpiredMail } from './bookings.mails';
import {
  expireAllStaleRequests,
  expireStaleRequests,
  type ExpiredRequest,
} from './bookings.repository';
import { queue } from './transitions/mail';

/*
 * A request unanswered by its deadline expires and its client gets one mail
 * (docs/rules/bookings.md#a-request-is-answered-within-48-hours). The status
 * change claims the mail: it is queued in the transaction that moved the
 * booking from pending to EXPIRED, so whichever path or process expires it,
 * the mail is queued once. The caller wakes the outbox after commit
 * (`notifyMailQueued`) when the result is not empty.
 */

async function tell(tx: Executor, config: Config, expired: ExpiredRequest[]) {
  const ctx = mailContext(config);
  await queue(
    tx,
    expired.map((r) =>
      r.clientEmail
        ? requestExpiredMail(
            ctx,
            { name: r.clientName, email: r.clientEmail, discreetMail: r.clientDiscreetMail },
            r.expiresAt,
          )
        : null,
    ),
  );
}

/** One match's stale requests, in the caller's transaction (the match is locked). */
export async function expireMatchRequests(
  tx: Executor,
  config: Config,
  now: Date,
  matchId: string,
): Promise<ExpiredRequest[]> {
  const expired = await expireStaleRequests(tx, now, matchId);
  await tell(tx, config, expired);
  return expired;
}

/** Every stale request (the background round), in the caller's transaction. */
export async function expireAllRequests(
  tx: Executor,
  config: Config,
  now: Date,
): Promise<ExpiredRequest[]> {
  const expired = await expireAllStaleRequests(tx, now);
  await tell(tx, config, expired);
  return expired;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { ERASE_MSG, ERASED_NAME } from '@samtalsmatch/contracts';
import { users, type Database, type Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { destroyUserSessions, type UserRow } from '../../lib/auth-session';
import { AppError, isLostRace } from '../../lib/errors';
import { notifyMailQueued } from '../../lib/mailer';
import { appendAudit } from '../admin/audit.repository';
import { cancelOpenBookingsOf } from '../bookings/bookings.system-cancel';

export interface ErasureDeps {
  db: Database;
  config: Config;
  now: () => Date;
}

/** Who asked for the erasure: the person (DELETE /users/me) or the retention round. */
export type ErasureCause = 'SELF' | 'RETENTION';

/** The user row, locked until the transaction ends; undefined when gone or already erased. */
export async function lockLiveUser(tx: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .for('update');
  return row;
}

/**
 * Erases an account in the caller's transaction (docs/rules/privacy.md#erasure;
 * decision 355). `user` is the row locked by `lockLiveUser`. In order:
 * - open bookings (pending, confirmed and ahead) end as CANCELLED by SYSTEM,
 *   each other party mailed (bookings' own function);
 * - matches without bookings (recommendations) go; matches with bookings
 *   stay for the other party's history, without the overlaps (answers);
 *   a therapist's messages in those bookings go;
 * - answers and the unfinished ones (the draft), matching vector, free slots, profile, images, one-time tokens,
 *   consents, preferences, mails to the address, the access log of who read
 *   this person's data and every session go; the access log rows where this
 *   person was the reader stay (the other person's history, by id);
 * - the user row stays as a tombstone: "Borttagen klient"/"Borttagen
 *   terapeut", no e-mail, password, phone, address, personnummer or BankID
 *   link (a check constraint holds it), the session version bumped;
 * - the audit log keeps its rows (legal duty; they hold ids only) and gains
 *   one: the erasure.
 * Admins are never erased here (403).
 */
export async function eraseLockedAccount(
  tx: Executor,
  deps: { config: Config; now: Date },
  user: UserRow,
  cause: ErasureCause,
  requestId?: string,
): Promise<void> {
  if (user.type === 'ADMIN') throw new AppError('FORBIDDEN');
  const id = user.id;
  await cancelOpenBookingsOf(tx, deps, id, 'ACCOUNT_CLOSED');

  await tx.execute(sql`
    delete from matches m
    where (m.client_id = ${id} or m.provider_id = ${id})
      and not exists (select 1 from bookings b where b.match_id = m.id)
  `);
  await tx.execute(sql`
    update matches set "overlaps" = '{}'::jsonb
    where (client_id = ${id} or provider_id = ${id}) and "overlaps" <> '{}'::jsonb
  `);
  if (user.type === 'PROVIDER') {
    await tx.execute(sql`
      update bookings b set message_from_provider = null
      from matches m
      where m.id = b.match_id and m.provider_id = ${id} and b.message_from_provider is not null
    `);
  }
  await tx.execute(sql`delete from answers where user_id = ${id}`);
  await tx.execute(sql`delete from answer_drafts where user_id = ${id}`);
  await tx.execute(sql`delete from matching_vectors where user_id = ${id}`);
  await tx.execute(
    sql`delete from availability_slots where provider_id = ${id} and status = 'AVAILABLE'`,
  );
  await tx.execute(sql`delete from provider_profiles where user_id = ${id}`);
  await tx.execute(sql`delete from licence_checks where provider_id = ${id}`);
  await tx.execute(sql`delete from images where owner_id = ${id}`);
  await tx.execute(sql`delete from one_time_tokens where user_id = ${id}`);
  await tx.execute(sql`delete from consents where user_id = ${id}`);
  await tx.execute(sql`delete from access_log where subject_id = ${id}`);
  if (user.email) await tx.execute(sql`delete from mail_outbox where to_address = ${user.email}`);
  await destroyUserSessions(tx, id);

  await tx.execute(sql`
    update users set
      name = ${ERASED_NAME[user.type]}, email = null, email_verified_at = null,
      password_hash = null, phone_number = null, street = null, city = null, zip = null,
      ssn_encrypted = null, ssn_hash = null, oidc_issuer = null, oidc_subject = null,
      unverified_reminder_at = null, inactivity_notice_at = null,
      discreet_mail = true, discreet_mail_changed_at = null, discreet_mail_dialog_version = null,
      session_version = session_version + 1,
      erased_at = ${deps.now.toISOString()}::timestamptz, updated_at = now()
    where id = ${id}
  `);
  await appendAudit(tx, {
    actorId: cause === 'SELF' ? id : null,
    targetUserId: id,
    action: 'ACCOUNT_ERASED',
    requestId,
    details: { cause },
  });
}

/**
 * DELETE /users/me after the proof: erases the caller's account in one
 * transaction. 403 for an admin; 404 when the account is already erased.
 */
export async function eraseOwnAccount(
  deps: ErasureDeps,
  user: UserRow,
  requestId?: string,
): Promise<void> {
  if (user.type === 'ADMIN') throw new AppError('FORBIDDEN');
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await lockLiveUser(tx, user.id);
      if (!locked) throw new AppError('NOT_FOUND');
      await eraseLockedAccount(tx, { config: deps.config, now }, locked, 'SELF', requestId);
    });
  } catch (err) {
    // A deadlock or serialization failure with a booking transition on the same
    // matches: nothing was erased; the person may simply try again.
    if (isLostRace(err)) throw new AppError('STATE_CONFLICT', { message: ERASE_MSG.tryAgain });
    throw err;
  }
  notifyMailQueued();
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { ERASE_MSG, ERASED_NAME } from '@samtalsmatch/contracts';
import {
  deleteRowsOf,
  ERASURE_DELETES,
  users,
  type Database,
  type ErasureStepName,
  type Executor,
} from '@samtalsmatch/db';
import type { Config } from '../../config';
import type { UserRow } from '../../lib/auth-session';
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
async function lockLiveUser(tx: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.erasedAt)))
    .for('update');
  return row;
}

type ErasureStep = (
  tx: Executor,
  deps: { config: Config; now: Date },
  user: UserRow,
) => Promise<unknown>;

/**
 * The erasure's named steps, one per `tombstone` or `mixed` rule of the
 * registry of personal data (packages/db/src/personal-data.ts): the type
 * makes a new named rule fail to compile until it has its step here.
 */
const STEPS: Record<ErasureStepName, ErasureStep> = {
  // Open bookings (pending, confirmed and ahead) end as CANCELLED by SYSTEM,
  // each other party mailed; all bookings stay for the other party's history,
  // without an erased therapist's messages.
  bookings: async (tx, deps, user) => {
    await cancelOpenBookingsOf(tx, deps, user.id, 'ACCOUNT_CLOSED');
    if (user.type !== 'PROVIDER') return;
    await tx.execute(sql`
      update bookings b set message_from_provider = null
      from matches m
      where m.id = b.match_id and m.provider_id = ${user.id} and b.message_from_provider is not null
    `);
  },
  // Matches without bookings (recommendations) go; matches with bookings stay
  // for the other party's history, without the overlaps (the answers).
  matches: async (tx, _deps, { id }) => {
    await tx.execute(sql`
      delete from matches m
      where (m.client_id = ${id} or m.provider_id = ${id})
        and not exists (select 1 from bookings b where b.match_id = m.id)
    `);
    await tx.execute(sql`
      update matches set "overlaps" = '{}'::jsonb
      where (client_id = ${id} or provider_id = ${id}) and "overlaps" <> '{}'::jsonb
    `);
  },
  // The row stays as "Borttagen klient"/"Borttagen terapeut" with nothing that
  // identifies or signs in a person (the check users_erased_holds_nothing).
  tombstone: async (tx, deps, user) => {
    await tx.execute(sql`
      update users set
        name = ${ERASED_NAME[user.type]}, email = null, email_verified_at = null,
        password_hash = null, phone_number = null, street = null, city = null, zip = null,
        ssn_encrypted = null, ssn_hash = null, oidc_issuer = null, oidc_subject = null,
        unverified_reminder_at = null, inactivity_notice_at = null,
        discreet_mail = true, discreet_mail_changed_at = null, discreet_mail_dialog_version = null,
        session_version = session_version + 1,
        erased_at = ${deps.now.toISOString()}::timestamptz, updated_at = now()
      where id = ${user.id}
    `);
  },
};

/**
 * Erases an account in the caller's transaction (decision 355), as the
 * registry of personal data says for each table
 * (docs/rules/privacy.md#erasure). `user` is the row locked by
 * `lockLiveUser`. In order: the named steps (bookings, then matches), then every
 * table whose rule is `delete` (answers, the draft, matching vector, free
 * slots, profile, images, tokens, consents, reads of the person's data,
 * mails, sessions...), then the tombstone. The audit log keeps its rows
 * (ids only) and gains one: the erasure. Admins are never erased here (403).
 */
export async function eraseLockedAccount(
  tx: Executor,
  deps: { config: Config; now: Date },
  user: UserRow,
  cause: ErasureCause,
  requestId?: string,
): Promise<void> {
  if (user.type === 'ADMIN') throw new AppError('FORBIDDEN');
  for (const [name, step] of Object.entries(STEPS)) {
    if (name !== 'tombstone') await step(tx, deps, user);
  }
  for (const statement of ERASURE_DELETES) await tx.execute(deleteRowsOf(statement, user));
  await STEPS.tombstone(tx, deps, user);
  await appendAudit(tx, {
    actorId: cause === 'SELF' ? user.id : null,
    targetUserId: user.id,
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

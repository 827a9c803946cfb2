import { eq, sql } from 'drizzle-orm';
import { providerProfiles, users, type Executor } from '@samtalsmatch/db';
import type { UserRow } from '../../lib/auth-session';

/** Trimmed and lower-cased: the one form e-mails are stored and compared in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findProviderProfile(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId))
    .limit(1);
  return row;
}

/** Inserts a client; undefined when the e-mail is already taken (no exception, no race). */
export async function insertClientIfNew(
  db: Executor,
  values: { email: string; name: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      type: 'CLIENT',
      email: normalizeEmail(values.email),
      name: values.name,
      passwordHash: values.passwordHash,
      // Name and e-mail are a client's profile (docs/rules/accounts.md#onboarding-steps).
      onboardingStep: 'PROFILE_COMPLETED',
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** New hash, every session ended (version bump); a mailed reset link proves the address. */
export async function resetPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
  markEmailVerified: boolean,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      ...(markEmailVerified
        ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` }
        : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function markEmailVerified(
  db: Executor,
  userId: string,
  email: string,
): Promise<boolean> {
  const result = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(sql`${users.id} = ${userId} and ${users.email} = ${email}`)
    .returning({ id: users.id });
  return result.length > 0;
}

export async function setVerifiedEmail(db: Executor, userId: string, email: string): Promise<void> {
  await db
    .update(users)
    .set({ email: normalizeEmail(email), emailVerifiedAt: new Date(), emailSetAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Undo of an e-mail change: the old address back, verified (the link proved
 * it), no password (whoever changed the address may have set one; the owner
 * chooses a new one through the restored address), every session ended.
 */
export async function restoreEmail(
  db: Executor,
  userId: string,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      email: normalizeEmail(email),
      emailVerifiedAt: new Date(),
      emailSetAt: sql`now()`,
      passwordHash: null,
      sessionVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** A sign-in happened (password or BankID): the retention round counts inactivity from it. */
export async function recordSignIn(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, userId));
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { users, type Executor } from '@samtalsmatch/db';

export interface BankIdUser {
  id: string;
  type: (typeof users.$inferSelect)['type'];
  onboardingStep: (typeof users.$inferSelect)['onboardingStep'];
  sessionVersion: number;
  ssnHash: string | null;
  oidcIssuer: string | null;
  oidcSubject: string | null;
}

const columns = {
  id: users.id,
  type: users.type,
  onboardingStep: users.onboardingStep,
  sessionVersion: users.sessionVersion,
  ssnHash: users.ssnHash,
  oidcIssuer: users.oidcIssuer,
  oidcSubject: users.oidcSubject,
};

export async function findByOidcIdentity(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<BankIdUser | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
    .limit(1);
  return row;
}

export async function findBySsnHash(
  db: Executor,
  ssnHash: string,
): Promise<BankIdUser | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.ssnHash, ssnHash)).limit(1);
  return row;
}

/** Stores the identity on an existing account (first BankID sign-in, or a new broker). */
export async function linkIdentity(
  db: Executor,
  userId: string,
  identity: {
    issuer: string;
    subject: string;
    ssn?: { encrypted: string; hash: string };
  },
): Promise<void> {
  await db
    .update(users)
    .set({
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
      ...(identity.ssn ? { ssnEncrypted: identity.ssn.encrypted, ssnHash: identity.ssn.hash } : {}),
    })
    .where(eq(users.id, userId));
}

/** Inserts a BankID account; undefined when a concurrent sign-in created it first. */
export async function insertBankIdUser(
  db: Executor,
  values: {
    type: 'PROVIDER' | 'CLIENT';
    onboardingStep: 'USER_CREATED' | 'PROFILE_COMPLETED';
    name: string;
    ssnEncrypted: string;
    ssnHash: string;
    oidcIssuer: string;
    oidcSubject: string;
  },
): Promise<BankIdUser | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning(columns);
  return row;
}

/**
 * Gives a seeded account its personnummer (development only), unless it
 * already has one or another account holds it. True when a row was updated.
 */
export async function setSsnByEmailIfMissing(
  db: Executor,
  email: string,
  ssn: { encrypted: string; hash: string },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ssnEncrypted: ssn.encrypted, ssnHash: ssn.hash })
    .where(
      and(
        eq(users.email, email.toLowerCase()),
        isNull(users.ssnHash),
        sql`not exists (select 1 from ${users} as u2 where u2.ssn_hash = ${ssn.hash})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

import { and, eq, gte, sql } from 'drizzle-orm';
import { CONSENT_TEXTS, ConsentKind, type Consent } from '@samtalsmatch/contracts';
import {
  answerDrafts,
  answers,
  consents,
  CONSENT_WITHDRAWAL_DELETES,
  deleteRowsOf,
  type Executor,
} from '@samtalsmatch/db';

/**
 * Every consent kind with the caller's answer (docs/rules/privacy.md#questionnaire-consent): the
 * version given and when, or nulls; `needed` when a client holds answers,
 * saved or unfinished (a draft), without the current version. Also the
 * export's reader.
 */
export async function listConsents(
  db: Executor,
  user: { id: string; type: string },
): Promise<Consent[]> {
  const [rows, held] = await Promise.all([
    db.select().from(consents).where(eq(consents.userId, user.id)),
    user.type === 'CLIENT'
      ? db.execute(sql`
          select 1 as one where exists (select 1 from ${answers} where ${answers.userId} = ${user.id})
            or exists (select 1 from ${answerDrafts} where ${answerDrafts.userId} = ${user.id})
        `)
      : Promise.resolve({ rows: [] }),
  ]);
  return ConsentKind.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const currentVersion = CONSENT_TEXTS[kind].version;
    return {
      kind,
      currentVersion,
      version: row?.version ?? null,
      givenAt: row?.givenAt.toISOString() ?? null,
      needed: held.rows.length > 0 && (row?.version ?? 0) < currentVersion,
    };
  });
}

/** Whether the user has given the current version of the kind's text. */
export async function hasCurrentConsent(
  db: Executor,
  userId: string,
  kind: ConsentKind,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.kind, kind),
        gte(consents.version, CONSENT_TEXTS[kind].version),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records the consent (again): the version given and now. */
export async function giveConsent(
  db: Executor,
  userId: string,
  kind: ConsentKind,
  version: number,
): Promise<void> {
  const givenAt = new Date();
  await db
    .insert(consents)
    .values({ userId, kind, version, givenAt })
    .onConflictDoUpdate({ target: [consents.userId, consents.kind], set: { version, givenAt } });
}

/**
 * Withdraws the questionnaire consent, in the caller's transaction, as the
 * registry of personal data says (docs/rules/privacy.md#questionnaire-consent):
 * the consent, the answers, the unfinished answers (the draft) and the
 * recommendations (PENDING matches) go; matches with bookings (ACTIVE)
 * stay, and so does the onboarding step.
 */
export async function withdrawQuestionnaireConsent(tx: Executor, userId: string): Promise<void> {
  // The user's row locked first, as saving answers and recomputing matches
  // lock it: the three run one after the other.
  await tx.execute(sql`select 1 from users where id = ${userId}::uuid for update`);
  const person = { id: userId, email: null };
  for (const statement of CONSENT_WITHDRAWAL_DELETES) {
    await tx.execute(deleteRowsOf(statement, person));
  }
}

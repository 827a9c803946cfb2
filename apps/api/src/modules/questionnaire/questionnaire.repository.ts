import { eq, sql } from 'drizzle-orm';
import type { OnboardingStep } from '@samtalsmatch/contracts';
import {
  answerDrafts,
  answers,
  users,
  type Executor,
  type questionOptions,
  type questions,
} from '@samtalsmatch/db';

export type QuestionRow = typeof questions.$inferSelect;
export type OptionRow = typeof questionOptions.$inferSelect;
export type QuestionWithOptions = QuestionRow & { options: OptionRow[] };

/**
 * The questionnaire's version: per table (questions, question_options), the
 * number of rows and the sum of a 64-bit hash of each row's xmin (the
 * transaction that wrote it). A migration or the seed that changes any row
 * changes it (but for a 2^-64 coincidence). An SQL expression, so a statement
 * that needs the questionnaire reads its version in the same round trip.
 */
export const QUESTIONNAIRE_VERSION = sql.raw(`((
    select count(*)::text || ':' || coalesce(sum(hashxidextended(xmin, 0)), 0)::text from questions
  ) || '/' || (
    select count(*)::text || ':' || coalesce(sum(hashxidextended(xmin, 0)), 0)::text from question_options
  ))`);

/**
 * Every question by order, with its options by order (all user types), and
 * the version read with them: one statement, the JSON built by Postgres.
 */
async function readQuestionnaire(
  db: Executor,
): Promise<{ version: string; questions: QuestionWithOptions[] }> {
  const { rows } = await db.execute<{ version: string; questions: QuestionWithOptions[] }>(sql`
    select ${QUESTIONNAIRE_VERSION} as version, coalesce(json_agg(json_build_object(
      'id', q.id, 'order', q."order", 'key', q.key, 'type', q.type,
      'clientText', q.client_text, 'providerText', q.provider_text,
      'clientDescription', q.client_description, 'providerDescription', q.provider_description,
      'description', q.description, 'hasImportanceScale', q.has_importance_scale,
      'options', coalesce((
        select json_agg(json_build_object(
          'id', o.id, 'questionId', o.question_id, 'order', o."order", 'value', o.value,
          'label', o.label, 'userType', o.user_type) order by o."order", o.id)
        from question_options o where o.question_id = q.id), '[]'::json)
    ) order by q."order"), '[]'::json) as questions
    from questions q`);
  return rows[0]!;
}

/**
 * The questionnaire held per process and per database handle: it changes
 * only with a migration or the seed, so a read whose statement already
 * carries the current version (QUESTIONNAIRE_VERSION) reads the questions
 * again only when that differs from the held one.
 */
const held = new WeakMap<object, { version: string; questions: QuestionWithOptions[] }>();

export async function questionnaireAt(
  db: Executor,
  version: string,
): Promise<QuestionWithOptions[]> {
  const current = held.get(db);
  if (current?.version === version) return current.questions;
  const fresh = await readQuestionnaire(db);
  held.set(db, fresh);
  return fresh.questions;
}

/** Every question by order, with its options by order (all user types), read now. */
export async function listQuestions(db: Executor): Promise<QuestionWithOptions[]> {
  return (await readQuestionnaire(db)).questions;
}

export type AnswerRow = typeof answers.$inferSelect;

export async function listAnswers(db: Executor, userId: string): Promise<AnswerRow[]> {
  return db.select().from(answers).where(eq(answers.userId, userId));
}

/** The answers of several users (matching), grouped by user id. */
export async function answersOfUsers(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, AnswerRow[]>> {
  const out = new Map<string, AnswerRow[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select()
    .from(answers)
    .where(sql`${answers.userId} = any(${sql.param([...userIds])}::uuid[])`);
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push(r);
    out.set(r.userId, list);
  }
  return out;
}

/** Locks the user's row for the rest of the transaction; returns its current step. */
export async function lockUser(tx: Executor, userId: string): Promise<OnboardingStep | null> {
  const [row] = await tx
    .select({ step: users.onboardingStep })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.step ?? null;
}

/** Replaces all of the user's answers. */
export async function replaceAnswers(
  tx: Executor,
  userId: string,
  rows: readonly { questionId: string; value: string[]; importance: number | null }[],
): Promise<void> {
  await tx.delete(answers).where(eq(answers.userId, userId));
  if (rows.length) await tx.insert(answers).values(rows.map((r) => ({ userId, ...r })));
}

export async function setOnboardingStep(
  tx: Executor,
  userId: string,
  step: OnboardingStep,
): Promise<void> {
  await tx.update(users).set({ onboardingStep: step }).where(eq(users.id, userId));
}

export type DraftRow = typeof answerDrafts.$inferSelect;

/** The user's draft, one row per question answered so far. */
export async function listDraft(db: Executor, userId: string): Promise<DraftRow[]> {
  return db.select().from(answerDrafts).where(eq(answerDrafts.userId, userId));
}

/** Replaces the user's draft (none left when `rows` is empty). */
export async function replaceDraft(
  tx: Executor,
  userId: string,
  rows: readonly { questionId: string; value: string[]; importance: number | null }[],
): Promise<void> {
  await deleteDraft(tx, userId);
  if (rows.length) await tx.insert(answerDrafts).values(rows.map((r) => ({ userId, ...r })));
}

export async function deleteDraft(tx: Executor, userId: string): Promise<void> {
  await tx.delete(answerDrafts).where(eq(answerDrafts.userId, userId));
}

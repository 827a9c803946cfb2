import { asc, eq, sql } from 'drizzle-orm';
import type { OnboardingStep } from '@samtalsmatch/contracts';
import { answers, questionOptions, questions, users, type Executor } from '@samtalsmatch/db';

export type QuestionRow = typeof questions.$inferSelect;
export type OptionRow = typeof questionOptions.$inferSelect;
export type QuestionWithOptions = QuestionRow & { options: OptionRow[] };

/** Every question by order, with its options by order (all user types). */
export async function listQuestions(db: Executor): Promise<QuestionWithOptions[]> {
  const [qs, opts] = await Promise.all([
    db.select().from(questions).orderBy(asc(questions.order)),
    db.select().from(questionOptions).orderBy(asc(questionOptions.order)),
  ]);
  const byQuestion = new Map<string, OptionRow[]>();
  for (const o of opts) {
    const list = byQuestion.get(o.questionId) ?? [];
    list.push(o);
    byQuestion.set(o.questionId, list);
  }
  return qs.map((q) => ({ ...q, options: byQuestion.get(q.id) ?? [] }));
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

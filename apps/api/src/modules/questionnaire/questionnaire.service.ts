import {
  optionsFor,
  validateAnswers,
  validateDraftAnswers,
  type Answer,
  type AnswerDraft,
  type AnswerIssue,
  type Importance,
  type OnboardingStep,
  type Question,
  type SaveAnswerDraftInput,
  type SaveAnswersInput,
  type UserType,
} from '@samtalsmatch/contracts';
import type { Database, Executor } from '@samtalsmatch/db';
import { hasCurrentConsent } from '../privacy/consents.repository';
import { AppError } from '../../lib/errors';
import {
  deleteDraft,
  listAnswers,
  listDraft,
  listQuestions,
  lockUser,
  replaceAnswers,
  replaceDraft,
  setOnboardingStep,
  type AnswerRow,
  type DraftRow,
  type QuestionWithOptions,
} from './questionnaire.repository';

/** A question as `userType` sees it: only its own and shared options (docs/rules/matching.md#questions). */
function toQuestionDto(q: QuestionWithOptions, userType: UserType): Question {
  return {
    id: q.id,
    order: q.order,
    key: q.key,
    type: q.type,
    clientText: q.clientText,
    providerText: q.providerText,
    clientDescription: q.clientDescription,
    providerDescription: q.providerDescription,
    description: q.description,
    hasImportanceScale: q.hasImportanceScale,
    options: optionsFor(q.options, userType).map((o) => ({
      value: o.value,
      label: o.label,
      userType: o.userType,
    })),
  };
}

/** GET /questions: sorted by order, options filtered to the caller's type. */
export async function questionsFor(db: Executor, userType: UserType): Promise<Question[]> {
  return (await listQuestions(db)).map((q) => toQuestionDto(q, userType));
}

/** Answers in question order, each with its question (as the user's type sees it). */
export function toAnswerDtos(
  rows: readonly Pick<AnswerRow, 'questionId' | 'value' | 'importance'>[],
  questions: readonly QuestionWithOptions[],
  userType: UserType,
): (Answer & { question: Question })[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return rows
    .filter((r) => byId.has(r.questionId))
    .sort((a, b) => byId.get(a.questionId)!.order - byId.get(b.questionId)!.order)
    .map((r) => ({
      questionId: r.questionId,
      value: r.value,
      importance: (r.importance ?? null) as Answer['importance'],
      question: toQuestionDto(byId.get(r.questionId)!, userType),
    }));
}

export async function answersFor(
  db: Executor,
  user: { id: string; type: UserType },
): Promise<Answer[]> {
  const [rows, questions] = await Promise.all([listAnswers(db, user.id), listQuestions(db)]);
  return toAnswerDtos(rows, questions, user.type);
}

/** Saving answers moves PROFILE_COMPLETED to QUESTIONS_COMPLETED; never backwards (docs/rules/accounts.md#onboarding-steps). */
function stepAfterAnswers(step: OnboardingStep): OnboardingStep {
  return step === 'PROFILE_COMPLETED' ? 'QUESTIONS_COMPLETED' : step;
}

/** A 400 with each issue under its field, the first as the message. */
function refuse(issues: readonly AnswerIssue[]): void {
  if (issues.length === 0) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[issue.path] ??= []).push(issue.message);
  throw new AppError('VALIDATION', { message: issues[0]!.message, fieldErrors });
}

/**
 * Locks the user's row for the transaction and returns its step. A client's
 * answers, finished or not, are health data: kept only with a recorded
 * consent (docs/rules/privacy.md#questionnaire-consent), checked under the same lock a withdrawal takes.
 */
async function lockAnswering(
  tx: Executor,
  user: { id: string; type: UserType },
): Promise<OnboardingStep> {
  const step = await lockUser(tx, user.id);
  if (!step) throw new AppError('UNAUTHENTICATED');
  if (user.type === 'CLIENT' && !(await hasCurrentConsent(tx, user.id, 'QUESTIONNAIRE'))) {
    throw new AppError('CONSENT_REQUIRED');
  }
  return step;
}

/** The rows to store: choices in the option order, a text as given, importance or null. */
function storedRows(
  input: readonly { questionId: string; value: string[]; importance?: number | null }[],
  questions: readonly QuestionWithOptions[],
): { questionId: string; value: string[]; importance: number | null }[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return input.map((a) => ({
    questionId: a.questionId,
    value: sortByOptionOrder(a.value, byId.get(a.questionId)!),
    importance: a.importance ?? null,
  }));
}

/**
 * POST /answers: validated against the questionnaire (contracts
 * `validateAnswers`), then in one transaction that locks the user's row: the
 * old answers replaced, the draft deleted (the questionnaire is done), the
 * onboarding step moved forward.
 */
export async function saveAnswers(
  db: Database,
  user: { id: string; type: UserType },
  input: SaveAnswersInput,
): Promise<Answer[]> {
  const questions = await listQuestions(db);
  refuse(validateAnswers(questions, input, user.type));
  await db.transaction(async (tx) => {
    const step = await lockAnswering(tx, user);
    await replaceAnswers(tx, user.id, storedRows(input, questions));
    await deleteDraft(tx, user.id);
    const next = stepAfterAnswers(step);
    if (next !== step) await setOnboardingStep(tx, user.id, next);
  });
  return answersFor(db, user);
}

/** The draft as GET /answers/draft answers it: in question order, with the newest change. */
function toDraftDto(
  rows: readonly DraftRow[],
  questions: readonly QuestionWithOptions[],
): AnswerDraft {
  const order = new Map(questions.map((q) => [q.id, q.order]));
  const known = rows.filter((r) => order.has(r.questionId));
  const updatedAt = known.reduce<Date | null>(
    (latest, r) => (latest === null || r.updatedAt > latest ? r.updatedAt : latest),
    null,
  );
  return {
    answers: known
      .sort((a, b) => order.get(a.questionId)! - order.get(b.questionId)!)
      .map((r) => ({
        questionId: r.questionId,
        value: r.value,
        importance: (r.importance ?? null) as Importance | null,
      })),
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/** GET /answers/draft: the caller's unfinished answers (none: an empty list, `updatedAt: null`). */
export async function draftFor(db: Executor, user: { id: string }): Promise<AnswerDraft> {
  const [rows, questions] = await Promise.all([listDraft(db, user.id), listQuestions(db)]);
  return toDraftDto(rows, questions);
}

/**
 * PUT /answers/draft: each answer checked as POST /answers checks it, but
 * any question may be missing (contracts `validateDraftAnswers`); then, under
 * the user's row lock, the draft replaced. The onboarding step, the answers
 * and the matches stay as they are.
 */
export async function saveDraft(
  db: Database,
  user: { id: string; type: UserType },
  input: SaveAnswerDraftInput,
): Promise<AnswerDraft> {
  const questions = await listQuestions(db);
  refuse(validateDraftAnswers(questions, input.answers, user.type, 'answers.'));
  await db.transaction(async (tx) => {
    await lockAnswering(tx, user);
    await replaceDraft(tx, user.id, storedRows(input.answers, questions));
  });
  return draftFor(db, user);
}

function sortByOptionOrder(values: readonly string[], question: QuestionWithOptions): string[] {
  if (question.type === 'TEXTAREA') return [...values];
  const rank = new Map(question.options.map((o) => [o.value, o.order]));
  return [...values].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
}

/** A stored answer as the contracts rules read it (importance typed 1-3 or null). */
export function toRuleAnswer(row: Pick<AnswerRow, 'questionId' | 'value' | 'importance'>): {
  questionId: string;
  value: string[];
  importance: Importance | null;
} {
  const i = row.importance;
  return {
    questionId: row.questionId,
    value: row.value,
    importance: i === 1 || i === 2 || i === 3 ? i : null,
  };
}

import {
  optionsFor,
  validateAnswers,
  type Answer,
  type Importance,
  type OnboardingStep,
  type Question,
  type SaveAnswersInput,
  type UserType,
} from '@samtalsmatch/contracts';
import type { Database, Executor } from '@samtalsmatch/db';
import { hasCurrentConsent } from '../privacy/consents.repository';
import { AppError } from '../../lib/errors';
import {
  listAnswers,
  listQuestions,
  lockUser,
  replaceAnswers,
  setOnboardingStep,
  type AnswerRow,
  type QuestionWithOptions,
} from './questionnaire.repository';

/** A question as `userType` sees it (SPEC §3): only its own and shared options. */
export function toQuestionDto(q: QuestionWithOptions, userType: UserType): Question {
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

/** DESIGN §4: saving answers moves PROFILE_COMPLETED to QUESTIONS_COMPLETED; never backwards. */
export function stepAfterAnswers(step: OnboardingStep): OnboardingStep {
  return step === 'PROFILE_COMPLETED' ? 'QUESTIONS_COMPLETED' : step;
}

/**
 * POST /answers: validated against the questionnaire (contracts
 * `validateAnswers`), then in one transaction that locks the user's row: the
 * old answers replaced, the onboarding step moved forward.
 */
export async function saveAnswers(
  db: Database,
  user: { id: string; type: UserType },
  input: SaveAnswersInput,
): Promise<Answer[]> {
  const questions = await listQuestions(db);
  const issues = validateAnswers(questions, input, user.type);
  if (issues.length) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of issues) (fieldErrors[issue.path] ??= []).push(issue.message);
    throw new AppError('VALIDATION', { message: issues[0]!.message, fieldErrors });
  }
  const byId = new Map(questions.map((q) => [q.id, q]));
  await db.transaction(async (tx) => {
    const step = await lockUser(tx, user.id);
    if (!step) throw new AppError('UNAUTHENTICATED');
    // A client's answers are health data: saved only with a recorded consent
    // (issue 20, point 4), checked under the same lock a withdrawal takes.
    if (user.type === 'CLIENT' && !(await hasCurrentConsent(tx, user.id, 'QUESTIONNAIRE'))) {
      throw new AppError('CONSENT_REQUIRED');
    }
    await replaceAnswers(
      tx,
      user.id,
      input.map((a) => ({
        questionId: a.questionId,
        // A single-choice or text answer is stored as given; choices keep the option order.
        value: sortByOptionOrder(a.value, byId.get(a.questionId)!),
        importance: a.importance ?? null,
      })),
    );
    const next = stepAfterAnswers(step);
    if (next !== step) await setOnboardingStep(tx, user.id, next);
  });
  return answersFor(db, user);
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

import type { Importance, QuestionType, UserType } from '../enums';
import { ANY_VALUE, EXCLUSIVE_VALUES, OTHER_VALUE } from '../questions';
import { ROUTES } from './guard';

/** Single-choice and importance answers advance after this delay. */
export const AUTO_ADVANCE_MS = 200;

export interface StepQuestion {
  id: string;
  order: number;
  type: QuestionType;
  hasImportanceScale: boolean;
}

export type QuestionnaireStep<Q extends StepQuestion = StepQuestion> =
  { kind: 'consent' } | { kind: 'question'; question: Q } | { kind: 'importance'; question: Q };

/** 'any', 'other' and 'none' exclude every other choice. */
export function isExclusiveValue(value: string): boolean {
  return (EXCLUSIVE_VALUES as readonly string[]).includes(value);
}

/**
 * The answer after clicking an option. Single choice: that option.
 * Multiselect: a chosen option is removed again; an exclusive one clears the
 * others; a normal one removes the exclusive ones. Text: the text itself.
 */
export function toggleValue(
  current: readonly string[],
  value: string,
  type: QuestionType,
): string[] {
  switch (type) {
    case 'SINGLE_CHOICE':
      return [value];
    case 'TEXTAREA':
      return value.trim() === '' ? [] : [value];
    case 'MULTISELECT':
      if (current.includes(value)) return current.filter((v) => v !== value);
      if (isExclusiveValue(value)) return [value];
      return [...current.filter((v) => !isExclusiveValue(v)), value];
  }
}

export interface QuestionnaireAnswer {
  value: string[];
  importance: Importance | null;
}

/** toggleValue, and choosing any, other or none also clears the importance (docs/rules/matching.md#questionnaire-steps). */
export function toggleAnswer(
  answer: QuestionnaireAnswer,
  value: string,
  type: QuestionType,
): QuestionnaireAnswer {
  const next = toggleValue(answer.value, value, type);
  const cleared = type !== 'TEXTAREA' && isExclusiveValue(value) && next.includes(value);
  return { value: next, importance: cleared ? null : answer.importance };
}

/** Next is enabled once the answer is non-empty (a text must not be blank). */
export function isAnswerComplete(value: readonly string[] | undefined): boolean {
  return !!value && value.some((v) => v.trim() !== '');
}

/** A client gets an importance step when the question has a scale and the answer is not 'any' or 'other'. */
export function needsImportanceStep(
  question: Pick<StepQuestion, 'hasImportanceScale'>,
  answerValue: readonly string[] | undefined,
): boolean {
  if (!question.hasImportanceScale) return false;
  const value = answerValue ?? [];
  return !value.includes(ANY_VALUE) && !value.includes(OTHER_VALUE);
}

type AnswerLookup =
  | readonly { questionId: string; value: readonly string[] }[]
  | Readonly<Record<string, { value: readonly string[] } | undefined>>;

function answerValueOf(answers: AnswerLookup, questionId: string): readonly string[] | undefined {
  if (Array.isArray(answers)) {
    return (answers as readonly { questionId: string; value: readonly string[] }[]).find(
      (a) => a.questionId === questionId,
    )?.value;
  }
  return (answers as Readonly<Record<string, { value: readonly string[] } | undefined>>)[questionId]
    ?.value;
}

/**
 * The questionnaire steps (docs/rules/matching.md#questionnaire-steps): consent first, then per question (by order) a
 * question step and, for clients, an importance step when needed.
 */
export function buildSteps<Q extends StepQuestion>(
  questions: readonly Q[],
  userType: UserType,
  answers: AnswerLookup,
): QuestionnaireStep<Q>[] {
  const steps: QuestionnaireStep<Q>[] = [{ kind: 'consent' }];
  const sorted = [...questions].sort((a, b) => a.order - b.order);
  for (const question of sorted) {
    steps.push({ kind: 'question', question });
    if (
      userType === 'CLIENT' &&
      needsImportanceStep(question, answerValueOf(answers, question.id))
    ) {
      steps.push({ kind: 'importance', question });
    }
  }
  return steps;
}

/**
 * Where the questionnaire opens (a reload, another device): the first step
 * not yet answered (a question without an answer, an importance not
 * picked), with the answers kept. The consent step counts as done only when
 * `consentDone` (a client's recorded consent; a therapist's unfinished
 * answers); before that it is where everything starts. With every step
 * answered (someone changing their answers), the first question.
 */
export function resumeStepIndex<Q extends StepQuestion>(
  steps: readonly QuestionnaireStep<Q>[],
  answers: Readonly<Record<string, QuestionnaireAnswer | undefined>>,
  { consentDone }: { consentDone: boolean },
): number {
  const firstQuestion = steps.findIndex((s) => s.kind !== 'consent');
  if (firstQuestion === -1) return 0;
  if (!consentDone && steps[0]?.kind === 'consent') return 0;
  const open = steps.findIndex((step) => {
    if (step.kind === 'consent') return false;
    const answer = answers[step.question.id];
    return step.kind === 'question' ? !isAnswerComplete(answer?.value) : answer?.importance == null;
  });
  return open === -1 ? firstQuestion : open;
}

/** The search parameter of /questions that opens one question: `?fraga=language`. */
export const QUESTION_SEARCH_PARAM = 'fraga';

/** /questions opened at the question with this key (the empty match list links to it). */
export function questionLink(questionKey: string): string {
  return `${ROUTES.questions}?${QUESTION_SEARCH_PARAM}=${encodeURIComponent(questionKey)}`;
}

/** The progress bar: position divided by the number of steps, in [0, 1]. */
export function progress(position: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(1, Math.max(0, position / total));
}

/** The options a user type sees: its own and those for BOTH. */
export function optionsFor<O extends { userType: 'CLIENT' | 'PROVIDER' | 'BOTH' }>(
  options: readonly O[],
  userType: UserType,
): O[] {
  return options.filter((o) => o.userType === 'BOTH' || o.userType === userType);
}

/** The question's text for the user type (providers see providerText). */
export function questionText(
  question: { clientText: string; providerText: string },
  userType: UserType,
): string {
  return userType === 'PROVIDER' ? question.providerText : question.clientText;
}

/** The question's description for the user type, falling back to the shared one. */
export function questionDescription(
  question: {
    clientDescription: string | null;
    providerDescription: string | null;
    description: string | null;
  },
  userType: UserType,
): string | null {
  const own = userType === 'PROVIDER' ? question.providerDescription : question.clientDescription;
  return own ?? question.description;
}

/**
 * How the user answers a question: a provider answers a SINGLE_CHOICE
 * question with several values (a client belongs to one age group, a
 * therapist works with several; the API accepts that), so it is a
 * multiselect for providers and auto-advances only for clients.
 */
export function answerTypeFor(type: QuestionType, userType: UserType): QuestionType {
  return type === 'SINGLE_CHOICE' && userType === 'PROVIDER' ? 'MULTISELECT' : type;
}

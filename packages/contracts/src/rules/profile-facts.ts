import { EXCLUSIVE_VALUES } from '../questions';
import type { ExplainAnswer, ExplainQuestion } from './match-explanation';

/** The question whose answers are the therapist's languages (shown as chips on cards and the profile). */
export const LANGUAGE_QUESTION_KEY = 'language';

/**
 * The labels of what someone answered to the question with `key`, in the
 * question's option order; 'any', 'other' and 'none' are left out. Empty when
 * the question or the answer is missing.
 */
export function answerLabels(
  key: string,
  answers: readonly ExplainAnswer[],
  questions: readonly ExplainQuestion[],
): string[] {
  const question = questions.find((q) => q.key === key);
  if (!question) return [];
  const chosen = new Set(answers.find((a) => a.questionId === question.id)?.value ?? []);
  return question.options
    .filter(
      (o) => chosen.has(o.value) && !(EXCLUSIVE_VALUES as readonly string[]).includes(o.value),
    )
    .map((o) => o.label);
}

import type { QuestionType, UserType } from '../enums';
import { MSG } from '../messages.sv';
import { ANY_VALUE, OTHER_VALUE } from '../questions';
import { isExclusiveValue, optionsFor } from './questionnaire';

export interface ValidationQuestion {
  id: string;
  key: string;
  type: QuestionType;
  hasImportanceScale: boolean;
  options: readonly { value: string; userType: 'CLIENT' | 'PROVIDER' | 'BOTH' }[];
}

export interface ValidationAnswer {
  questionId: string;
  value: readonly string[];
  importance?: number | null;
}

/** One refusal: the field path (`<index>.value`, `<index>.importance`, `_`) and its Swedish message. */
export interface AnswerIssue {
  path: string;
  message: string;
}

/**
 * POST /answers against the questionnaire (docs/rules/matching.md#saving-answers), for a user of `userType`:
 * every answer valid (`validateDraftAnswers`) and every question answered.
 * Returns the issues; empty means valid. (Duplicates, empty lists and the
 * importance range are the schema's: `saveAnswersSchema`.)
 */
export function validateAnswers(
  questions: readonly ValidationQuestion[],
  answers: readonly ValidationAnswer[],
  userType: UserType,
): AnswerIssue[] {
  const issues = validateDraftAnswers(questions, answers, userType);
  const answered = new Set(answers.map((a) => a.questionId));
  if (questions.some((q) => !answered.has(q.id))) {
    issues.push({ path: '_', message: MSG.answersIncomplete });
  }
  return issues;
}

/**
 * Each answer on its own, as POST /answers and PUT /answers/draft both check
 * it, for a user of `userType`: the question id known; choice values among
 * the options of the user's type; one value for a client's SINGLE_CHOICE (a
 * provider lists every age group it takes); 'any', 'other' and 'none' alone;
 * an importance (1-3, checked by the schema) only from a client, only where
 * the question has a scale, and not with 'any' or 'other' (they skip the
 * importance step). Questions left out are fine here: a draft is unfinished.
 * `prefix` goes before each path (`answers.` for the draft's body).
 */
export function validateDraftAnswers(
  questions: readonly ValidationQuestion[],
  answers: readonly ValidationAnswer[],
  userType: UserType,
  prefix = '',
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  answers.forEach((answer, i) => {
    const at = `${prefix}${i}`;
    const question = byId.get(answer.questionId);
    if (!question) {
      issues.push({ path: `${at}.questionId`, message: MSG.answerUnknownQuestion });
      return;
    }
    if (question.type === 'TEXTAREA') {
      if (answer.value.length !== 1)
        issues.push({ path: `${at}.value`, message: MSG.answerTextOnly });
    } else {
      const allowed = new Set(optionsFor(question.options, userType).map((o) => o.value));
      if (answer.value.some((v) => !allowed.has(v))) {
        issues.push({ path: `${at}.value`, message: MSG.answerUnknownOption });
      } else if (answer.value.length > 1 && answer.value.some(isExclusiveValue)) {
        issues.push({ path: `${at}.value`, message: MSG.answerExclusive });
      } else if (
        question.type === 'SINGLE_CHOICE' &&
        userType === 'CLIENT' &&
        answer.value.length !== 1
      ) {
        issues.push({ path: `${at}.value`, message: MSG.answerSingleChoice });
      }
    }
    if (answer.importance !== undefined && answer.importance !== null) {
      if (userType !== 'CLIENT') {
        issues.push({ path: `${at}.importance`, message: MSG.answerImportanceClientsOnly });
      } else if (
        !question.hasImportanceScale ||
        answer.value.includes(ANY_VALUE) ||
        answer.value.includes(OTHER_VALUE)
      ) {
        issues.push({ path: `${at}.importance`, message: MSG.answerImportanceNotAllowed });
      }
    }
  });
  return issues;
}

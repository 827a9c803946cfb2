import {
  isAnswerComplete,
  needsImportanceStep,
  resumeStepIndex,
  type Answer,
  type AnswerDraft,
  type Question,
  type QuestionnaireAnswer,
  type QuestionnaireStep,
  type SaveAnswerDraftInput,
  type SaveAnswersInput,
  type UserType,
} from '@samtalsmatch/contracts';

/** The answers as the stepper keeps them, by question id. */
export type AnswerMap = Record<string, QuestionnaireAnswer>;

/** The saved answers (or a draft's) as the stepper keeps them, by question id. */
function toAnswerMap(
  answers: readonly Pick<Answer, 'questionId' | 'value' | 'importance'>[] | undefined,
): AnswerMap {
  const map: AnswerMap = {};
  for (const a of answers ?? [])
    map[a.questionId] = { value: [...a.value], importance: a.importance };
  return map;
}

/**
 * PUT /answers/draft payload: the questions answered so far, in order, with
 * an importance only where a client was asked for one; a blank text is no
 * answer yet.
 */
export function toDraftPayload(
  questions: readonly Question[],
  answers: AnswerMap,
  userType: UserType,
): SaveAnswerDraftInput {
  const list: SaveAnswerDraftInput['answers'] = [];
  for (const q of questions) {
    const answer = answers[q.id];
    if (!answer || !isAnswerComplete(answer.value)) continue;
    const asked = userType === 'CLIENT' && needsImportanceStep(q, answer.value);
    list.push({
      questionId: q.id,
      value: answer.value,
      importance: asked ? answer.importance : null,
    });
  }
  return { answers: list };
}

/** POST /answers payload: every question, with an importance only where a client was asked for one. */
export function toPayload(
  questions: readonly Question[],
  answers: AnswerMap,
  userType: UserType,
): SaveAnswersInput {
  return questions.map((q) => {
    const answer = answers[q.id] ?? { value: [], importance: null };
    const asked = userType === 'CLIENT' && needsImportanceStep(q, answer.value);
    return {
      questionId: q.id,
      value: answer.value,
      importance: asked ? answer.importance : null,
    };
  });
}

/**
 * Where the stepper starts from: the draft when there is one, else the saved
 * answers. The consent step is done for a client whose consent is recorded,
 * and for a therapist who has begun a draft (their step records nothing).
 */
export function resumeFrom(
  saved: readonly Answer[],
  draft: AnswerDraft,
  userType: UserType,
  consentRecorded: boolean | undefined,
): { initialAnswers: AnswerMap; consentDone: boolean } {
  const fromDraft = draft.updatedAt !== null;
  return {
    initialAnswers: toAnswerMap(fromDraft ? draft.answers : saved),
    consentDone: userType === 'CLIENT' ? consentRecorded === true : fromDraft,
  };
}

/** The step a questionnaire opens at: a linked question, else the first one not yet answered. */
export function startIndex(
  steps: readonly QuestionnaireStep<Question>[],
  answers: AnswerMap,
  consentDone: boolean,
  startAt: string | null,
): number {
  const linked = startAt
    ? steps.findIndex((s) => s.kind === 'question' && s.question.key === startAt)
    : -1;
  if (linked > 0 && consentDone) return linked;
  return resumeStepIndex(steps, answers, { consentDone });
}

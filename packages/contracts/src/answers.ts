import { z } from 'zod';
import { idSchema } from './common';
import { importanceSchema } from './enums';
import { MSG } from './messages.sv';
import { freeText } from './text';
import { questionSchema } from './questions';

export const ANSWER_VALUE_MAX_CHARS = 2000;
export const ANSWER_VALUES_MAX = 50;
/** At most this many answers in one save (the questionnaire has far fewer questions). */
export const ANSWERS_MAX = 100;

/** One answer of POST /answers: the chosen values (or the text) and, for clients, an importance. */
export const answerInputSchema = z.object({
  questionId: idSchema,
  value: z
    .array(
      // A TEXTAREA question's answer keeps its newlines.
      freeText(
        z.string().trim().min(1, MSG.answerRequired).max(ANSWER_VALUE_MAX_CHARS, MSG.answerTooLong),
        {
          multiline: true,
        },
      ),
    )
    .min(1, MSG.answerRequired)
    .max(ANSWER_VALUES_MAX)
    .refine((v) => new Set(v).size === v.length, MSG.duplicateChoice),
  importance: importanceSchema.nullable().optional(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

function eachQuestionOnce(answers: readonly { questionId: string }[]): boolean {
  return new Set(answers.map((a) => a.questionId)).size === answers.length;
}

/** POST /answers payload: a non-empty list, each question at most once. */
export const saveAnswersSchema = z
  .array(answerInputSchema)
  .min(1, MSG.answersRequired)
  .max(ANSWERS_MAX, MSG.tooManyAnswers)
  .refine(eachQuestionOnce, MSG.duplicateAnswer);
export type SaveAnswersInput = z.infer<typeof saveAnswersSchema>;

/**
 * PUT /answers/draft payload: the unfinished questionnaire, kept on the
 * server so that another visit resumes it. Each answer follows the same
 * rules as in POST /answers (contracts `validateDraftAnswers`), but any
 * question may still be unanswered, none included.
 */
export const saveAnswerDraftSchema = z.object({
  answers: z
    .array(answerInputSchema)
    .max(ANSWERS_MAX, MSG.tooManyAnswers)
    .refine(eachQuestionOnce, MSG.duplicateAnswer),
});
export type SaveAnswerDraftInput = z.infer<typeof saveAnswerDraftSchema>;

/** One answer of a draft as the server keeps it. */
export const draftAnswerSchema = z.object({
  questionId: idSchema,
  value: z.array(z.string()),
  importance: importanceSchema.nullable(),
});
export type DraftAnswer = z.infer<typeof draftAnswerSchema>;

/** GET and PUT /answers/draft: the caller's draft; no draft is no answers and `updatedAt: null`. */
export const answerDraftSchema = z.object({
  answers: z.array(draftAnswerSchema),
  updatedAt: z.string().nullable(),
});
export type AnswerDraft = z.infer<typeof answerDraftSchema>;

/** An Answer as GET /answers returns it. */
export const answerSchema = z.object({
  questionId: idSchema,
  value: z.array(z.string()),
  importance: importanceSchema.nullable(),
  question: questionSchema.optional(),
});
export type Answer = z.infer<typeof answerSchema>;

export const answersResponseSchema = z.array(answerSchema);

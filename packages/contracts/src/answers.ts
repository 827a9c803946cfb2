import { z } from 'zod';
import { idSchema } from './common';
import { importanceSchema } from './enums';
import { MSG } from './messages.sv';
import { freeText } from './text';
import { questionSchema } from './questions';

export const ANSWER_VALUE_MAX_CHARS = 2000;
export const ANSWER_VALUES_MAX = 50;

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

/** POST /answers payload: a non-empty list, each question at most once. */
export const saveAnswersSchema = z
  .array(answerInputSchema)
  .min(1, MSG.answersRequired)
  .refine(
    (answers) => new Set(answers.map((a) => a.questionId)).size === answers.length,
    MSG.duplicateAnswer,
  );
export type SaveAnswersInput = z.infer<typeof saveAnswersSchema>;

/** SPEC §3 Answer as GET /answers returns it. */
export const answerSchema = z.object({
  questionId: idSchema,
  value: z.array(z.string()),
  importance: importanceSchema.nullable(),
  question: questionSchema.optional(),
});
export type Answer = z.infer<typeof answerSchema>;

export const answersResponseSchema = z.array(answerSchema);

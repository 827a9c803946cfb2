import { z } from 'zod';
import { idSchema } from './common';
import { optionUserTypeSchema, questionTypeSchema } from './enums';

/** The question keys the matching knows (docs/rules/matching.md#questions). */
export const QUESTION_KEYS = [
  'age',
  'language',
  'therapy_methods',
  'problem_areas',
  'knowledge_areas',
] as const;
export type QuestionKey = (typeof QUESTION_KEYS)[number];

/** Option values that exclude every other choice (docs/rules/matching.md#questionnaire-steps). */
export const ANY_VALUE = 'any';
export const OTHER_VALUE = 'other';
export const NONE_VALUE = 'none';
export const EXCLUSIVE_VALUES = [ANY_VALUE, OTHER_VALUE, NONE_VALUE] as const;

export const questionOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  userType: optionUserTypeSchema,
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/** A Question as GET /questions returns it (sorted by order). */
export const questionSchema = z.object({
  id: idSchema,
  order: z.number().int(),
  key: z.string(),
  type: questionTypeSchema,
  clientText: z.string(),
  providerText: z.string(),
  clientDescription: z.string().nullable(),
  providerDescription: z.string().nullable(),
  description: z.string().nullable(),
  hasImportanceScale: z.boolean(),
  options: z.array(questionOptionSchema),
});
export type Question = z.infer<typeof questionSchema>;

export const questionsResponseSchema = z.array(questionSchema);

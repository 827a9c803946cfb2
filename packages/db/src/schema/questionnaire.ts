import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { optionUserTypeEnum, questionTypeEnum } from './enums';
import { timestamps, users } from './users';

export const questions = pgTable('questions', {
  id: uuid('id').primaryKey().defaultRandom(),
  order: integer('order').notNull().unique(),
  key: text('key').notNull().unique(),
  type: questionTypeEnum('type').notNull(),
  clientText: text('client_text').notNull(),
  providerText: text('provider_text').notNull(),
  clientDescription: text('client_description'),
  providerDescription: text('provider_description'),
  description: text('description'),
  hasImportanceScale: boolean('has_importance_scale').notNull().default(false),
});

export const questionOptions = pgTable(
  'question_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    userType: optionUserTypeEnum('user_type').notNull().default('BOTH'),
  },
  (t) => [unique('question_options_value_unique').on(t.questionId, t.value)],
);

export const answers = pgTable(
  'answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    value: text('value').array().notNull(),
    importance: smallint('importance'),
    ...timestamps,
  },
  (t) => [
    unique('answers_user_question_unique').on(t.userId, t.questionId),
    check('answers_importance_range', sql`${t.importance} between 1 and 3`),
  ],
);

/**
 * The questionnaire a user has begun but not saved (PUT /answers/draft): one
 * row per question answered so far, the same shape as `answers`, so that a
 * reload or another device resumes where the user was. Saving the answers
 * (POST /answers) deletes it in the same transaction; it never moves the
 * onboarding step and never feeds the matching. Personal data like the
 * answers: exported, erased, removed with a withdrawn consent and by the
 * retention round.
 */
export const answerDrafts = pgTable(
  'answer_drafts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    value: text('value').array().notNull(),
    importance: smallint('importance'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    check('answer_drafts_importance_range', sql`${t.importance} between 1 and 3`),
  ],
);

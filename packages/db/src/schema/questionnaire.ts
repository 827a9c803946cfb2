import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  smallint,
  text,
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

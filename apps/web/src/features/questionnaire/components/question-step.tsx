import {
  answerTypeFor,
  MSG,
  optionsFor,
  questionDescription,
  questionText,
  toggleAnswer,
  type Question,
  type QuestionnaireAnswer,
  type UserType,
} from '@samtalsmatch/contracts';
import type { RefObject } from 'react';
import { Alert } from '@/components/ui/alert';
import { ChoiceList } from './questionnaire-parts';
import { QUESTIONNAIRE_TEXTS } from '../texts';

/** One question: its text and description, then the choices or a text field by its type. */
export function QuestionStep({
  question,
  userType,
  answer,
  headingId,
  headingRef,
  onChange,
}: {
  question: Question;
  userType: UserType;
  answer: QuestionnaireAnswer;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChange: (next: QuestionnaireAnswer, how: { advance: boolean }) => void;
}) {
  const description = questionDescription(question, userType);
  const heading = (
    <h2
      id={headingId}
      ref={headingRef}
      tabIndex={-1}
      className="text-xl font-semibold text-stone-900 outline-none"
    >
      {questionText(question, userType)}
    </h2>
  );
  const descriptionId = description ? `${headingId}-description` : undefined;
  const intro = (
    <>
      {heading}
      {description ? (
        <p id={descriptionId} className="mt-2 text-stone-700">
          {description}
        </p>
      ) : null}
    </>
  );
  const options = optionsFor(question.options, userType);
  const type = answerTypeFor(question.type, userType);

  switch (type) {
    case 'SINGLE_CHOICE':
    case 'MULTISELECT': {
      const single = type === 'SINGLE_CHOICE';
      return (
        <>
          {intro}
          {single ? null : (
            <p className="mt-2 text-sm text-stone-700">{QUESTIONNAIRE_TEXTS.severalAnswers}</p>
          )}
          <ChoiceList
            kind={single ? 'radio' : 'checkbox'}
            name={`question-${question.id}`}
            labelledBy={headingId}
            describedBy={descriptionId}
            options={options}
            selected={answer.value}
            onPick={(value, { advance }) =>
              onChange(toggleAnswer(answer, value, type), { advance: single && advance })
            }
          />
        </>
      );
    }
    case 'TEXTAREA': {
      const fieldId = `question-${question.id}-text`;
      return (
        <>
          {intro}
          <label htmlFor={fieldId} className="mt-4 block font-medium text-stone-900">
            {QUESTIONNAIRE_TEXTS.yourAnswer}
          </label>
          <textarea
            id={fieldId}
            rows={5}
            className="mt-1 block w-full rounded-md border border-stone-400 px-3 py-2 text-stone-900"
            value={answer.value[0] ?? ''}
            onChange={(e) =>
              onChange(
                {
                  value: e.target.value === '' ? [] : [e.target.value],
                  importance: answer.importance,
                },
                { advance: false },
              )
            }
          />
        </>
      );
    }
    default:
      return (
        <>
          {intro}
          <Alert tone="error" className="mt-4">
            {MSG.unsupportedQuestionType}
          </Alert>
        </>
      );
  }
}

import {
  IMPORTANCE_LABELS,
  Importance,
  questionText,
  type Question,
  type UserType,
} from '@samtalsmatch/contracts';
import type { RefObject } from 'react';
import { ChoiceList } from './questionnaire-parts';
import { QUESTIONNAIRE_TEXTS } from '../texts';

/** A client's importance of a question: 'Inte så viktig', 'Viktig' or 'Väldigt viktig'. */
export function ImportanceStep({
  question,
  userType,
  importance,
  headingId,
  headingRef,
  onPick,
}: {
  question: Question;
  userType: UserType;
  importance: Importance | null | undefined;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onPick: (importance: Importance, how: { advance: boolean }) => void;
}) {
  return (
    <>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-stone-900 outline-none"
      >
        {QUESTIONNAIRE_TEXTS.importanceTitle}
      </h2>
      <p className="mt-2 text-stone-700">{questionText(question, userType)}</p>
      <ChoiceList
        kind="radio"
        name={`importance-${question.id}`}
        labelledBy={headingId}
        options={Importance.map((level) => ({
          value: String(level),
          label: IMPORTANCE_LABELS[level],
        }))}
        selected={importance != null ? [String(importance)] : []}
        onPick={(value, how) => onPick(Number(value) as Importance, how)}
      />
    </>
  );
}

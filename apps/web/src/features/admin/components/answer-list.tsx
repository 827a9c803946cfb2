import { answerInWords, type Answer } from '@samtalsmatch/contracts';
import { ADMIN_TEXTS } from '../texts';

/** Answers with their questions, as the therapist or the client was asked them. */
export function AnswerList({ answers, side }: { answers: Answer[]; side: 'provider' | 'client' }) {
  if (answers.length === 0) return <p className="text-stone-700">{ADMIN_TEXTS.noAnswers}</p>;
  return (
    <dl className="space-y-3">
      {answers.map((a) => {
        const words = answerInWords(a, side);
        return (
          <div key={a.questionId}>
            <dt className="font-medium text-stone-900">{words.question}</dt>
            <dd className="text-stone-700">
              {words.values.join(', ')}
              {words.importance ? ` (${words.importance})` : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

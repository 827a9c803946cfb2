import { ADMIN_TEXTS, IMPORTANCE_LABELS, type Answer } from '@samtalsmatch/contracts';

/** The chosen values as their Swedish option labels (free text as written). */
function valueLabels(answer: Answer): string {
  const options = answer.question?.options ?? [];
  return answer.value.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ');
}

/** Answers with their questions, as the therapist or the client was asked them. */
export function AnswerList({ answers, side }: { answers: Answer[]; side: 'provider' | 'client' }) {
  if (answers.length === 0) return <p className="text-stone-700">{ADMIN_TEXTS.noAnswers}</p>;
  return (
    <dl className="space-y-3">
      {answers.map((a) => (
        <div key={a.questionId}>
          <dt className="font-medium text-stone-900">
            {(side === 'provider' ? a.question?.providerText : a.question?.clientText) ??
              a.question?.key}
          </dt>
          <dd className="text-stone-700">
            {valueLabels(a)}
            {a.importance ? ` (${IMPORTANCE_LABELS[a.importance]})` : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

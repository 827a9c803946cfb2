import {
  EMPTY_MATCHES_TEXT as TEXT,
  questionLink,
  type EmptyMatchesReason,
} from '@samtalsmatch/contracts';
import { Link } from 'react-router';

/**
 * Why the client's match list is empty, below the empty state's own text (docs/rules/matching.md#empty-match-list),
 * or why it holds fewer than five (`few`, under the recommendations' heading,
 * docs/rules/matching.md#a-short-match-list): the answers marked 'Väldigt
 * viktig' that no (or too few) therapists meet, each with the question, the
 * client's choices and a link to that question; or, neutrally, that nobody
 * (or too few) has a bookable time or that the combination is what limits
 * the list. Nothing when nothing limits it.
 */
export function EmptyMatchesReasonText({
  reason,
  few = false,
}: {
  reason: EmptyMatchesReason;
  few?: boolean;
}) {
  switch (reason.kind) {
    case 'VERY_IMPORTANT_UNMET':
      return (
        <div className="mt-6 rounded-md border border-stone-200 bg-stone-50 p-4 text-left text-stone-800">
          <p>{few ? TEXT.fewUnmetIntro : TEXT.unmetIntro}</p>
          <ul className="mt-3 space-y-3">
            {reason.answers.map((answer) => (
              <li key={answer.questionId}>
                <p className="font-medium text-stone-900">{answer.question}</p>
                <p>{TEXT.yourAnswer(answer.values.map((v) => v.label))}</p>
                <Link
                  to={questionLink(answer.questionKey)}
                  aria-label={TEXT.changeLabel(answer.question)}
                  className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {TEXT.change}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-3">{TEXT.unmetHint}</p>
        </div>
      );
    case 'NO_CANDIDATES':
      return <p className="mt-4 text-stone-700">{few ? TEXT.fewCandidates : TEXT.noCandidates}</p>;
    case 'COMBINATION':
      return <p className="mt-4 text-stone-700">{few ? TEXT.fewCombination : TEXT.combination}</p>;
    case 'NONE':
      return null;
  }
}

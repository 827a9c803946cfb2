import {
  answerInWords,
  CLIENT_ANSWERS_TEXTS as T,
  type ProviderMatch,
} from '@samtalsmatch/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useProviderMatch } from '../api/get-provider-match';

/**
 * The client's answers in a booking dialog, compact: each question as the
 * client was asked it, the chosen options and how much it matters to them.
 * While they load, placeholder lines of about their height (the dialog's
 * form below moves as little as possible); on failure, a message and
 * 'Försök igen'.
 */
export function ClientAnswers({ detail }: { detail: UseQueryResult<ProviderMatch> }) {
  const headingId = useId();
  let body;
  if (detail.isPending) {
    body = (
      <div role="status" className="mt-2 space-y-3">
        <span className="sr-only">{T.loading}</span>
        {[0, 1, 2, 3, 4].map((row) => (
          <div key={row} aria-hidden="true" className="space-y-1">
            <div className="h-4 w-3/4 animate-pulse rounded-sm bg-stone-200 motion-reduce:animate-none" />
            <div className="h-4 w-1/3 animate-pulse rounded-sm bg-stone-200 motion-reduce:animate-none" />
          </div>
        ))}
      </div>
    );
  } else if (detail.isError) {
    body = (
      <Alert tone="error" className="mt-2">
        <p>{T.error}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={detail.isFetching}
          onClick={() => void detail.refetch()}
        >
          {T.retry}
        </Button>
      </Alert>
    );
  } else if (detail.data.client.answer.length === 0) {
    body = <p className="mt-2 text-sm text-stone-700">{T.none}</p>;
  } else {
    body = (
      <dl className="mt-2 space-y-2 text-sm">
        {detail.data.client.answer.map((answer) => {
          const words = answerInWords(answer, 'client');
          return (
            <div key={answer.questionId}>
              <dt className="font-medium text-stone-900">{words.question}</dt>
              <dd className="text-stone-800">
                {words.values.join(', ')}
                {words.importance ? ` ${T.importance(words.importance)}` : null}
              </dd>
            </div>
          );
        })}
      </dl>
    );
  }
  return (
    <section aria-labelledby={headingId} className="mt-5 rounded-md border border-stone-200 p-4">
      <h3 id={headingId} className="font-semibold text-stone-900">
        {T.title}
      </h3>
      {body}
    </section>
  );
}

/**
 * 'Visa klientens svar' in a dialog that does not need them for its action
 * (a confirmed session, a past booking): the answers are read, and the read
 * written to the client's access log, only when the therapist asks.
 */
export function ClientAnswersOnRequest({ matchId }: { matchId: string }) {
  const [shown, setShown] = useState(false);
  const regionId = useId();
  const detail = useProviderMatch(matchId, { enabled: shown });
  return (
    <div className="mt-4">
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={shown}
        aria-controls={shown ? regionId : undefined}
        onClick={() => setShown(!shown)}
      >
        {shown ? T.hide : T.show}
      </Button>
      {shown ? (
        <div id={regionId}>
          <ClientAnswers detail={detail} />
        </div>
      ) : null}
    </div>
  );
}

import {
  ACCESS_KIND_LABELS,
  ACCESS_LOG_LIMIT_DEFAULT,
  ACCESS_LOG_PAGE,
  ACCESS_LOG_PAGE_SIZE,
  accessReaderText,
  atLineStart,
  formatStockholmDateTime,
  formatStockholmTime,
  type UserType,
} from '@samtalsmatch/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAccessLog } from '../api/access-log';

const T = ACCESS_LOG_PAGE;

/**
 * 'Vem har läst mina uppgifter' (who has read my data, decisions 358 and
 * 412): the reads of the user's data by someone else, one row per reader,
 * kind and day, newest first, with the last read's time (Stockholm time;
 * the intro says so once for the whole list), who (name and role), what,
 * and how many reads with the first one's time. The list shows
 * ACCESS_LOG_PAGE_SIZE entries at a time; 'Visa fler' shows the next ones and
 * moves focus to the first of them.
 */
export function AccessLogSection({ userType }: { userType: UserType }) {
  const { data, isPending, isError, isFetching, refetch } = useAccessLog();
  const [shown, setShown] = useState(ACCESS_LOG_PAGE_SIZE);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const firstNew = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (focusIndex !== null) firstNew.current?.focus();
  }, [focusIndex]);

  const intro = userType === 'CLIENT' ? T.clientIntro : T.providerIntro;
  let body;
  if (isPending) {
    body = <Spinner label={T.loading} className="py-4" />;
  } else if (isError) {
    body = (
      <Alert tone="error">
        <p>{T.error}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          {T.retry}
        </Button>
      </Alert>
    );
  } else if (data.length === 0) {
    body = <p className="text-stone-700">{T.empty}</p>;
  } else {
    const visible = data.slice(0, shown);
    body = (
      <>
        <ol
          aria-label={T.listLabel}
          className="divide-y divide-stone-200 border-y border-stone-200"
        >
          {visible.map((entry, i) => (
            <li
              key={entry.id}
              ref={i === focusIndex ? firstNew : undefined}
              tabIndex={i === focusIndex ? -1 : undefined}
              className="py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <p className="font-medium text-stone-900">
                <time dateTime={entry.lastReadAt}>
                  {atLineStart(formatStockholmDateTime(entry.lastReadAt))}
                </time>
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-stone-700">
                <dt className="font-medium text-stone-800">{T.readerLabel}:</dt>
                <dd>{accessReaderText(entry.reader)}</dd>
                <dt className="font-medium text-stone-800">{T.whatLabel}:</dt>
                <dd>{ACCESS_KIND_LABELS[entry.kind]}</dd>
                <dt className="font-medium text-stone-800">{T.countLabel}:</dt>
                <dd>{T.count(entry.count, formatStockholmTime(entry.readAt))}</dd>
              </dl>
            </li>
          ))}
        </ol>
        {data.length > shown ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              onClick={() => {
                setFocusIndex(shown);
                setShown(shown + ACCESS_LOG_PAGE_SIZE);
              }}
            >
              {T.showMore}
            </Button>
            <p className="text-sm text-stone-700">{T.shown(shown, data.length)}</p>
          </div>
        ) : null}
        {data.length >= ACCESS_LOG_LIMIT_DEFAULT ? (
          <p className="mt-4 text-sm text-stone-700">{T.limited(ACCESS_LOG_LIMIT_DEFAULT)}</p>
        ) : null}
      </>
    );
  }

  return (
    <div>
      <p className="text-stone-700">{intro}</p>
      <div className="mt-4">{body}</div>
    </div>
  );
}

import { formatStockholmDate } from '@samtalsmatch/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { handleApiError } from '@/lib/error-message';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useTurnOffCalendarFeed,
} from '../api/calendar-feed';
import { CALENDAR_FEED_TEXTS as TEXT } from '../texts';

/**
 * The private calendar feed (docs/rules/bookings.md#a-private-calendar-feed):
 * turn on, copy the link (shown once: only its hash is kept, decision 462),
 * make a new one, turn off; how to subscribe in Google, Apple and Outlook.
 */
export function CalendarFeedSection() {
  const headingId = useId();
  const urlId = useId();
  const hintId = useId();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  // The URL of the link made in this visit; a reload cannot show it again.
  const [url, setUrl] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const urlInput = useRef<HTMLInputElement>(null);
  const turnOnButton = useRef<HTMLButtonElement>(null);
  // After turning off, focus goes to the button that turns it on again (the one pressed is gone).
  const focusAfterOff = useRef(false);
  const busy = create.isPending || turnOff.isPending;

  useEffect(() => {
    if (url) urlInput.current?.focus();
  }, [url]);
  useEffect(() => {
    if (focusAfterOff.current && feed.data && !feed.data.enabled) {
      focusAfterOff.current = false;
      turnOnButton.current?.focus();
    }
  }, [feed.data]);

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setCopyState('idle');
        setUrl(created.url);
      },
      onError: (e) => handleApiError(e),
    });
  const stop = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setCopyState('idle');
        focusAfterOff.current = true;
      },
      onError: (e) => handleApiError(e),
    });
  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      urlInput.current?.select();
      setCopyState('failed');
    }
  }

  let body;
  if (feed.isPending) {
    body = <Spinner label={TEXT.loading} className="py-4" />;
  } else if (feed.isError) {
    body = (
      <div className="space-y-3">
        <Alert tone="error">{TEXT.loadFailed}</Alert>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          {TEXT.retry}
        </Button>
      </div>
    );
  } else if (!feed.data.enabled) {
    body = (
      <div className="space-y-3">
        <p className="text-stone-700">{TEXT.off}</p>
        <Button ref={turnOnButton} disabled={busy} onClick={makeLink}>
          {TEXT.turnOn}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        {feed.data.createdAt ? (
          <p className="text-stone-700">{TEXT.onSince(formatStockholmDate(feed.data.createdAt))}</p>
        ) : null}
        {url ? (
          <div className="space-y-2">
            <label htmlFor={urlId} className="block font-medium text-stone-900">
              {TEXT.urlLabel}
            </label>
            <input
              id={urlId}
              ref={urlInput}
              readOnly
              value={url}
              aria-describedby={hintId}
              onFocus={(e) => e.currentTarget.select()}
              className="block w-full rounded-md border border-stone-400 bg-stone-50 px-3 py-2 font-mono text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            />
            <p id={hintId} className="text-sm text-stone-700">
              {TEXT.urlShownOnce}
            </p>
            <Button onClick={() => void copy()}>{TEXT.copy}</Button>
          </div>
        ) : (
          <p className="text-stone-700">{TEXT.urlHidden}</p>
        )}
        <p role="status" className="min-h-6 text-sm font-medium text-stone-900">
          {copyState === 'copied' ? TEXT.copied : copyState === 'failed' ? TEXT.copyFailed : ''}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" disabled={busy} onClick={makeLink}>
            {TEXT.rotate}
          </Button>
          <Button variant="destructive" disabled={busy} onClick={stop}>
            {TEXT.turnOff}
          </Button>
        </div>
        <p className="text-sm text-stone-700">{TEXT.rotateHint}</p>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="type-heading text-stone-900">
        {TEXT.title}
      </h2>
      <p className="mt-2 text-stone-700">{TEXT.intro}</p>
      <div className="mt-4">{body}</div>
      <h3 className="mt-6 font-semibold text-stone-900">{TEXT.howToTitle}</h3>
      <dl className="mt-2 space-y-3 text-stone-700">
        {TEXT.howTo.map((step) => (
          <div key={step.name}>
            <dt className="font-medium text-stone-900">{step.name}</dt>
            <dd>{step.text}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-stone-700">{TEXT.refreshNote}</p>
    </section>
  );
}

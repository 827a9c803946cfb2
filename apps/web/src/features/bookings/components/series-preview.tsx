import { rebookInstant, seriesTimes, type SeriesInterval } from '@samtalsmatch/contracts';
import { useId } from 'react';
import { BOOKINGS_TEXTS as T } from '../texts';
import { TimeList } from './booking-facts';

/**
 * The times a series form would book, as the server computes them (contracts
 * `seriesTimes`: the same Stockholm hour every 7 or 14 days): shown before
 * sending, so a therapist sees every date. Nothing while the date or hour is
 * not set.
 */
export function SeriesPreview({
  date,
  time,
  interval,
  count,
}: {
  date: string;
  time: string;
  interval: SeriesInterval;
  count: string;
}) {
  const id = useId();
  const first = date && time ? rebookInstant(date, time) : null;
  const n = Number(count);
  if (!first || Number.isNaN(first.getTime()) || !Number.isInteger(n)) return null;
  const times = seriesTimes(first, interval, n).map((t) => t.toISOString());
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-medium text-stone-900">
        {T.seriesPreviewTitle}
      </h3>
      <TimeList times={times} />
    </section>
  );
}

import {
  atLineStart,
  formatStockholm,
  SERIES_INTERVAL_LABELS,
  type ProviderListBooking,
} from '@samtalsmatch/contracts';
import { useId, type ReactNode } from 'react';

/**
 * A match's sessions ahead (docs/rules/bookings.md#a-series-of-sessions), as
 * both dashboards list them: each time in Stockholm time, 'Varje vecka' or
 * 'Varannan vecka' under a series session, and the actions the side may
 * take, each described by its time (`describedBy`). A session is a Booking
 * (the client's) or a booking of the therapist's list, which carries less.
 */
export function SessionsAheadList<B extends ProviderListBooking>({
  title,
  sessions,
  actions,
  children,
}: {
  title: string;
  sessions: readonly B[];
  actions?: (session: B, describedBy: string) => ReactNode;
  /** Below the list (a series' own action). */
  children?: ReactNode;
}) {
  const id = useId();
  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-5">
      <h3 id={`${id}-title`} className="font-semibold text-stone-900">
        {title}
      </h3>
      <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
        {sessions.map((session) => {
          const timeId = `${id}-${session.id}`;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p id={timeId} className="text-stone-900">
                  {session.confirmedTime
                    ? atLineStart(formatStockholm(session.confirmedTime))
                    : null}
                </p>
                {session.seriesInterval ? (
                  <p className="text-sm text-stone-700">
                    {SERIES_INTERVAL_LABELS[session.seriesInterval]}
                  </p>
                ) : null}
              </div>
              {actions ? <div className="flex gap-2">{actions(session, timeId)}</div> : null}
            </li>
          );
        })}
      </ul>
      {children}
    </section>
  );
}

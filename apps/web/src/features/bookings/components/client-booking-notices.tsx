import {
  BOOKING_STATUS_LABELS,
  MSG,
  atLineStart,
  formatStockholm,
  toDate,
  type Booking,
  type Match,
} from '@samtalsmatch/contracts';
import type { ReactNode } from 'react';
import { BOOKINGS_TEXTS as T } from '../texts';

/*
 * What 'Bokningsinformation' shows for a booking that is not confirmed
 * (docs/rules/bookings.md#client-booking-dialog): a pending request, a
 * completed session, a cancelled booking or an expired request, each as a
 * coloured notice.
 */

const NOTICE_TONES = {
  yellow: 'border-warning-700 bg-warning-50 text-warning-950',
  green: 'border-success-700 bg-success-50 text-success-950',
  red: 'border-danger-700 bg-danger-50 text-danger-950',
} as const;

/** The yellow, green and red notices (a text says it too, never the colour alone). */
function Notice({
  tone,
  title,
  children,
}: {
  tone: keyof typeof NOTICE_TONES;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div data-tone={tone} className={`mt-4 rounded-md border-l-4 p-4 ${NOTICE_TONES[tone]}`}>
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 space-y-2">{children}</div> : null}
    </div>
  );
}

function SuggestedTimes({ times }: { times: readonly string[] }) {
  if (times.length === 0) return null;
  return (
    <>
      <p>{T.suggestedTimes}</p>
      <ul className="list-disc pl-5">
        {[...times]
          .sort((a, b) => toDate(a).getTime() - toDate(b).getTime())
          .map((t) => (
            <li key={t}>{atLineStart(formatStockholm(t))}</li>
          ))}
      </ul>
    </>
  );
}

export function PendingNotice({ name, booking }: { name: string; booking: Booking }) {
  return (
    <Notice tone="yellow" title={BOOKING_STATUS_LABELS.PENDING_PROVIDER_CONFIRMATION}>
      <p>{T.pendingText(name)}</p>
      <SuggestedTimes times={booking.suggestedTimes} />
    </Notice>
  );
}

export function CompletedNotice({ name, booking }: { name: string; booking: Booking }) {
  return (
    <Notice tone="green" title={T.completedTitle}>
      {booking.confirmedTime ? <p>{atLineStart(formatStockholm(booking.confirmedTime))}</p> : null}
      {booking.messageFromProvider?.trim() ? (
        <p className="whitespace-pre-line">
          <span className="font-medium">{T.messageFromInline(name)}</span>{' '}
          {booking.messageFromProvider}
        </p>
      ) : null}
    </Notice>
  );
}

export function CancelledNotice({ match, booking }: { match: Match; booking: Booking }) {
  const name = match.provider.name;
  return (
    <Notice tone="red" title={T.cancelledTitle}>
      <p>
        {booking.confirmedTime
          ? T.cancelledTime(formatStockholm(booking.confirmedTime))
          : T.cancelledRequest}
        {booking.cancelledBy ? T.cancelledBy[booking.cancelledBy] : ''}.
      </p>
      {booking.cancelledBy === 'SYSTEM' ? (
        <p>{match.provider.erased ? MSG.providerErasedForClient : MSG.providerPausedForClient}</p>
      ) : (
        <p>{T.bookAgain(name)}</p>
      )}
    </Notice>
  );
}

export function ExpiredNotice({ name }: { name: string }) {
  return (
    <Notice tone="red" title={T.expiredTitle}>
      <p>{T.expiredText(name)}</p>
    </Notice>
  );
}

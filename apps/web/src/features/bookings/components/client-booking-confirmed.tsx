import {
  BOOKING_STATUS_LABELS,
  CANCELLATION_POLICY_LABELS,
  MSG,
  atLineStart,
  canClientCancel,
  formatStockholm,
  practiceAddress,
  toDate,
  type Booking,
  type Match,
} from '@samtalsmatch/contracts';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useCancelBooking } from '../api/cancel-booking';
import { BOOKINGS_TEXTS as T } from '../texts';
import { ClientSessionsAhead } from './client-sessions-ahead';
import { ConfirmedSession } from './session-place';
import { useCancelQuestion } from './use-cancel-question';

function ProviderMessage({ name, message }: { name: string; message: string | null }) {
  if (!message?.trim()) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-stone-900">{T.messageFrom(name)}</h3>
      <p className="mt-1 whitespace-pre-line text-stone-800">{message}</p>
    </div>
  );
}

function Contact({ match }: { match: Match }) {
  const { email, phoneNumber } = match.provider;
  if (!email && !phoneNumber) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-stone-900">{T.contactTitle}</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-800">
        {email ? (
          <>
            <dt>{T.email}</dt>
            <dd className="min-w-0 break-words">
              <a className="text-brand-700 underline underline-offset-2" href={`mailto:${email}`}>
                {email}
              </a>
            </dd>
          </>
        ) : null}
        {phoneNumber ? (
          <>
            <dt>{T.phone}</dt>
            <dd>
              <a
                className="text-brand-700 underline underline-offset-2"
                href={`tel:${phoneNumber}`}
              >
                {phoneNumber}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/**
 * A confirmed booking: the time and how and where the session happens, the
 * therapist's message and contact details, and 'Avboka' when the cancel
 * policy allows (asked first).
 */
export function ConfirmedBooking({
  match,
  booking,
  now,
  onCancelled,
}: {
  match: Match;
  booking: Booking;
  now: Date;
  onCancelled: () => void;
}) {
  const name = match.provider.name;
  const policy = match.provider.providerProfile?.cancellationPolicy ?? null;
  const time = booking.confirmedTime;
  const upcoming = time !== null && toDate(time).getTime() > now.getTime();
  const allowed = canClientCancel(booking, policy, now);
  const cancel = useCancelBooking();
  const { asking, questionRef, cancelButtonRef, ask, keep } = useCancelQuestion();

  return (
    <div>
      <div className="mt-4 rounded-md border border-stone-200 p-4">
        <p className="text-sm font-medium text-stone-700">{BOOKING_STATUS_LABELS.CONFIRMED}</p>
        <p className="mt-1 text-lg font-semibold text-stone-900">
          {time ? atLineStart(formatStockholm(time)) : null}
        </p>
        <ConfirmedSession
          booking={booking}
          address={practiceAddress(match.provider.address)}
          now={now}
          className="mt-2"
        />
      </div>
      <ClientSessionsAhead match={match} booking={booking} now={now} />
      <ProviderMessage name={name} message={booking.messageFromProvider} />
      <Contact match={match} />
      {upcoming ? (
        <div className="mt-4 space-y-3">
          {allowed ? null : (
            <p className="text-stone-800">
              {T.policyBlocksCancel(policy ? CANCELLATION_POLICY_LABELS[policy] : null, name)}
            </p>
          )}
          <p className="text-stone-800">{MSG.rebookAfterCancel}</p>
        </div>
      ) : null}
      {allowed && !asking ? (
        <Button
          ref={cancelButtonRef}
          variant="destructive"
          className="mt-4 w-full sm:w-auto"
          onClick={() => {
            cancel.reset();
            ask();
          }}
        >
          {MSG.cancelBooking}
        </Button>
      ) : null}
      {allowed && asking ? (
        <div className="mt-4 rounded-md border border-danger-700 bg-danger-50 p-4">
          <p ref={questionRef} tabIndex={-1} className="font-semibold text-danger-950 outline-none">
            {T.cancelQuestion(time ? formatStockholm(time) : '')}
          </p>
          <p className="mt-1 text-danger-950">{T.cancelTold(name)}</p>
          {cancel.isError ? (
            <p role="alert" className="mt-2 font-medium text-danger-950">
              {errorMessage(cancel.error)}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() =>
                // The refetch after the cancel shows the booking cancelled, which unmounts this
                // part before a callback given to mutate would run: the promise still settles.
                cancel.mutateAsync(booking.id).then(
                  () => {
                    toast.success(T.clientCancelledToast);
                    onCancelled();
                  },
                  () => undefined,
                )
              }
            >
              {cancel.isPending ? T.cancelling : T.cancelYes}
            </Button>
            <Button variant="secondary" disabled={cancel.isPending} onClick={keep}>
              {T.cancelNo}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

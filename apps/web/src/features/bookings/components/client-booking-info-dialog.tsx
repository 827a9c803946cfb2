import {
  BOOKING_STATUS_LABELS,
  CANCELLATION_POLICY_LABELS,
  MSG,
  ROUTES,
  atLineStart,
  canClientCancel,
  clientVisibleBooking,
  formatStockholm,
  toDate,
  type Booking,
  type Match,
} from '@samtalsmatch/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { useCancelBooking } from '../api/cancel-booking';
import { ClientSessionsAhead } from './client-sessions-ahead';

/** The toast after the client has cancelled. */
export const CLIENT_CANCELLED_TOAST = 'Din bokning är avbokad';

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

function ProviderMessage({ name, message }: { name: string; message: string | null }) {
  if (!message?.trim()) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-stone-900">Meddelande från {name}</h3>
      <p className="mt-1 whitespace-pre-line text-stone-800">{message}</p>
    </div>
  );
}

function Contact({ match }: { match: Match }) {
  const { email, phoneNumber } = match.provider;
  if (!email && !phoneNumber) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-stone-900">Kontaktuppgifter</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-800">
        {email ? (
          <>
            <dt>E-post</dt>
            <dd className="min-w-0 break-words">
              <a className="text-brand-700 underline underline-offset-2" href={`mailto:${email}`}>
                {email}
              </a>
            </dd>
          </>
        ) : null}
        {phoneNumber ? (
          <>
            <dt>Telefon</dt>
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

function Confirmed({
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
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) questionRef.current?.focus();
    else if (returnFocus.current) cancelButtonRef.current?.focus();
  }, [asking]);

  return (
    <div>
      <div className="mt-4 rounded-md border border-stone-200 p-4">
        <p className="text-sm font-medium text-stone-700">{BOOKING_STATUS_LABELS.CONFIRMED}</p>
        <p className="mt-1 text-lg font-semibold text-stone-900">
          {time ? atLineStart(formatStockholm(time)) : null}
        </p>
      </div>
      <ClientSessionsAhead match={match} booking={booking} now={now} />
      <ProviderMessage name={name} message={booking.messageFromProvider} />
      <Contact match={match} />
      {upcoming ? (
        <div className="mt-4 space-y-3">
          {allowed ? null : (
            <p className="text-stone-800">
              Enligt terapeutens avbokningspolicy
              {policy ? ` (${CANCELLATION_POLICY_LABELS[policy]})` : ''} kan bokningen inte längre
              avbokas här. Kontakta {name} direkt om du inte kan komma.
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
            setAsking(true);
          }}
        >
          {MSG.cancelBooking}
        </Button>
      ) : null}
      {allowed && asking ? (
        <div className="mt-4 rounded-md border border-danger-700 bg-danger-50 p-4">
          <p ref={questionRef} tabIndex={-1} className="font-semibold text-danger-950 outline-none">
            Vill du avboka tiden {time ? formatStockholm(time) : ''}?
          </p>
          <p className="mt-1 text-danger-950">{name} får ett mejl om avbokningen.</p>
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
                cancel.mutate(booking.id, {
                  onSuccess: () => {
                    toast.success(CLIENT_CANCELLED_TOAST);
                    onCancelled();
                  },
                })
              }
            >
              {cancel.isPending ? 'Avbokar…' : 'Ja, avboka'}
            </Button>
            <Button
              variant="secondary"
              disabled={cancel.isPending}
              onClick={() => {
                returnFocus.current = true;
                setAsking(false);
              }}
            >
              Nej, behåll tiden
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function SuggestedTimes({ times }: { times: readonly string[] }) {
  if (times.length === 0) return null;
  return (
    <>
      <p>Tiderna du föreslog:</p>
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

/** What the dialog shows for the booking the selection picks (confirmed, pending, completed, cancelled). */
function BookingContent({
  match,
  booking,
  now,
  onCancelled,
}: {
  match: Match;
  booking: Booking | null;
  now: Date;
  onCancelled: () => void;
}) {
  const name = match.provider.name;
  if (!booking) {
    return <p className="mt-4 text-stone-800">Det finns ingen bokning hos {name} än.</p>;
  }
  switch (booking.status) {
    case 'CONFIRMED':
      return <Confirmed match={match} booking={booking} now={now} onCancelled={onCancelled} />;
    case 'PENDING_PROVIDER_CONFIRMATION':
      return (
        <Notice tone="yellow" title={BOOKING_STATUS_LABELS.PENDING_PROVIDER_CONFIRMATION}>
          <p>
            Din bokningsförfrågan är skickad. {name} bekräftar en av dina föreslagna tider, och du
            får ett mejl så snart det är gjort.
          </p>
          <SuggestedTimes times={booking.suggestedTimes} />
        </Notice>
      );
    case 'COMPLETED':
      return (
        <Notice tone="green" title="Bokningen är genomförd">
          {booking.confirmedTime ? (
            <p>{atLineStart(formatStockholm(booking.confirmedTime))}</p>
          ) : null}
          {booking.messageFromProvider?.trim() ? (
            <p className="whitespace-pre-line">
              <span className="font-medium">Meddelande från {name}:</span>{' '}
              {booking.messageFromProvider}
            </p>
          ) : null}
        </Notice>
      );
    case 'CANCELLED':
      return (
        <Notice tone="red" title="Bokningen är avbokad">
          <p>
            {booking.confirmedTime
              ? `Tiden ${formatStockholm(booking.confirmedTime)} avbokades`
              : 'Förfrågan avbokades'}
            {booking.cancelledBy === 'PROVIDER'
              ? ' av terapeuten'
              : booking.cancelledBy === 'CLIENT'
                ? ' av dig'
                : booking.cancelledBy === 'SYSTEM'
                  ? ' av Samtalsmatch'
                  : ''}
            .
          </p>
          {booking.cancelledBy === 'SYSTEM' ? (
            <p>
              {match.provider.erased ? MSG.providerErasedForClient : MSG.providerPausedForClient}
            </p>
          ) : (
            <p>Vill du träffa {name}? Gå till profilen och skicka en ny bokningsförfrågan.</p>
          )}
        </Notice>
      );
    case 'EXPIRED':
      return (
        <Notice tone="red" title="Förfrågan har gått ut">
          <p>
            {name} hann inte svara innan dina föreslagna tider passerade. Gå till profilen och
            skicka en ny bokningsförfrågan om du vill.
          </p>
        </Notice>
      );
  }
}

/**
 * 'Bokningsinformation' (docs/rules/bookings.md#client-booking-dialog): an ongoing match's booking, chosen as
 * docs/rules/bookings.md#which-booking-shows says, with 'Stäng' and 'Gå till profil'. A confirmed booking shows
 * the time, the therapist's message and contact details, and 'Avboka' only
 * when the cancel policy allows (asked first). After a cancel the matches are
 * refetched (useCancelBooking) and the dialog closes.
 */
export function ClientBookingInfoDialog({
  match,
  open,
  onOpenChange,
  now,
}: {
  match: Match | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  now: Date;
}) {
  if (!match) return null;
  const booking = clientVisibleBooking(match.bookings);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={MSG.bookingInfoTitle}
      description={`Din bokning hos ${match.provider.name}.`}
      footer={
        <ButtonLink to={ROUTES.provider(match.id)} variant="secondary">
          {MSG.goToProfile}
        </ButtonLink>
      }
    >
      <BookingContent
        key={booking?.id ?? 'none'}
        match={match}
        booking={booking}
        now={now}
        onCancelled={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

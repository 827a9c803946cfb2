import {
  MSG,
  ROUTES,
  clientVisibleBooking,
  type Booking,
  type Match,
} from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { BOOKINGS_TEXTS as T } from '../texts';
import { ConfirmedBooking } from './client-booking-confirmed';
import {
  CancelledNotice,
  CompletedNotice,
  ExpiredNotice,
  PendingNotice,
} from './client-booking-notices';

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
    return <p className="mt-4 text-stone-800">{T.noBooking(name)}</p>;
  }
  switch (booking.status) {
    case 'CONFIRMED':
      return (
        <ConfirmedBooking match={match} booking={booking} now={now} onCancelled={onCancelled} />
      );
    case 'PENDING_PROVIDER_CONFIRMATION':
      return <PendingNotice name={name} booking={booking} />;
    case 'COMPLETED':
      return <CompletedNotice name={name} booking={booking} />;
    case 'CANCELLED':
      return <CancelledNotice match={match} booking={booking} />;
    case 'EXPIRED':
      return <ExpiredNotice name={name} />;
  }
}

/**
 * 'Bokningsinformation' (docs/rules/bookings.md#client-booking-dialog): an ongoing match's booking, chosen as
 * docs/rules/bookings.md#which-booking-shows says, with 'Stäng' and 'Gå till profil'. A confirmed booking shows
 * the time, how and where the session happens (docs/rules/video.md#where-a-session-happens),
 * the therapist's message and contact details, and 'Avboka' only
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
      description={T.dialogDescription(match.provider.name)}
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

import {
  BOOKING_STATUS_LABELS,
  CANCELLED_BY_LABELS,
  atLineStart,
  canRebook,
  canStartSeries,
  formatStockholm,
  MSG,
  type ProviderListBooking,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { BOOKINGS_TEXTS as T } from '../texts';
import { Fact } from './booking-facts';
import { ClientAnswersOnRequest } from './client-answers';

/**
 * The booking details dialog (a history row): what happened, and
 * 'Skicka ny bokningstid' when every booking of the match is closed
 * (`canRebook`, the server's rule too). The client's answers only on
 * request (a logged read; decision 359).
 */
export function ProviderDetailsDialog({
  open,
  onClose,
  onCloseAutoFocus,
  match,
  booking,
  onRebook,
  onSeries,
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  match: ProviderMatchSummary;
  booking: ProviderListBooking;
  onRebook: () => void;
  /** 'Boka en serie': after a session, while no request waits (the server's rule too). */
  onSeries: () => void;
}) {
  const rebookable = canRebook(match.bookings);
  const seriesOpen = canStartSeries(match);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      title={T.detailsTitle}
      footer={
        <>
          {rebookable ? <Button onClick={onRebook}>{MSG.sendNewTime}</Button> : null}
          {seriesOpen ? (
            <Button variant={rebookable ? 'secondary' : 'primary'} onClick={onSeries}>
              {T.startSeries}
            </Button>
          ) : null}
        </>
      }
    >
      <dl className="mt-3 space-y-1">
        <Fact label={T.clientLabel}>{match.client.name}</Fact>
        <Fact label={T.statusLabel}>{BOOKING_STATUS_LABELS[booking.status]}</Fact>
        {booking.confirmedTime ? (
          <Fact label={T.sessionTimeLabel}>{formatStockholm(booking.confirmedTime)}</Fact>
        ) : (
          <Fact label={T.suggestedLabel}>
            <ul>
              {booking.suggestedTimes.map((t) => (
                <li key={t}>{atLineStart(formatStockholm(t))}</li>
              ))}
            </ul>
          </Fact>
        )}
        {booking.cancelledBy ? (
          <Fact label={T.cancelledByLabel}>{CANCELLED_BY_LABELS[booking.cancelledBy]}</Fact>
        ) : null}
        {booking.cancelledAt ? (
          <Fact label={T.cancelledAtLabel}>{formatStockholm(booking.cancelledAt)}</Fact>
        ) : null}
        {booking.completedAt ? (
          <Fact label={T.completedAtLabel}>{formatStockholm(booking.completedAt)}</Fact>
        ) : null}
        {booking.messageFromProvider ? (
          <Fact label={T.yourMessageLabel}>
            <span className="whitespace-pre-line">{booking.messageFromProvider}</span>
          </Fact>
        ) : null}
      </dl>
      <ClientAnswersOnRequest matchId={match.id} />
      {rebookable ? null : <p className="mt-4 text-sm text-stone-700">{T.rebookBlocked}</p>}
    </Dialog>
  );
}

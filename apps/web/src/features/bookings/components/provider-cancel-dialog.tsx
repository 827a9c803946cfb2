import { MSG } from '@samtalsmatch/contracts';
import { useCancelBooking } from '../api/cancel-booking';
import { BOOKINGS_TEXTS as T } from '../texts';
import { ProviderConfirmDialog } from './provider-confirm-dialog';

/**
 * The cancel dialog: asks before the therapist cancels ('Avboka'), or
 * lets them keep the booking ('Stäng'). A refusal (409, 422) is shown here.
 */
export function ProviderCancelDialog({
  clientName,
  bookingId,
  ...dialog
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  clientName: string;
  bookingId: string;
}) {
  const cancel = useCancelBooking();
  return (
    <ProviderConfirmDialog
      {...dialog}
      title={T.cancelTitle}
      description={T.cancelText(clientName)}
      action={MSG.cancelBooking}
      doneToast={T.cancelledToast}
      change={cancel}
      variables={bookingId}
    />
  );
}

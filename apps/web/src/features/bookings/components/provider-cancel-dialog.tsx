import { MSG } from '@samtalsmatch/contracts';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { useCancelBooking } from '../api/cancel-booking';
import { BOOKINGS_TEXTS as T } from '../texts';

/**
 * The cancel dialog: asks before the therapist cancels ('Avboka'), or
 * lets them keep the booking ('Stäng'). A refusal (409, 422) is shown here.
 */
export function ProviderCancelDialog({
  open,
  onClose,
  onCloseAutoFocus,
  clientName,
  bookingId,
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  clientName: string;
  bookingId: string;
}) {
  const cancel = useCancelBooking();
  const onOpenChange = (next: boolean) => {
    if (next) return;
    cancel.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={T.cancelTitle}
      focusTitle
      description={T.cancelText(clientName)}
      footer={
        <Button
          disabled={cancel.isPending}
          variant="destructive"
          onClick={() =>
            cancel.mutate(bookingId, {
              onSuccess: () => {
                toast.success(T.cancelledToast);
                onOpenChange(false);
              },
            })
          }
        >
          {cancel.isPending ? T.cancelling : MSG.cancelBooking}
        </Button>
      }
    >
      {cancel.error ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(cancel.error)}
        </Alert>
      ) : null}
    </Dialog>
  );
}

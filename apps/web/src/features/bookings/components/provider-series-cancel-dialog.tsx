import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCancelSeries } from '../api/cancel-series';
import { BOOKINGS_TEXTS as T } from '../texts';

/**
 * Asks before the therapist cancels every session of a series still ahead
 * ('Avboka resten av serien'), or lets them keep it ('Stäng'); focus starts
 * on the question. A refusal (409 when nothing is left) is shown here.
 */
export function ProviderSeriesCancelDialog({
  open,
  onClose,
  onCloseAutoFocus,
  clientName,
  seriesId,
  sessionsLeft,
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  clientName: string;
  seriesId: string;
  sessionsLeft: number;
}) {
  const cancel = useCancelSeries();
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
      title={T.cancelRestTitle}
      focusTitle
      description={T.cancelRestText(clientName, sessionsLeft)}
      footer={
        <Button
          disabled={cancel.isPending}
          variant="destructive"
          onClick={() =>
            cancel.mutate(seriesId, {
              onSuccess: () => {
                toast.success(T.restCancelledToast);
                onOpenChange(false);
              },
            })
          }
        >
          {cancel.isPending ? T.cancelling : T.cancelRest}
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

import { useCancelSeries } from '../api/cancel-series';
import { BOOKINGS_TEXTS as T } from '../texts';
import { ProviderConfirmDialog } from './provider-confirm-dialog';

/**
 * Asks before the therapist cancels every session of a series still ahead
 * ('Avboka resten av serien'), or lets them keep it ('Stäng'); focus starts
 * on the question. A refusal (409 when nothing is left) is shown here.
 */
export function ProviderSeriesCancelDialog({
  clientName,
  seriesId,
  sessionsLeft,
  ...dialog
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  clientName: string;
  seriesId: string;
  sessionsLeft: number;
}) {
  const cancel = useCancelSeries();
  return (
    <ProviderConfirmDialog
      {...dialog}
      title={T.cancelRestTitle}
      description={T.cancelRestText(clientName, sessionsLeft)}
      action={T.cancelRest}
      doneToast={T.restCancelledToast}
      change={cancel}
      variables={seriesId}
    />
  );
}

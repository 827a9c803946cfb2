import type { UseMutationResult } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { BOOKINGS_TEXTS as T } from '../texts';

/**
 * What the therapist's cancel questions share (one session, or the rest of
 * a series): the question with focus on it, one destructive button that
 * sends the change once and is disabled while it is on its way, 'Stäng' to
 * keep it, a toast and the dialog closed on success, and the server's
 * refusal (409, 422) shown here with the dialog kept.
 */
export function ProviderConfirmDialog<TVariables>({
  open,
  onClose,
  onCloseAutoFocus,
  title,
  description,
  action,
  doneToast,
  change,
  variables,
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  title: string;
  description: string;
  /** The destructive button's label ('Avboka', 'Avboka resten av serien'). */
  action: string;
  doneToast: string;
  change: UseMutationResult<unknown, Error, TVariables>;
  variables: TVariables;
}) {
  const onOpenChange = (next: boolean) => {
    if (next) return;
    change.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={title}
      focusTitle
      description={description}
      footer={
        <Button
          disabled={change.isPending}
          variant="destructive"
          onClick={() =>
            change.mutate(variables, {
              onSuccess: () => {
                toast.success(doneToast);
                onOpenChange(false);
              },
            })
          }
        >
          {change.isPending ? T.cancelling : action}
        </Button>
      }
    >
      {change.error ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(change.error)}
        </Alert>
      ) : null}
    </Dialog>
  );
}

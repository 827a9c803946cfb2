import {
  formatStockholm,
  rebookDefaults,
  rebookFormSchema,
  type ProviderListBooking,
} from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useMoveBooking } from '../api/move-booking';
import { BOOKINGS_TEXTS as T } from '../texts';
import { SessionTimeAlerts, SessionTimeFields } from './session-time-fields';
import { useSessionTimeForm, type SessionTimeDialogProps } from './use-session-time-form';

const moveFormSchema = rebookFormSchema.pick({ date: true, time: true });
type MoveForm = { date: string; time: string };

/**
 * 'Flytta tiden' for the therapist (docs/rules/bookings.md#moving-a-session):
 * a date and hour as in the rebook dialog, checked by the rebook rule before
 * sending; the server decides the rest (the horizon, 409 when the hour is
 * taken) and its message is shown with the form kept.
 */
export function ProviderMoveDialog({
  clientName,
  booking,
  ...dialog
}: SessionTimeDialogProps & { clientName: string; booking: ProviderListBooking }) {
  const move = useMoveBooking();
  const { form, formId, onSubmit, empty, minDate, problem, onOpenChange, instantToSend } =
    useSessionTimeForm(dialog, { schema: moveFormSchema, fresh: rebookDefaults, sending: move });

  const send = (values: MoveForm) => {
    const instant = instantToSend(values);
    if (!instant) return;
    move.mutate(
      { bookingId: booking.id, time: instant.toISOString() },
      {
        onSuccess: () => {
          toast.success(T.movedToast);
          onOpenChange(false);
        },
      },
    );
  };

  const from = booking.confirmedTime ? formatStockholm(booking.confirmedTime) : '';

  return (
    <Dialog
      open={dialog.open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={dialog.onCloseAutoFocus}
      title={T.moveTitle}
      description={T.moveText(clientName, from)}
      footer={
        <Button type="submit" form={formId} disabled={empty || move.isPending}>
          {move.isPending ? T.moving : T.move}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit(send)} className="mt-5 space-y-5">
        <SessionTimeFields
          minDate={minDate}
          date={form.register('date')}
          time={form.register('time')}
        />
      </form>
      <SessionTimeAlerts problem={problem} error={move.error} />
    </Dialog>
  );
}

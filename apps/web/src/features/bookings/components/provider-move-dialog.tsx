import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatStockholm,
  rebookDefaults,
  rebookFormSchema,
  rebookMinDate,
  type Booking,
} from '@samtalsmatch/contracts';
import { useEffect, useEffectEvent, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useMoveBooking } from '../api/move-booking';
import { BOOKINGS_TEXTS as T } from '../texts';
import type { Clock } from './booking-facts';
import { checkedInstant, SessionTimeFields } from './session-time-fields';

const moveFormSchema = rebookFormSchema.pick({ date: true, time: true });
type MoveForm = { date: string; time: string };

/**
 * 'Flytta tiden' for the therapist (docs/rules/bookings.md#moving-a-session):
 * a date and hour as in the rebook dialog, checked by the rebook rule before
 * sending; the server decides the rest (the horizon, 409 when the hour is
 * taken) and its message is shown with the form kept.
 */
export function ProviderMoveDialog({
  open,
  onClose,
  onCloseAutoFocus,
  clientName,
  booking,
  now,
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  clientName: string;
  booking: Booking;
  now: Clock;
}) {
  const formId = useId();
  const { control, register, handleSubmit, reset, setError, formState } = useForm<MoveForm>({
    resolver: zodResolver(moveFormSchema),
    defaultValues: rebookDefaults(now()),
  });
  const [date, time] = useWatch({ control, name: ['date', 'time'] });
  const move = useMoveBooking();

  const startFresh = useEffectEvent(() => reset(rebookDefaults(now())));
  useEffect(() => {
    if (open) startFresh();
  }, [open]);

  const onOpenChange = (next: boolean) => {
    if (next) return;
    move.reset();
    onClose();
  };

  const empty = !date || !time;
  const send = (values: MoveForm) => {
    move.reset();
    if (empty || move.isPending) return;
    const checked = checkedInstant(values.date, values.time, now());
    if (!checked.instant) {
      setError('root', { message: checked.problem });
      return;
    }
    move.mutate(
      { bookingId: booking.id, time: checked.instant.toISOString() },
      {
        onSuccess: () => {
          toast.success(T.movedToast);
          onOpenChange(false);
        },
      },
    );
  };

  const { errors } = formState;
  const problem = errors.date?.message ?? errors.time?.message ?? errors.root?.message;
  const from = booking.confirmedTime ? formatStockholm(booking.confirmedTime) : '';

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={T.moveTitle}
      description={T.moveText(clientName, from)}
      footer={
        <Button type="submit" form={formId} disabled={empty || move.isPending}>
          {move.isPending ? T.moving : T.move}
        </Button>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={handleSubmit(send, () => move.reset())}
        className="mt-5 space-y-5"
      >
        <SessionTimeFields
          minDate={rebookMinDate(now())}
          date={register('date')}
          time={register('time')}
        />
      </form>
      {problem ? (
        <Alert tone="error" className="mt-4">
          {problem}
        </Alert>
      ) : null}
      {move.error ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(move.error)}
        </Alert>
      ) : null}
    </Dialog>
  );
}

import {
  BOOKING_STATUS_LABELS,
  canComplete,
  canConfirm,
  canProviderCancel,
  confirmBookingFormSchema,
  formatStockholm,
  MESSAGE_FROM_PROVIDER_MAX_CHARS,
  MSG,
  type Booking,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ChoiceGroup } from '@/components/form/choice-group';
import { TextArea } from '@/components/form/text-area';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { useCompleteBooking } from '../api/complete-booking';
import { useConfirmBooking } from '../api/confirm-booking';
import { PROVIDER_BOOKING_TEXTS as T } from '../provider-texts';
import { Fact, type Clock } from './booking-facts';

/**
 * SPEC §2 review dialog for a pending or confirmed booking: confirm with one
 * chosen suggested time and an optional message; 'Avboka' (asks first, in
 * the cancel dialog) for a request or a confirmed session still ahead;
 * 'Slutför' once the confirmed time has passed. A failed call is shown
 * inside the dialog and keeps what was chosen and written.
 */
export function ProviderReviewDialog({
  open,
  onClose,
  onCloseAutoFocus,
  match,
  booking,
  now,
  onCancel,
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  match: ProviderMatchSummary;
  booking: Booking;
  now: Clock;
  onCancel: () => void;
}) {
  const formId = useId();
  const [confirmedTime, setConfirmedTime] = useState('');
  const [message, setMessage] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ confirmedTime?: string; message?: string }>({});
  const confirm = useConfirmBooking();
  const complete = useCompleteBooking();
  const busy = confirm.isPending || complete.isPending;
  const failure = confirm.error ?? complete.error;

  const current = now();
  const pending = canConfirm(booking);
  const mayCancel = canProviderCancel(booking, current);
  const mayComplete = canComplete(booking, current);

  const onOpenChange = (next: boolean) => {
    if (next) return;
    // What was chosen and written stays; the last error does not.
    confirm.reset();
    complete.reset();
    setFieldErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = confirmBookingFormSchema.safeParse({
      confirmedTime,
      messageFromProvider: message,
    });
    if (!parsed.success) {
      const errors: { confirmedTime?: string; message?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'confirmedTime') errors.confirmedTime ??= issue.message;
        if (issue.path[0] === 'messageFromProvider') errors.message ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    complete.reset();
    confirm.mutate(
      {
        bookingId: booking.id,
        confirmedTime: parsed.data.confirmedTime,
        messageFromProvider: parsed.data.messageFromProvider.trim() || null,
      },
      {
        onSuccess: () => {
          toast.success(T.confirmedToast);
          onOpenChange(false);
        },
      },
    );
  };

  const finish = () => {
    confirm.reset();
    complete.mutate(booking.id, {
      onSuccess: () => {
        toast.success(T.completedToast);
        onOpenChange(false);
      },
    });
  };

  const footer = (
    <>
      {pending ? (
        <Button type="submit" form={formId} disabled={busy}>
          {confirm.isPending ? T.confirming : T.confirm}
        </Button>
      ) : null}
      {mayComplete ? (
        <Button onClick={finish} disabled={busy}>
          {complete.isPending ? T.completing : MSG.completeBooking}
        </Button>
      ) : null}
      {mayCancel ? (
        <Button variant="destructive" onClick={onCancel} disabled={busy}>
          {MSG.cancelBooking}
        </Button>
      ) : null}
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={T.reviewTitle}
      footer={footer}
    >
      <dl className="mt-3 space-y-1">
        <Fact label={T.clientLabel}>{match.client.name}</Fact>
        <Fact label={T.statusLabel}>{BOOKING_STATUS_LABELS[booking.status]}</Fact>
        {booking.confirmedTime ? (
          <Fact label={T.confirmedTimeLabel}>{formatStockholm(booking.confirmedTime)}</Fact>
        ) : null}
        {booking.messageFromProvider ? (
          <Fact label={T.yourMessageLabel}>
            <span className="whitespace-pre-line">{booking.messageFromProvider}</span>
          </Fact>
        ) : null}
      </dl>

      {pending ? (
        <form id={formId} noValidate onSubmit={submit} className="mt-5 space-y-5">
          <ChoiceGroup
            legend={T.suggestedTimesLegend}
            hint={T.suggestedTimesHint}
            type="radio"
            name={`${formId}-time`}
            options={booking.suggestedTimes.map((t) => ({ value: t, label: formatStockholm(t) }))}
            value={confirmedTime || undefined}
            onChange={(value) => {
              setConfirmedTime(value as string);
              setFieldErrors((e) => ({ ...e, confirmedTime: undefined }));
            }}
            error={fieldErrors.confirmedTime}
          />
          <TextArea
            label={T.messageLabel}
            hint={T.messageHint}
            rows={4}
            maxLength={MESSAGE_FROM_PROVIDER_MAX_CHARS}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            error={fieldErrors.message}
          />
        </form>
      ) : null}

      {booking.status === 'CONFIRMED' && !mayComplete ? (
        <p className="mt-4 text-sm text-stone-700">{T.completeBeforeTimeNote}</p>
      ) : null}
      {booking.status === 'CONFIRMED' && !mayCancel ? (
        <p className="mt-4 text-sm text-stone-700">{T.cancelAfterTimeNote}</p>
      ) : null}

      {failure ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(failure)}
        </Alert>
      ) : null}
    </Dialog>
  );
}

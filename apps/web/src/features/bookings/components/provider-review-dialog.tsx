import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_STATUS_LABELS,
  atLineStart,
  canComplete,
  canConfirm,
  canProviderCancel,
  canStartSeries,
  confirmBookingFormSchema,
  formatStockholm,
  MESSAGE_FROM_PROVIDER_MAX_CHARS,
  MSG,
  SERIES_INTERVAL_LABELS,
  type ProviderListBooking,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { ChoiceGroup } from '@/components/form/choice-group';
import { TextArea } from '@/components/form/text-area';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { useCompleteBooking } from '../api/complete-booking';
import { useConfirmBooking } from '../api/confirm-booking';
import { useProviderMatch } from '../api/get-provider-match';
import { BOOKINGS_TEXTS as T } from '../texts';
import { Fact, type Clock } from './booking-facts';
import { ClientAnswers, ClientAnswersOnRequest } from './client-answers';
import { ProviderSessionsAhead } from './provider-sessions-ahead';

type FormInput = z.input<typeof confirmBookingFormSchema>;
type FormOutput = z.output<typeof confirmBookingFormSchema>;

/**
 * The review dialog for a pending or confirmed booking: confirm with one
 * chosen suggested time and an optional message; 'Avboka' (asks first, in
 * the cancel dialog) for a request or a confirmed session still ahead;
 * 'Slutför' once the confirmed time has passed. A failed call is shown
 * inside the dialog and keeps what was chosen and written.
 *
 * A request shows the client's answers as it opens (GET /matches/{id}, a
 * read the client sees in their access log; decision 359): 'Bekräfta' waits
 * until they have loaded, so a therapist confirms knowing what the client
 * asked for, but a failed read does not stop the confirmation. A confirmed
 * booking shows them only on request.
 */
export function ProviderReviewDialog({
  open,
  onClose,
  onCloseAutoFocus,
  match,
  booking,
  now,
  onCancel,
  onMove,
  onSeries,
  sessions,
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  match: ProviderMatchSummary;
  booking: ProviderListBooking;
  now: Clock;
  onCancel: () => void;
  /** 'Flytta' for this session. */
  onMove: () => void;
  /** 'Boka en serie' for the match. */
  onSeries: () => void;
  /** The match's other sessions ahead: move or cancel one, or the rest of a series. */
  sessions: Omit<Parameters<typeof ProviderSessionsAhead>[0], 'match' | 'booking' | 'now'>;
}) {
  const formId = useId();
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(confirmBookingFormSchema),
    defaultValues: { confirmedTime: '', messageFromProvider: '' },
  });
  const confirm = useConfirmBooking();
  const complete = useCompleteBooking();
  const busy = confirm.isPending || complete.isPending;
  const failure = confirm.error ?? complete.error;

  const current = now();
  const pending = canConfirm(booking);
  const detail = useProviderMatch(match.id, { enabled: open && pending });
  const mayCancel = canProviderCancel(booking, current);
  const mayComplete = canComplete(booking, current);
  const mayMove = booking.status === 'CONFIRMED' && mayCancel;
  const maySeries = canStartSeries(match);

  const onOpenChange = (next: boolean) => {
    if (next) return;
    // What was chosen and written stays; the last error does not.
    confirm.reset();
    complete.reset();
    clearErrors();
    onClose();
  };

  const submit = handleSubmit((values) => {
    if (busy) return;
    complete.reset();
    confirm.mutate(
      {
        bookingId: booking.id,
        confirmedTime: values.confirmedTime,
        messageFromProvider: values.messageFromProvider || null,
      },
      {
        onSuccess: () => {
          toast.success(T.confirmedToast);
          onOpenChange(false);
        },
      },
    );
  });

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
        <Button type="submit" form={formId} disabled={busy || detail.isPending}>
          {confirm.isPending ? T.confirming : T.confirm}
        </Button>
      ) : null}
      {mayComplete ? (
        <Button onClick={finish} disabled={busy}>
          {complete.isPending ? T.completing : MSG.completeBooking}
        </Button>
      ) : null}
      {mayMove ? (
        <Button variant="secondary" onClick={onMove} disabled={busy}>
          {T.move}
        </Button>
      ) : null}
      {maySeries ? (
        <Button variant="secondary" onClick={onSeries} disabled={busy}>
          {T.startSeries}
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
        {booking.seriesInterval ? (
          <Fact label={T.seriesLabel}>{SERIES_INTERVAL_LABELS[booking.seriesInterval]}</Fact>
        ) : null}
        {booking.messageFromProvider ? (
          <Fact label={T.yourMessageLabel}>
            <span className="whitespace-pre-line">{booking.messageFromProvider}</span>
          </Fact>
        ) : null}
      </dl>

      {pending ? null : (
        <ProviderSessionsAhead match={match} booking={booking} now={now} {...sessions} />
      )}

      {pending ? <ClientAnswers detail={detail} /> : <ClientAnswersOnRequest matchId={match.id} />}

      {pending ? (
        <form id={formId} noValidate onSubmit={submit} className="mt-5 space-y-5">
          <Controller
            control={control}
            name="confirmedTime"
            render={({ field }) => (
              <ChoiceGroup
                legend={T.suggestedTimesLegend}
                hint={T.suggestedTimesHint}
                type="radio"
                name={`${formId}-time`}
                options={booking.suggestedTimes.map((t) => ({
                  value: t,
                  label: atLineStart(formatStockholm(t)),
                }))}
                value={field.value || undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.confirmedTime?.message}
              />
            )}
          />
          <TextArea
            label={T.messageLabel}
            hint={T.messageHint}
            rows={4}
            maxLength={MESSAGE_FROM_PROVIDER_MAX_CHARS}
            error={errors.messageFromProvider?.message}
            {...register('messageFromProvider')}
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

import {
  checkSeriesTimes,
  rebookDefaults,
  SERIES_INTERVAL_LABELS,
  SERIES_MAX_COUNT,
  SERIES_MIN_COUNT,
  SeriesInterval,
  seriesFormSchema,
  seriesTimes,
  type ProviderMatchSummary,
  type SeriesResponse,
} from '@samtalsmatch/contracts';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ChoiceGroup } from '@/components/form/choice-group';
import { FieldFrame } from '@/components/form/field-frame';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useCreateSeries } from '../api/create-series';
import { BOOKINGS_TEXTS as T } from '../texts';
import { TimeList } from './booking-facts';
import { SeriesPreview } from './series-preview';
import { ProviderMessageField, SessionTimeAlerts, SessionTimeFields } from './session-time-fields';
import { useSessionTimeForm, type SessionTimeDialogProps } from './use-session-time-form';

type FormInput = z.input<typeof seriesFormSchema>;
type FormOutput = z.output<typeof seriesFormSchema>;

const INTERVAL_OPTIONS = SeriesInterval.map((value) => ({
  value,
  label: SERIES_INTERVAL_LABELS[value],
}));
const COUNT_OPTIONS = Array.from({ length: SERIES_MAX_COUNT - SERIES_MIN_COUNT + 1 }, (_, i) =>
  String(SERIES_MIN_COUNT + i),
);

/** Each opening starts at the rebook's default (tomorrow 08:00), weekly, four sessions. */
function freshForm(now: Date): FormInput {
  return { ...rebookDefaults(now), interval: 'WEEKLY', count: '4', messageFromProvider: '' };
}

/**
 * 'Boka en serie' (docs/rules/bookings.md#a-series-of-sessions): the first
 * session's date and hour as in the rebook dialog, 'Varje vecka' or
 * 'Varannan vecka', 2-12 sessions, an optional message. Every time is checked
 * by the rule of contracts before sending. A 409 lists the taken hours and
 * offers to book only the free ones (`skipConflicts`); what was skipped is
 * listed once the series is booked. The form is kept on every refusal.
 */
export function ProviderSeriesDialog({
  match,
  ...dialog
}: SessionTimeDialogProps & { match: ProviderMatchSummary }) {
  const series = useCreateSeries();
  const [booked, setBooked] = useState<SeriesResponse | null>(null);
  const bookedRef = useRef<HTMLDivElement>(null);
  // A 409's hours, kept while the free ones are sent, so the list and its button stay put.
  const [taken, setTaken] = useState<{ message: string; times: string[] } | null>(null);

  // Each opening starts from the defaults, computed at that moment (the hook); what was
  // booked or taken is forgotten at close.
  const closing = {
    ...dialog,
    onClose: () => {
      setBooked(null);
      setTaken(null);
      dialog.onClose();
    },
  };
  const timeForm = useSessionTimeForm(closing, {
    schema: seriesFormSchema,
    fresh: freshForm,
    sending: series,
    // Every time of the series, not only the first.
    check: (values) => (first, at) =>
      checkSeriesTimes(seriesTimes(first, values.interval, values.count), at),
  });
  const { form, formId, date, time } = timeForm;
  const { control, register, handleSubmit, formState } = form;
  const { errors } = formState;
  const [interval, count] = useWatch({ control, name: ['interval', 'count'] });
  useEffect(() => {
    if (booked) bookedRef.current?.focus();
  }, [booked]);

  const send = (values: FormOutput, skipConflicts = false) => {
    if (!skipConflicts) setTaken(null);
    const instant = timeForm.instantToSend(values);
    if (!instant) return;
    series.mutate(
      {
        matchId: match.id,
        firstTime: instant.toISOString(),
        interval: values.interval,
        count: values.count,
        messageFromProvider: values.messageFromProvider || null,
        skipConflicts,
      },
      {
        onError: (error) => {
          const times = error instanceof ApiRequestError ? (error.conflicts ?? []) : [];
          setTaken(times.length > 0 ? { message: errorMessage(error), times } : null);
        },
        onSuccess: (result) => {
          toast.success(T.seriesBookedToast);
          if (result.skipped?.length) setBooked(result);
          else timeForm.onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={dialog.open}
      onOpenChange={timeForm.onOpenChange}
      onCloseAutoFocus={dialog.onCloseAutoFocus}
      title={T.seriesTitle}
      description={T.seriesText(match.client.name)}
      footer={
        booked ? null : (
          <Button type="submit" form={formId} disabled={timeForm.empty || series.isPending}>
            {series.isPending ? T.sending : T.seriesSend}
          </Button>
        )
      }
    >
      {booked ? (
        <div ref={bookedRef} tabIndex={-1} className="mt-4 outline-none">
          <Alert tone="success" title={T.seriesBookedTitle}>
            <p>{T.seriesBooked(booked.bookings.length)}</p>
            <p className="mt-2">{T.skippedTitle}</p>
            <TimeList times={booked.skipped ?? []} />
          </Alert>
        </div>
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={timeForm.onSubmit((values) => send(values))}
          className="mt-5 space-y-5"
        >
          <p className="text-stone-800">{T.seriesFirstTimeHint}</p>
          <SessionTimeFields
            minDate={timeForm.minDate}
            date={register('date')}
            time={register('time')}
          />
          <Controller
            control={control}
            name="interval"
            render={({ field }) => (
              <ChoiceGroup
                legend={T.intervalLegend}
                type="radio"
                name={`${formId}-interval`}
                options={INTERVAL_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.interval?.message}
              />
            )}
          />
          <FieldFrame label={T.countLabel} hint={T.countHint} error={errors.count?.message}>
            {(frame) => (
              <select {...frame} {...register('count')}>
                {COUNT_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <SeriesPreview date={date} time={time} interval={interval} count={count} />
          <ProviderMessageField
            field={register('messageFromProvider')}
            error={errors.messageFromProvider?.message}
          />
        </form>
      )}
      <SessionTimeAlerts problem={timeForm.problem} error={taken ? null : series.error} />
      {taken && !booked ? (
        <Alert tone="error" className="mt-4">
          <p>{taken.message}</p>
          <p className="mt-2 font-medium">{T.conflictsTitle}</p>
          <TimeList times={taken.times} />
          <Button
            variant="secondary"
            className="mt-3"
            disabled={series.isPending}
            onClick={() => void handleSubmit((values) => send(values, true))()}
          >
            {series.isPending ? T.sending : T.skipConflicts}
          </Button>
        </Alert>
      ) : null}
    </Dialog>
  );
}

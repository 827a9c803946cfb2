import { zodResolver } from '@hookform/resolvers/zod';
import {
  rebookDefaults,
  rebookFormSchema,
  rebookMinDate,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { useEffect, useEffectEvent, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { useRebook } from '../api/rebook';
import { BOOKINGS_TEXTS as T } from '../texts';
import type { Clock } from './booking-facts';
import { checkedInstant, ProviderMessageField, SessionTimeFields } from './session-time-fields';

type FormInput = z.input<typeof rebookFormSchema>;
type FormOutput = z.output<typeof rebookFormSchema>;

/** The form as each opening starts it: tomorrow 08:00 (Stockholm), no message. */
function freshForm(now: Date): FormInput {
  return { ...rebookDefaults(now), messageFromProvider: '' };
}

/**
 * The rebook dialog ('Skicka ny bokningstid'; docs/rules/bookings.md#rebook): a date no earlier than
 * tomorrow and an hour 07:00-20:00, by default tomorrow at 08:00
 * (Stockholm); before sending, the rule of contracts (`checkRebookTime`:
 * past, then 24 hours, then 07-21) refuses with its message in an alert and
 * sends nothing. 'Skicka' is disabled while the date or time is empty or
 * while sending. A refusal of the server (409 hour taken, 422) is shown here
 * and the form is kept.
 */
export function ProviderRebookDialog({
  open,
  onClose,
  onCloseAutoFocus,
  match,
  now,
}: {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  match: ProviderMatchSummary;
  now: Clock;
}) {
  const formId = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(rebookFormSchema),
    defaultValues: freshForm(now()),
  });
  const [date, time] = useWatch({ control, name: ['date', 'time'] });
  const rebook = useRebook();

  // Each opening starts from the defaults, computed at that moment.
  const startFresh = useEffectEvent(() => reset(freshForm(now())));
  useEffect(() => {
    if (open) startFresh();
  }, [open]);
  const minDate = rebookMinDate(now());

  const onOpenChange = (next: boolean) => {
    if (next) return;
    rebook.reset();
    onClose();
  };

  const empty = !date || !time;

  const send = (values: FormOutput) => {
    rebook.reset();
    if (empty || rebook.isPending) return;
    // The rebook checks, in order: the one rule of contracts.
    const checked = checkedInstant(values.date, values.time, now());
    if (!checked.instant) {
      setError('root', { message: checked.problem });
      return;
    }
    rebook.mutate(
      {
        matchId: match.id,
        confirmedTime: checked.instant.toISOString(),
        messageFromProvider: values.messageFromProvider || null,
      },
      {
        onSuccess: () => {
          toast.success(T.rebookedToast);
          onOpenChange(false);
        },
      },
    );
  };

  // A date or hour the schema refuses, or one the rule refuses: one alert.
  const problem = errors.date?.message ?? errors.time?.message ?? errors.root?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={T.rebookTitle}
      description={T.rebookText(match.client.name)}
      footer={
        <Button type="submit" form={formId} disabled={empty || rebook.isPending}>
          {rebook.isPending ? T.sending : T.send}
        </Button>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={handleSubmit(send, () => rebook.reset())}
        className="mt-5 space-y-5"
      >
        <SessionTimeFields minDate={minDate} date={register('date')} time={register('time')} />
        <ProviderMessageField
          field={register('messageFromProvider')}
          error={errors.messageFromProvider?.message}
        />
      </form>
      {problem ? (
        <Alert tone="error" className="mt-4">
          {problem}
        </Alert>
      ) : null}
      {rebook.error ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(rebook.error)}
        </Alert>
      ) : null}
    </Dialog>
  );
}

import {
  rebookDefaults,
  rebookFormSchema,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import type { z } from 'zod';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRebook } from '../api/rebook';
import { BOOKINGS_TEXTS as T } from '../texts';
import { ProviderMessageField, SessionTimeAlerts, SessionTimeFields } from './session-time-fields';
import { useSessionTimeForm, type SessionTimeDialogProps } from './use-session-time-form';

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
  match,
  ...dialog
}: SessionTimeDialogProps & { match: ProviderMatchSummary }) {
  const rebook = useRebook();
  const { form, formId, onSubmit, empty, minDate, problem, onOpenChange, instantToSend } =
    useSessionTimeForm(dialog, { schema: rebookFormSchema, fresh: freshForm, sending: rebook });
  const { register, formState } = form;

  const send = (values: FormOutput) => {
    // The rebook checks, in order: the one rule of contracts.
    const instant = instantToSend(values);
    if (!instant) return;
    rebook.mutate(
      {
        matchId: match.id,
        confirmedTime: instant.toISOString(),
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

  return (
    <Dialog
      open={dialog.open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={dialog.onCloseAutoFocus}
      title={T.rebookTitle}
      description={T.rebookText(match.client.name)}
      footer={
        <Button type="submit" form={formId} disabled={empty || rebook.isPending}>
          {rebook.isPending ? T.sending : T.send}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit(send)} className="mt-5 space-y-5">
        <SessionTimeFields minDate={minDate} date={register('date')} time={register('time')} />
        <ProviderMessageField
          field={register('messageFromProvider')}
          error={formState.errors.messageFromProvider?.message}
        />
      </form>
      <SessionTimeAlerts problem={problem} error={rebook.error} />
    </Dialog>
  );
}

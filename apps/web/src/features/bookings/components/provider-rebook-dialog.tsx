import {
  checkRebookTime,
  MESSAGE_FROM_PROVIDER_MAX_CHARS,
  MSG,
  REBOOK_TIME_OPTIONS,
  rebookDefaults,
  rebookFormSchema,
  rebookInstant,
  rebookMinDate,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FieldFrame } from '@/components/form/field-frame';
import { TextArea } from '@/components/form/text-area';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-message';
import { useRebook } from '../api/rebook';
import { PROVIDER_BOOKING_TEXTS as T } from '../provider-texts';
import type { Clock } from './booking-facts';

/**
 * SPEC §5 rebook dialog ('Skicka ny bokningstid'): a date no earlier than
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
  const [form, setForm] = useState(() => ({ ...rebookDefaults(now()), message: '' }));
  const [minDate, setMinDate] = useState(() => rebookMinDate(now()));
  const [problem, setProblem] = useState<string | null>(null);
  const [messageError, setMessageError] = useState<string | undefined>();
  const rebook = useRebook();

  // Each opening starts from the defaults (tomorrow 08:00), computed at that moment.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const current = now();
      setForm({ ...rebookDefaults(current), message: '' });
      setMinDate(rebookMinDate(current));
      setProblem(null);
      setMessageError(undefined);
    }
  }

  const onOpenChange = (next: boolean) => {
    if (next) return;
    rebook.reset();
    onClose();
  };

  const empty = !form.date || !form.time;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || rebook.isPending) return;
    rebook.reset();
    const parsed = rebookFormSchema.safeParse({
      date: form.date,
      time: form.time,
      messageFromProvider: form.message,
    });
    const instant = parsed.success ? rebookInstant(parsed.data.date, parsed.data.time) : null;
    if (!parsed.success) {
      const messageIssue = parsed.error.issues.find((i) => i.path[0] === 'messageFromProvider');
      setMessageError(messageIssue?.message);
      setProblem(messageIssue ? null : MSG.dateTimeInvalid);
      return;
    }
    setMessageError(undefined);
    if (!instant) {
      setProblem(MSG.dateTimeInvalid);
      return;
    }
    // SPEC §5's three checks, in order: the one rule of contracts.
    const failure = checkRebookTime(instant, now());
    if (failure) {
      setProblem(failure.message);
      return;
    }
    setProblem(null);
    rebook.mutate(
      {
        matchId: match.id,
        confirmedTime: instant.toISOString(),
        messageFromProvider: parsed.data.messageFromProvider.trim() || null,
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
      <form id={formId} noValidate onSubmit={submit} className="mt-5 space-y-5">
        <TextField
          label={T.dateLabel}
          type="date"
          required
          min={minDate}
          value={form.date}
          onChange={(event) => {
            const date = event.target.value;
            setForm((f) => ({ ...f, date }));
          }}
        />
        <FieldFrame label={T.timeLabel} hint={T.timeHint}>
          {(control) => (
            <select
              {...control}
              required
              value={form.time}
              onChange={(event) => {
                const time = event.target.value;
                setForm((f) => ({ ...f, time }));
              }}
            >
              <option value="">{T.timePlaceholder}</option>
              {REBOOK_TIME_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextArea
          label={T.messageLabel}
          hint={T.messageHint}
          rows={3}
          maxLength={MESSAGE_FROM_PROVIDER_MAX_CHARS}
          value={form.message}
          error={messageError}
          onChange={(event) => {
            const message = event.target.value;
            setForm((f) => ({ ...f, message }));
          }}
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

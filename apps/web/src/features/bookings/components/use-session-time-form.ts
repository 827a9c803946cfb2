import { zodResolver } from '@hookform/resolvers/zod';
import { rebookMinDate, type BookingTimeError } from '@samtalsmatch/contracts';
import { useEffect, useEffectEvent, useId } from 'react';
import {
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type SubmitHandler,
} from 'react-hook-form';
import type { z } from 'zod';
import type { Clock } from './booking-facts';
import { checkedInstant } from './session-time-fields';

/** What every session time form holds: a Stockholm date and an hour. */
type SessionTime = { date: string; time: string };

/** What the hook needs of the dialog's mutation: it is reset and not sent twice. */
type Sending = { reset: () => void; isPending: boolean };

/** What every therapist time dialog is given by the bookings page. */
export type SessionTimeDialogProps = {
  open: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  now: Clock;
};

/**
 * The form state and checks the therapist's time dialogs share (rebook,
 * move, series; docs/rules/bookings.md#rebook): each opening starts from
 * `fresh(now)`; closing resets the mutation; 'date' and 'time' are watched so
 * the send button stays disabled while one is empty; before sending, the
 * rebook checks (or the dialog's own `check`) refuse with their message as
 * the form's root error and nothing is sent; a date or hour the schema
 * refuses, or one the rule refuses, is one `problem` to show.
 */
export function useSessionTimeForm<TInput extends SessionTime, TOutput extends SessionTime>(
  { open, onClose, now }: Omit<SessionTimeDialogProps, 'onCloseAutoFocus'>,
  {
    schema,
    fresh,
    sending,
    check,
  }: {
    schema: z.ZodType<TOutput, TInput>;
    fresh: (now: Date) => TInput;
    sending: Sending;
    /** The check of the values' first instant; the rebook checks when left out. */
    check?: (values: TOutput) => (instant: Date, now: Date) => BookingTimeError | null;
  },
) {
  const formId = useId();
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    // A whole form is more than the partial one defaultValues takes; the generic cannot see it.
    defaultValues: fresh(now()) as DefaultValues<TInput>,
  });
  // Every form here has 'date' and 'time'; the generic form cannot name them itself.
  const times = form.control as unknown as Control<SessionTime>;
  const [date, time] = useWatch({ control: times, name: ['date', 'time'] });

  // Each opening starts from the defaults, computed at that moment.
  const startFresh = useEffectEvent(() => form.reset(fresh(now())));
  useEffect(() => {
    if (open) startFresh();
  }, [open]);

  const onOpenChange = (next: boolean) => {
    if (next) return;
    sending.reset();
    onClose();
  };

  const empty = !date || !time;

  /**
   * The instant to send for valid values, or null when nothing is to be sent:
   * a field is empty, a request is on its way, or the check refuses (its
   * message becomes the root error).
   */
  const instantToSend = (values: TOutput): Date | null => {
    sending.reset();
    form.clearErrors('root');
    if (empty || sending.isPending) return null;
    const checked = checkedInstant(values.date, values.time, now(), check?.(values));
    if (!checked.instant) {
      form.setError('root', { message: checked.problem });
      return null;
    }
    return checked.instant;
  };

  /** The form's submit: the values once the schema takes them; a refusal resets the mutation. */
  const onSubmit = (send: SubmitHandler<TOutput>) => form.handleSubmit(send, () => sending.reset());

  const errors = form.formState.errors as FieldErrors<SessionTime>;
  const problem = errors.date?.message ?? errors.time?.message ?? errors.root?.message;

  return {
    form,
    formId,
    onSubmit,
    date,
    time,
    empty,
    minDate: rebookMinDate(now()),
    problem,
    onOpenChange,
    instantToSend,
  };
}

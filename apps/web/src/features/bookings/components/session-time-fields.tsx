import {
  checkRebookTime,
  MESSAGE_FROM_PROVIDER_MAX_CHARS,
  MSG,
  REBOOK_TIME_OPTIONS,
  rebookInstant,
  type BookingTimeError,
} from '@samtalsmatch/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFrame } from '@/components/form/field-frame';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/error-message';
import { TextArea } from '@/components/form/text-area';
import { TextField } from '@/components/form/text-field';
import { BOOKINGS_TEXTS as T } from '../texts';

/*
 * What the therapist's time dialogs share (rebook, series, move;
 * docs/rules/bookings.md#rebook): a Stockholm date no earlier than tomorrow,
 * an hour 07:00-20:00, an optional message, and the rebook checks run before
 * anything is sent.
 */

/** 'Datum' (no day before `minDate`) and 'Tid' (the hours 07:00-20:00). */
export function SessionTimeFields({
  minDate,
  date,
  time,
}: {
  minDate: string;
  date: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
}) {
  return (
    <>
      <TextField label={T.dateLabel} type="date" required min={minDate} {...date} />
      <FieldFrame label={T.timeLabel} hint={T.timeHint}>
        {(frame) => (
          <select {...frame} required {...time}>
            <option value="">{T.timePlaceholder}</option>
            {REBOOK_TIME_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </>
  );
}

/** 'Meddelande till klienten (valfritt)', at most 1000 characters. */
export function ProviderMessageField({
  field,
  error,
}: {
  field: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <TextArea
      label={T.messageLabel}
      hint={T.messageHint}
      rows={3}
      maxLength={MESSAGE_FROM_PROVIDER_MAX_CHARS}
      error={error}
      {...field}
    />
  );
}

/** Under the form: the date or hour refused here, then the server's refusal. */
export function SessionTimeAlerts({
  problem,
  error,
}: {
  problem: string | undefined;
  error: Error | null;
}) {
  return (
    <>
      {problem ? (
        <Alert tone="error" className="mt-4">
          {problem}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-4">
          {errorMessage(error)}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The instant of a date and hour (Stockholm) and the first rebook check it
 * fails (past, then 24 hours, then 07-21: contracts `checkRebookTime`), or
 * `check`'s own for a series.
 */
export function checkedInstant(
  date: string,
  time: string,
  now: Date,
  check: (instant: Date, now: Date) => BookingTimeError | null = checkRebookTime,
): { instant: Date; problem: null } | { instant: null; problem: string } {
  const instant = rebookInstant(date, time);
  if (!instant) return { instant: null, problem: MSG.dateTimeInvalid };
  const failure = check(instant, now);
  return failure ? { instant: null, problem: failure.message } : { instant, problem: null };
}

import {
  SUGGESTED_TIMES_COUNT,
  atLineStart,
  canSendSuggestedTimes,
  bookingShareNotice,
  formatStockholm,
  toggleSuggestedTime,
  MEETING_FORMAT_LABELS,
  SessionFormat,
  type AvailabilitySlot,
} from '@samtalsmatch/contracts';
import { useState, type ReactNode } from 'react';
import { ChoiceGroup } from '@/components/form/choice-group';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ClientTimePicker, timeLabel } from './client-time-picker';
import { BOOKINGS_TEXTS } from '../texts';

/**
 * The booking request (docs/rules/bookings.md#booking-request): pick exactly 3 of the therapist's free
 * times, see them summed up, then send. `onSend` gets the ISO times in order;
 * if it rejects, the summary closes and the selection stays for another try
 * (the page shows why, in `error`). When the therapist offers both video
 * and the practice, the client also picks how the session happens
 * (docs/rules/video.md#a-meeting-format-per-booking).
 */

const FORMAT_OPTIONS = SessionFormat.map((value) => ({
  value,
  label: MEETING_FORMAT_LABELS[value],
}));
export function ClientBookingForm({
  providerName,
  slots,
  now,
  sending,
  error,
  offersBoth = false,
  onSend,
}: {
  providerName: string;
  /** The therapist offers video and the practice: the client picks one. */
  offersBoth?: boolean;
  slots: readonly AvailabilitySlot[];
  now: Date;
  sending: boolean;
  /** Why the last send failed, shown by the send button. */
  error?: ReactNode;
  onSend: (suggestedTimes: string[], meetingFormat?: SessionFormat) => Promise<unknown>;
}) {
  const [selected, setSelected] = useState<number[]>([]);
  const [format, setFormat] = useState<SessionFormat | undefined>();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const ready = canSendSuggestedTimes(selected, now) && (!offersBoth || format !== undefined);
  const toggle = (start: number) => setSelected((s) => toggleSuggestedTime(s, start));

  async function send() {
    try {
      await onSend(
        selected.map((t) => new Date(t).toISOString()),
        offersBoth ? format : undefined,
      );
    } catch {
      setSummaryOpen(false);
    }
  }

  // On a wide screen the chosen times stand beside the calendar (and stay in view while
  // the calendar scrolls); on a phone they follow it.
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-8">
      <ClientTimePicker slots={slots} now={now} selected={selected} onToggle={toggle} />

      <section
        aria-labelledby="chosen-title"
        data-testid="chosen-times"
        className="mt-8 rounded-lg border border-stone-200 bg-white p-5 shadow-card lg:sticky lg:top-20 lg:mt-6"
      >
        <h2 id="chosen-title" className="type-heading text-stone-900">
          {BOOKINGS_TEXTS.client.chosenTitle}
        </h2>
        <p role="status" className="mt-1 text-stone-700">
          {BOOKINGS_TEXTS.client.chosenCount(selected.length, SUGGESTED_TIMES_COUNT)}
        </p>
        {selected.length > 0 ? (
          <ul className="mt-3 space-y-2">
            {selected.map((t) => (
              <li key={t} className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-stone-900">{atLineStart(formatStockholm(t))}</span>
                <Button
                  variant="destructive"
                  size="sm"
                  aria-label={BOOKINGS_TEXTS.client.removeTime(timeLabel(t))}
                  onClick={() => toggle(t)}
                >
                  {BOOKINGS_TEXTS.client.remove}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {offersBoth ? (
          <div className="mt-4">
            <ChoiceGroup
              legend={BOOKINGS_TEXTS.client.meetingFormat}
              hint={BOOKINGS_TEXTS.client.meetingFormatHint}
              type="radio"
              name="meetingFormat"
              options={FORMAT_OPTIONS}
              value={format}
              onChange={(v) => setFormat(v as SessionFormat)}
            />
          </div>
        ) : null}
        {error ? <div className="mt-4">{error}</div> : null}
        <div className="mt-5">
          <Button
            className="w-full sm:w-auto"
            disabled={!ready}
            aria-describedby={ready ? undefined : 'chosen-hint'}
            onClick={() => setSummaryOpen(true)}
          >
            {BOOKINGS_TEXTS.client.review}
          </Button>
          {ready ? null : (
            <p id="chosen-hint" className="mt-2 text-sm text-stone-700">
              {offersBoth
                ? BOOKINGS_TEXTS.client.chooseTimesAndFormat(SUGGESTED_TIMES_COUNT)
                : BOOKINGS_TEXTS.client.chooseTimes(SUGGESTED_TIMES_COUNT)}
            </p>
          )}
        </div>
      </section>

      <Dialog
        open={summaryOpen}
        onOpenChange={(open) => {
          if (!sending) setSummaryOpen(open);
        }}
        title={BOOKINGS_TEXTS.client.sendTitle}
        focusTitle
        description={BOOKINGS_TEXTS.client.sendDescription(providerName)}
        footer={
          <Button onClick={() => void send()} disabled={sending}>
            {sending ? BOOKINGS_TEXTS.client.sending : BOOKINGS_TEXTS.client.send}
          </Button>
        }
      >
        <ol
          aria-label={BOOKINGS_TEXTS.client.suggestedTimesLabel}
          className="mt-4 list-decimal space-y-1 pl-6 text-stone-900"
        >
          {selected.map((t) => (
            <li key={t}>{atLineStart(formatStockholm(t))}</li>
          ))}
        </ol>
        {offersBoth && format ? (
          <p className="mt-4 text-stone-900">
            {BOOKINGS_TEXTS.client.meetingFormatIs} {MEETING_FORMAT_LABELS[format]}
          </p>
        ) : null}
        <p className="mt-4 text-stone-700">{bookingShareNotice(providerName)}</p>
      </Dialog>
    </div>
  );
}

import { MSG, formatDayRange, formatStockholmDay, type WeekChange } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AVAILABILITY_TEXTS } from '../texts';

/** '9–15 december: 12 lediga tider; 2 bokade eller väntande tider ligger kvar'. */
function weekLine(week: WeekChange): string {
  return AVAILABILITY_TEXTS.clearWeekLine(
    formatDayRange(week.first, week.last),
    week.removed,
    week.taken,
  );
}

/**
 * Before 'Rensa' removes the free hours of the chosen weeks: how many go, in
 * which weeks, and that booked and requested hours are never removed. The
 * removal is the red button; 'Avbryt' changes nothing.
 */
export function ClearConfirmation({
  weeksLabel,
  period,
  busy,
  onCancel,
  onConfirm,
}: {
  /** '1 vecka', '2 veckor', '6 veckor'. */
  weeksLabel: string;
  /** The weeks 'Rensa' covers, in order, with the free hours each loses. */
  period: readonly WeekChange[];
  /** The removal is under way: the dialog stays until it is done. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const removed = period.reduce((n, w) => n + w.removed, 0);
  const first = period[0]!.first;
  const last = period.at(-1)!.last;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      focusTitle
      closeLabel={MSG.cancel}
      title={AVAILABILITY_TEXTS.clearTitle(weeksLabel)}
      description={AVAILABILITY_TEXTS.clearDescription(
        removed,
        formatStockholmDay(first),
        formatStockholmDay(last),
      )}
      footer={
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? AVAILABILITY_TEXTS.clearing : AVAILABILITY_TEXTS.clearButton(removed)}
        </Button>
      }
    >
      <ul
        className="mt-4 list-disc space-y-1 pl-5 text-stone-800"
        aria-label={AVAILABILITY_TEXTS.byWeek}
      >
        {period.map((week) => (
          <li key={week.first.getTime()}>{weekLine(week)}</li>
        ))}
      </ul>
      <p className="mt-3 text-stone-700">{AVAILABILITY_TEXTS.clearKeeps}</p>
    </Dialog>
  );
}

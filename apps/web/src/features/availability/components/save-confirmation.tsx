import { formatDayRange, formatStockholmDay, type WeekChange } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AVAILABILITY_TEXTS } from '../texts';

/** One line per week: '9–15 december: 38 nya, 2 tas bort'. */
function weekLine(week: WeekChange): string {
  return AVAILABILITY_TEXTS.saveWeekLine(
    formatDayRange(week.first, week.last),
    week.added,
    week.removed,
  );
}

/**
 * Before 'Använd veckans tider' is saved for more than the shown week: what
 * will be created and removed, week by week, and that requested or booked
 * hours stay as they are.
 */
export function SaveConfirmation({
  open,
  onOpenChange,
  weeksLabel,
  shown,
  period,
  byWeek,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** '2 veckor', '6 veckor'. */
  weeksLabel: string;
  /** The shown week (its pattern is copied). */
  shown: WeekChange;
  /** The weeks the pattern covers, the shown one first. */
  period: readonly WeekChange[];
  /** Every week with a change, in order (the period's and any week changed by hand). */
  byWeek: readonly WeekChange[];
  onConfirm: () => void;
}) {
  const added = byWeek.reduce((n, w) => n + w.added, 0);
  const removed = byWeek.reduce((n, w) => n + w.removed, 0);
  const last = period.at(-1)!.last;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      focusTitle
      title={AVAILABILITY_TEXTS.saveTitle(weeksLabel)}
      description={AVAILABILITY_TEXTS.saveDescription(
        formatDayRange(shown.first, shown.last),
        formatStockholmDay(last),
      )}
      footer={<Button onClick={onConfirm}>{AVAILABILITY_TEXTS.saveIn(weeksLabel)}</Button>}
    >
      <p className="mt-4 font-medium text-stone-900">
        {AVAILABILITY_TEXTS.saveSummary(added, removed)}
      </p>
      <ul
        className="mt-2 list-disc space-y-1 pl-5 text-stone-800"
        aria-label={AVAILABILITY_TEXTS.byWeek}
      >
        {byWeek.map((week) => (
          <li key={week.first.getTime()}>{weekLine(week)}</li>
        ))}
      </ul>
      <p className="mt-3 text-stone-700">{AVAILABILITY_TEXTS.saveKeeps}</p>
    </Dialog>
  );
}

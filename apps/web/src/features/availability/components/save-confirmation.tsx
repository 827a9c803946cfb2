import { formatDayRange, formatStockholmDay, type WeekChange } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** '1 ny ledig tid', '38 nya lediga tider'. */
export function newFreeHours(n: number): string {
  return n === 1 ? '1 ny ledig tid' : `${n} nya lediga tider`;
}

/** '1 ledig tid', '12 lediga tider'. */
export function freeHours(n: number): string {
  return n === 1 ? '1 ledig tid' : `${n} lediga tider`;
}

/** One line per week: '9–15 december: 38 nya, 2 tas bort'. */
function weekLine(week: WeekChange): string {
  const parts: string[] = [];
  if (week.added > 0) parts.push(`${week.added} ${week.added === 1 ? 'ny' : 'nya'}`);
  if (week.removed > 0) parts.push(`${week.removed} tas bort`);
  return `${formatDayRange(week.first, week.last)}: ${parts.length ? parts.join(', ') : 'inga ändringar'}`;
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
      title={`Använda veckans tider i ${weeksLabel}?`}
      description={`Tiderna ${formatDayRange(shown.first, shown.last)} kopieras till samma veckodagar och klockslag till och med ${formatStockholmDay(last)}. En veckodag utan tider i veckan blir tom.`}
      footer={<Button onClick={onConfirm}>Spara i {weeksLabel}</Button>}
    >
      <p className="mt-4 font-medium text-stone-900">
        {added === 0 && removed === 0
          ? 'Inga tider ändras.'
          : `${newFreeHours(added)} skapas${removed > 0 ? ` och ${freeHours(removed)} tas bort` : ''}.`}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800" aria-label="Vecka för vecka">
        {byWeek.map((week) => (
          <li key={week.first.getTime()}>{weekLine(week)}</li>
        ))}
      </ul>
      <p className="mt-3 text-stone-700">
        Bokade tider och tider som väntar på bekräftelse ändras inte.
      </p>
    </Dialog>
  );
}

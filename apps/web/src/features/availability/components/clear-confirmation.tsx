import { MSG, formatDayRange, formatStockholmDay, type WeekChange } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { freeHours } from './save-confirmation';

/** '9–15 december: 12 lediga tider; 2 bokade eller väntande tider ligger kvar'. */
function weekLine(week: WeekChange): string {
  const free = week.removed === 0 ? 'inga lediga tider' : freeHours(week.removed);
  const kept =
    week.taken === 0
      ? ''
      : week.taken === 1
        ? '; 1 bokad eller väntande tid ligger kvar'
        : `; ${week.taken} bokade eller väntande tider ligger kvar`;
  return `${formatDayRange(week.first, week.last)}: ${free}${kept}`;
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
      title={`Rensa lediga tider i ${weeksLabel}?`}
      description={`${freeHours(removed)} tas bort, från ${formatStockholmDay(first)} till och med ${formatStockholmDay(last)}. Klienter kan då inte boka dem.`}
      footer={
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {busy ? 'Rensar…' : `Rensa ${removed === 1 ? '1 tid' : `${removed} tider`}`}
        </Button>
      }
    >
      <ul className="mt-4 list-disc space-y-1 pl-5 text-stone-800" aria-label="Vecka för vecka">
        {period.map((week) => (
          <li key={week.first.getTime()}>{weekLine(week)}</li>
        ))}
      </ul>
      <p className="mt-3 text-stone-700">
        Bokade tider och tider som väntar på bekräftelse tas aldrig bort.
      </p>
    </Dialog>
  );
}

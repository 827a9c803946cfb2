import { MANAGE_CALENDAR_WEEKS } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { AVAILABILITY_TEXTS } from '../texts';

/** The shown week's title between 'Föregående vecka' and 'Nästa vecka' (today's week to about 2 months ahead). */
export function WeekNavigation({
  weekIndex,
  title,
  onMove,
}: {
  weekIndex: number;
  title: string;
  onMove: (weekIndex: number) => void;
}) {
  const note =
    weekIndex === 0
      ? AVAILABILITY_TEXTS.fromToday
      : AVAILABILITY_TEXTS.weekOf(weekIndex + 1, MANAGE_CALENDAR_WEEKS);
  return (
    <div className="flex items-center justify-between gap-2">
      <Button
        variant="secondary"
        className="px-3"
        onClick={() => onMove(weekIndex - 1)}
        disabled={weekIndex === 0}
      >
        <ChevronLeftIcon size={16} />
        <span className="sr-only sm:not-sr-only">{AVAILABILITY_TEXTS.previousWeek}</span>
      </Button>
      <h2 className="text-center text-lg font-semibold text-stone-900" aria-live="polite">
        {title}
        <span className="block text-sm font-normal text-stone-700">{note}</span>
      </h2>
      <Button
        variant="secondary"
        className="px-3"
        onClick={() => onMove(weekIndex + 1)}
        disabled={weekIndex >= MANAGE_CALENDAR_WEEKS - 1}
      >
        <span className="sr-only sm:not-sr-only">{AVAILABILITY_TEXTS.nextWeek}</span>
        <ChevronRightIcon size={16} />
      </Button>
    </div>
  );
}

import {
  SWEDISH_WEEKDAYS_SHORT,
  atLineStart,
  formatStockholmDay,
  stockholmParts,
} from '@samtalsmatch/contracts';
import { useRef, type KeyboardEvent } from 'react';
import { AVAILABILITY_TEXTS } from '../texts';

export const dayTabId = (index: number) => `availability-day-${index}`;

/**
 * The phone's day switcher: the seven days of the shown week as tabs, one
 * of them shown in the calendar below (the tab panel `panelId`). Arrow
 * keys, Home and End move between the days and show the day at once; only
 * the chosen day is in the tab order.
 */
export function DaySwitcher({
  days,
  selected,
  onSelect,
  panelId,
}: {
  days: readonly Date[];
  selected: number;
  onSelect: (index: number) => void;
  panelId: string;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function choose(index: number) {
    const i = (index + days.length) % days.length;
    onSelect(i);
    tabs.current[i]?.focus();
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: days.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  }

  return (
    <div
      role="tablist"
      aria-label={AVAILABILITY_TEXTS.chooseDay}
      className="grid grid-cols-7 gap-1"
    >
      {days.map((day, i) => {
        const weekday = stockholmParts(day).weekday - 1;
        const isSelected = i === selected;
        return (
          <button
            key={day.getTime()}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={dayTabId(i)}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`flex min-h-12 flex-col items-center justify-center rounded-md border text-sm ${
              isSelected
                ? 'border-brand-700 bg-brand-700 font-semibold text-white'
                : 'border-stone-300 bg-white text-stone-900 hover:bg-brand-50'
            }`}
          >
            <span aria-hidden="true">{atLineStart(SWEDISH_WEEKDAYS_SHORT[weekday]!)}</span>
            <span aria-hidden="true" className="tabular-nums">
              {stockholmParts(day).day}
            </span>
            <span className="sr-only">{formatStockholmDay(day)}</span>
          </button>
        );
      })}
    </div>
  );
}

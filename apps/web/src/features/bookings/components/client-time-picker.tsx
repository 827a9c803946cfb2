import {
  addStockholmDays,
  atLineStart,
  bookingCalendarWeeks,
  formatDayRange,
  formatStockholmDay,
  formatStockholmDayTime,
  formatStockholmTime,
  isBookingCalendarDay,
  isSelectableSlotStart,
  isSelectionFull,
  stockholmDateKey,
  stockholmIsoWeek,
  toDate,
  weekDays,
  type AvailabilitySlot,
} from '@samtalsmatch/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { BOOKINGS_TEXTS } from '../texts';
import { useTimeGridFocus } from './use-time-grid-focus';

/** 'torsdag 19 mars kl. 09:00': how one time is named (Stockholm time). */
export function timeLabel(start: number): string {
  return formatStockholmDayTime(start);
}

/** 'Vecka 48: 23–29 november 2026'. */
function weekTitle(weekStart: Date): string {
  const last = addStockholmDays(weekStart, 6);
  return `Vecka ${stockholmIsoWeek(weekStart)}: ${formatDayRange(weekStart, last, { withYear: true })}`;
}

/**
 * The therapist's free times, week by week (the booking page): from
 * tomorrow to about 2 months ahead, Monday first, every day and hour in
 * Stockholm time. Each time is a real button (aria-pressed, named by day and
 * time); a time less than 24 hours away is disabled; with 3 picked the others
 * are marked unavailable until one is removed.
 *
 * The week's times are one Tab stop (roving tabindex): Tab lands on one time
 * (the first picked one, else the first that can be picked), the arrow keys
 * move between times (left/right: the previous/next time; up/down: the
 * previous/next day), Home/End to the week's first/last; disabled times are
 * skipped and never a Tab stop.
 */
export function ClientTimePicker({
  slots,
  now,
  selected,
  onToggle,
}: {
  slots: readonly AvailabilitySlot[];
  now: Date;
  selected: readonly number[];
  onToggle: (start: number) => void;
}) {
  const weeks = useMemo(() => bookingCalendarWeeks(now), [now]);
  const [index, setIndex] = useState(0);
  const week = Math.min(index, weeks.length - 1);

  // The free starts by Stockholm day.
  const byDay = useMemo(() => {
    const map = new Map<string, number[]>();
    for (const slot of slots) {
      if (slot.status !== 'AVAILABLE') continue;
      const start = toDate(slot.startTime).getTime();
      if (!isBookingCalendarDay(start, now)) continue;
      const key = stockholmDateKey(start);
      map.set(key, [...(map.get(key) ?? []), start]);
    }
    for (const list of map.values()) list.sort((a, b) => a - b);
    return map;
  }, [slots, now]);

  const daysOf = (w: number) =>
    weekDays(weeks[w]!).filter((d) => (byDay.get(stockholmDateKey(d))?.length ?? 0) > 0);
  const days = daysOf(week);
  const nextWithTimes = weeks.findIndex((_, w) => w > week && daysOf(w).length > 0);
  const full = isSelectionFull(selected);
  const weekStart = weeks[week]!;

  // The week's times that can take focus, day by day, for the arrow keys: the chosen ones,
  // and the others only while one more can be chosen. A disabled time (too soon, or the
  // fourth once three are chosen) is never the Tab stop nor an arrow's target.
  const grid = days.map((day) =>
    (byDay.get(stockholmDateKey(day)) ?? []).filter(
      (start) => selected.includes(start) || (!full && isSelectableSlotStart(start, now)),
    ),
  );
  const { tabStop, listRef, onKeyDown, onFocusTime } = useTimeGridFocus(grid, selected);

  return (
    <section aria-labelledby="free-times-title" className="mt-6">
      <h2 id="free-times-title" className="type-heading text-stone-900">
        {BOOKINGS_TEXTS.client.freeTimes}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{BOOKINGS_TEXTS.client.freeTimesNote}</p>
      <p id="free-times-keys" className="sr-only">
        {BOOKINGS_TEXTS.client.freeTimesKeys}
      </p>
      <div className="mt-4 flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          className="px-3"
          aria-label={BOOKINGS_TEXTS.client.previousWeek}
          disabled={week === 0}
          onClick={() => setIndex(week - 1)}
        >
          <ChevronLeftIcon size={18} />
        </Button>
        <h3
          aria-live="polite"
          className="text-center text-base font-semibold text-stone-900"
          data-testid="week-title"
        >
          {weekTitle(weekStart)}
        </h3>
        <Button
          variant="secondary"
          className="px-3"
          aria-label={BOOKINGS_TEXTS.client.nextWeek}
          disabled={week >= weeks.length - 1}
          onClick={() => setIndex(week + 1)}
        >
          <ChevronRightIcon size={18} />
        </Button>
      </div>

      {days.length === 0 ? (
        <div className="mt-4 rounded-md border border-dashed border-stone-400 bg-white p-5 text-center">
          <p className="text-stone-800">{BOOKINGS_TEXTS.client.noTimesThisWeek}</p>
          {nextWithTimes > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-2"
              onClick={() => setIndex(nextWithTimes)}
            >
              {BOOKINGS_TEXTS.client.nextWeekWithTimes}
            </Button>
          ) : null}
        </div>
      ) : (
        <ul
          ref={listRef}
          onKeyDown={onKeyDown}
          aria-describedby="free-times-keys"
          className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {days.map((day) => {
            const key = stockholmDateKey(day);
            const headingId = `day-${key}`;
            return (
              <li key={key} className="rounded-md border border-stone-200 bg-white p-4">
                <h4 id={headingId} className="font-semibold text-stone-900">
                  {atLineStart(formatStockholmDay(day))}
                </h4>
                <div role="group" aria-labelledby={headingId} className="mt-3 flex flex-wrap gap-2">
                  {(byDay.get(key) ?? []).map((start) => (
                    <TimeButton
                      key={start}
                      start={start}
                      pressed={selected.includes(start)}
                      tooSoon={!isSelectableSlotStart(start, now)}
                      full={full}
                      tabStop={start === tabStop}
                      onFocus={() => onFocusTime(start)}
                      onToggle={onToggle}
                    />
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function TimeButton({
  start,
  pressed,
  tooSoon,
  full,
  tabStop,
  onFocus,
  onToggle,
}: {
  start: number;
  pressed: boolean;
  tooSoon: boolean;
  full: boolean;
  /** The one time of the week that Tab lands on. */
  tabStop: boolean;
  onFocus: () => void;
  onToggle: (start: number) => void;
}) {
  const unavailable = !pressed && (tooSoon || full);
  let label = timeLabel(start);
  if (tooSoon && !pressed) label += BOOKINGS_TEXTS.client.tooSoon;
  else if (full && !pressed) label += BOOKINGS_TEXTS.client.full;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      disabled={tooSoon && !pressed}
      aria-disabled={unavailable || undefined}
      data-start={new Date(start).toISOString()}
      tabIndex={tabStop ? 0 : -1}
      onFocus={onFocus}
      onClick={() => {
        if (!unavailable) onToggle(start);
      }}
      className={`min-h-11 min-w-20 rounded-md border px-3 py-2 font-medium tabular-nums transition-colors ${
        pressed
          ? 'border-brand-800 bg-brand-700 text-white hover:bg-brand-800'
          : unavailable
            ? 'cursor-not-allowed border-stone-300 bg-stone-100 text-stone-600'
            : 'border-stone-400 bg-white text-stone-900 hover:border-brand-700 hover:bg-brand-50'
      }`}
    >
      {pressed ? <span aria-hidden="true">✓ </span> : null}
      {formatStockholmTime(start)}
    </button>
  );
}

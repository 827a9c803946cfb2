import {
  addStockholmDays,
  bookingCalendarWeeks,
  formatStockholmPlain,
  isBookingCalendarDay,
  isSelectableSlotStart,
  isSelectionFull,
  stockholmDateKey,
  toDate,
  weekDays,
  type AvailabilitySlot,
} from '@samtalsmatch/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

/** 'torsdag 19 mars kl. 09:00': how one time is named (Stockholm time). */
export function timeLabel(start: number): string {
  return formatStockholmPlain(start, "EEEE d MMMM 'kl.' HH:mm");
}

function weekTitle(weekStart: Date): string {
  const last = addStockholmDays(weekStart, 6);
  return `${formatStockholmPlain(weekStart, "'Vecka' I")}: ${formatStockholmPlain(weekStart, 'd MMMM')} – ${formatStockholmPlain(last, 'd MMMM yyyy')}`;
}

/**
 * The therapist's free times, week by week (SPEC §2 booking page): from
 * tomorrow to about 2 months ahead, Monday first, every day and hour in
 * Stockholm time. Each time is a real button (aria-pressed, named by day and
 * time); a time less than 24 hours away is disabled; with 3 picked the others
 * are marked unavailable until one is removed.
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

  return (
    <section aria-labelledby="free-times-title" className="mt-6">
      <h2 id="free-times-title" className="text-xl font-semibold text-stone-900">
        Lediga tider
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Alla tider visas i svensk tid. Tider som börjar inom 24 timmar kan inte bokas.
      </p>
      <div className="mt-4 flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          className="px-3"
          aria-label="Föregående vecka"
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
          aria-label="Nästa vecka"
          disabled={week >= weeks.length - 1}
          onClick={() => setIndex(week + 1)}
        >
          <ChevronRightIcon size={18} />
        </Button>
      </div>

      {days.length === 0 ? (
        <div className="mt-4 rounded-md border border-dashed border-stone-400 bg-white p-5 text-center">
          <p className="text-stone-800">Inga lediga tider den här veckan.</p>
          {nextWithTimes > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-2"
              onClick={() => setIndex(nextWithTimes)}
            >
              Visa nästa vecka med lediga tider
            </Button>
          ) : null}
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {days.map((day) => {
            const key = stockholmDateKey(day);
            const headingId = `day-${key}`;
            return (
              <li key={key} className="rounded-md border border-stone-200 bg-white p-4">
                <h4 id={headingId} className="font-semibold text-stone-900 first-letter:uppercase">
                  {formatStockholmPlain(day, 'EEEE d MMMM')}
                </h4>
                <div role="group" aria-labelledby={headingId} className="mt-3 flex flex-wrap gap-2">
                  {(byDay.get(key) ?? []).map((start) => (
                    <TimeButton
                      key={start}
                      start={start}
                      pressed={selected.includes(start)}
                      tooSoon={!isSelectableSlotStart(start, now)}
                      full={full}
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
  onToggle,
}: {
  start: number;
  pressed: boolean;
  tooSoon: boolean;
  full: boolean;
  onToggle: (start: number) => void;
}) {
  const unavailable = !pressed && (tooSoon || full);
  let label = timeLabel(start);
  if (tooSoon && !pressed) label += ', inom 24 timmar, kan inte väljas';
  else if (full && !pressed) label += ', du har redan valt 3 tider';
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      disabled={tooSoon && !pressed}
      aria-disabled={unavailable || undefined}
      data-start={new Date(start).toISOString()}
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
      {formatStockholmPlain(start, 'HH:mm')}
    </button>
  );
}

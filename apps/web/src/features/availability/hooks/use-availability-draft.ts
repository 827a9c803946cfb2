import {
  defaultWeekStarts,
  futureGridStarts,
  isPastSlot,
  manageWeekStart,
  slotChanges,
  toDate,
  type AvailabilitySlot,
  type AvailabilityWeeks,
} from '@samtalsmatch/contracts';
import { useMemo, useState } from 'react';
import type { CellState } from '../components/week-grid';

/**
 * The chosen hours as saved: the AVAILABLE slots. For a first visit, the
 * default hours of the first seven days, today's passed ones included: they
 * are not saved, but they are part of the week's pattern.
 */
function savedChoice(slots: readonly AvailabilitySlot[], now: Date): Set<number> {
  const chosen = new Set(
    slots.filter((s) => s.status === 'AVAILABLE').map((s) => toDate(s.startTime).getTime()),
  );
  if (slots.length === 0) for (const t of defaultWeekStarts(manageWeekStart(now, 0))) chosen.add(t);
  return chosen;
}

/**
 * The manage calendar's choice: the saved slots and the therapist's unsaved
 * changes on top of them (the draft). The draft stays until a save succeeds
 * (`discard`), so a failed save loses nothing.
 */
export function useAvailabilityDraft(slots: readonly AvailabilitySlot[], now: Date) {
  const [draft, setDraft] = useState<Set<number> | null>(null);
  const byStart = useMemo(() => {
    const map = new Map<number, AvailabilitySlot>();
    for (const s of slots) map.set(toDate(s.startTime).getTime(), s);
    return map;
  }, [slots]);
  const locked = useMemo(
    () =>
      new Set(
        slots.filter((s) => s.status !== 'AVAILABLE').map((s) => toDate(s.startTime).getTime()),
      ),
    [slots],
  );
  const chosen = useMemo(() => draft ?? savedChoice(slots, now), [draft, slots, now]);
  const unsaved = useMemo(() => {
    const c = slotChanges(chosen, slots, now);
    return c.add.length + c.removeIds.length > 0;
  }, [chosen, slots, now]);

  function stateOf(start: Date): CellState {
    const t = start.getTime();
    const slot = byStart.get(t);
    const past = isPastSlot(t, now);
    if (slot && slot.status !== 'AVAILABLE') return { kind: slot.status, past };
    return { kind: chosen.has(t) ? 'chosen' : 'empty', past };
  }

  function toggle(start: Date) {
    const next = new Set(chosen);
    const t = start.getTime();
    if (next.has(t)) next.delete(t);
    else next.add(t);
    setDraft(next);
  }

  /** 'Välj standardtider': the shown week's default hours (booked and requested stay). */
  function chooseDefaults(weekStart: Date) {
    const next = new Set(chosen);
    for (const t of futureGridStarts(weekStart, 1, now)) if (!locked.has(t)) next.delete(t);
    for (const t of defaultWeekStarts(weekStart)) if (!locked.has(t)) next.add(t);
    setDraft(next);
  }

  /** Takes the chosen weeks' future hours out of the choice (booked and requested stay). */
  function clearChoice(weekStart: Date, weeks: AvailabilityWeeks) {
    const next = new Set(chosen);
    for (const t of futureGridStarts(weekStart, weeks, now)) if (!locked.has(t)) next.delete(t);
    setDraft(next);
  }

  return {
    chosen,
    locked,
    unsaved,
    stateOf,
    toggle,
    chooseDefaults,
    clearChoice,
    discard: () => setDraft(null),
  };
}

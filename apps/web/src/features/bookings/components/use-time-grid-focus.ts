import { useRef, useState, type KeyboardEvent } from 'react';

/**
 * The week's times as one Tab stop (roving tabindex), for the booking
 * calendar: `grid` holds the times that can take focus, day by day. Tab
 * lands on one time (the last focused while it can still take focus, else
 * the first picked one, else the first); the arrow keys move between times
 * (left/right: the previous/next time; up/down: the nearest day before/after
 * with a time, at the same place or its last), Home/End to the week's
 * first/last.
 */
export function useTimeGridFocus(
  grid: readonly (readonly number[])[],
  selected: readonly number[],
) {
  const focusable = grid.flat();
  const [active, setActive] = useState<number | null>(null);
  const tabStop =
    active !== null && focusable.includes(active)
      ? active
      : (focusable.find((start) => selected.includes(start)) ?? focusable[0] ?? null);
  const listRef = useRef<HTMLUListElement>(null);

  const moveTo = (start: number | undefined) => {
    if (start === undefined) return;
    setActive(start);
    listRef.current
      ?.querySelector<HTMLButtonElement>(`button[data-start="${new Date(start).toISOString()}"]`)
      ?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = tabStop;
    if (current === null) return;
    const row = grid.findIndex((times) => times.includes(current));
    const col = row < 0 ? -1 : grid[row]!.indexOf(current);
    const at = focusable.indexOf(current);
    // The nearest day before/after that has a time to land on, at the same place or its last.
    const dayStep = (step: number) => {
      for (let r = row + step; r >= 0 && r < grid.length; r += step) {
        const times = grid[r]!;
        if (times.length > 0) return times[Math.min(col, times.length - 1)];
      }
      return undefined;
    };
    const targets: Record<string, () => number | undefined> = {
      ArrowRight: () => focusable[at + 1],
      ArrowLeft: () => focusable[at - 1],
      ArrowDown: () => dayStep(1),
      ArrowUp: () => dayStep(-1),
      Home: () => focusable[0],
      End: () => focusable[focusable.length - 1],
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    moveTo(target());
  };

  /** A time that takes focus (by Tab or a click) becomes the Tab stop. */
  const onFocusTime = (start: number) => setActive(start);

  return { tabStop, listRef, onKeyDown, onFocusTime };
}

import {
  MANAGE_CALENDAR_HOURS,
  SWEDISH_WEEKDAYS,
  atLineStart,
  formatStockholmDay,
  formatStockholmDayMonth,
  formatStockholmTime,
  slotStartOn,
  stockholmParts,
} from '@samtalsmatch/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { AVAILABILITY_TEXTS } from '../texts';

/** What one hour of the calendar shows. */
export type CellKind = 'empty' | 'chosen' | 'PENDING' | 'BOOKED';

export interface CellState {
  kind: CellKind;
  /** The hour has started: nothing can change. */
  past: boolean;
}

const KIND_TEXT: Record<CellKind, { label: string; visible: string }> = AVAILABILITY_TEXTS.cell;

/**
 * Colours by status (red BOOKED, yellow PENDING, green available),
 * and a text and pattern besides, so colour is never the only difference.
 * The calendar's legend shows the same swatches.
 */
export const SLOT_FILL: Record<Exclude<CellKind, 'empty'>, string> = {
  chosen: 'bg-success-100',
  PENDING: 'bg-warning-100 slot-pattern-pending',
  BOOKED: 'bg-danger-100 slot-pattern-booked',
};

/** The legend's swatches: the fill with a border, so a light fill stands out on white. */
export const SLOT_SWATCH: Record<Exclude<CellKind, 'empty'>, string> = {
  chosen: `${SLOT_FILL.chosen} border-success-700`,
  PENDING: `${SLOT_FILL.PENDING} border-warning-700`,
  BOOKED: `${SLOT_FILL.BOOKED} border-danger-700`,
};

const KIND_CLASS: Record<CellKind, string> = {
  empty: 'bg-white text-stone-700 hover:bg-brand-50',
  chosen: `${SLOT_FILL.chosen} text-success-900 font-semibold`,
  PENDING: `${SLOT_FILL.PENDING} text-warning-900 font-semibold`,
  BOOKED: `${SLOT_FILL.BOOKED} text-danger-900 font-semibold`,
};

export function cellLabel(start: Date, state: CellState): string {
  const when = `${formatStockholmDay(start)} ${formatStockholmTime(start)}`;
  return `${when}, ${KIND_TEXT[state.kind].label}${state.past ? ', passerad' : ''}`;
}

/**
 * Days of the manage calendar as an ARIA grid: a row per hour (07-20), a
 * column per day (seven from today on a wide screen, the one chosen day on a
 * phone). Arrow keys move between the cells (Home/End to the row's ends),
 * Space or Enter toggles; one cell is in the tab order at a time. Every hour
 * is computed in Stockholm time.
 */
export function WeekGrid({
  days,
  label,
  stateOf,
  onToggle,
}: {
  /** 00:00 Stockholm of the days shown, in order. */
  days: readonly Date[];
  label: string;
  stateOf: (start: Date) => CellState;
  onToggle: (start: Date) => void;
}) {
  const hours = MANAGE_CALENDAR_HOURS;
  const [wanted, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
  // Fewer days than before (the phone's one day): the tab stop stays on a shown cell.
  const active = { row: wanted.row, col: Math.min(wanted.col, days.length - 1) };
  const cells = useRef(new Map<string, HTMLTableCellElement>());

  function focusCell(row: number, col: number) {
    const r = Math.max(0, Math.min(hours.length - 1, row));
    const c = Math.max(0, Math.min(days.length - 1, col));
    setActive({ row: r, col: c });
    cells.current.get(`${r}:${c}`)?.focus();
  }

  function toggle(start: Date, state: CellState) {
    if (state.past || state.kind === 'PENDING' || state.kind === 'BOOKED') return;
    onToggle(start);
  }

  function onKeyDown(event: KeyboardEvent, row: number, col: number, start: Date, s: CellState) {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Home: [row, 0],
      End: [row, days.length - 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusCell(move[0], move[1]);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      toggle(start, s);
    }
  }

  return (
    <div className="overflow-x-auto rounded-md border border-stone-300">
      <table role="grid" aria-label={label} className="w-full border-collapse text-sm">
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 w-16 min-w-16 bg-stone-100 px-2 py-2 text-left font-medium text-stone-900"
            >
              {AVAILABILITY_TEXTS.time}
            </th>
            {days.map((day) => (
              <th
                key={day.getTime()}
                scope="col"
                className="min-w-16 bg-stone-100 px-1 py-2 text-center font-medium text-stone-900"
              >
                <span className="block">
                  {atLineStart(SWEDISH_WEEKDAYS[stockholmParts(day).weekday - 1]!)}
                </span>
                <span className="block font-normal text-stone-700">
                  {formatStockholmDayMonth(day)}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hours.map((hour, row) => (
            <tr key={hour}>
              <th
                scope="row"
                className="sticky left-0 z-10 border-t border-stone-200 bg-stone-50 px-2 py-1 text-left font-medium text-stone-900 tabular-nums"
              >
                {`${String(hour).padStart(2, '0')}:00`}
              </th>
              {days.map((day, col) => {
                const start = slotStartOn(day, hour);
                const state = stateOf(start);
                const locked = state.past || state.kind === 'PENDING' || state.kind === 'BOOKED';
                const isActive = active.row === row && active.col === col;
                return (
                  <td
                    key={day.getTime()}
                    ref={(el) => {
                      if (el) cells.current.set(`${row}:${col}`, el);
                      else cells.current.delete(`${row}:${col}`);
                    }}
                    role="gridcell"
                    tabIndex={isActive ? 0 : -1}
                    aria-label={cellLabel(start, state)}
                    aria-selected={state.kind === 'chosen'}
                    aria-disabled={locked || undefined}
                    data-start={start.toISOString()}
                    data-kind={state.kind}
                    onClick={() => {
                      setActive({ row, col });
                      toggle(start, state);
                    }}
                    onFocus={() => {
                      if (!isActive) setActive({ row, col });
                    }}
                    onKeyDown={(e) => onKeyDown(e, row, col, start, state)}
                    className={`h-11 border-t border-l border-stone-200 px-1 text-center select-none focus-visible:outline-offset-[-3px] ${
                      state.past
                        ? 'slot-pattern-past cursor-not-allowed bg-stone-100 text-stone-700'
                        : `${KIND_CLASS[state.kind]} ${locked ? 'cursor-not-allowed' : 'cursor-pointer'}`
                    }`}
                  >
                    <span aria-hidden="true">
                      {state.past && state.kind === 'empty' ? '–' : KIND_TEXT[state.kind].visible}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

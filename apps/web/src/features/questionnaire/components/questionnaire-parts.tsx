import { useRef } from 'react';
import { QUESTIONNAIRE_TEXTS } from '../texts';

/** The questionnaire's progress: position / steps, for eyes and for screen readers. */
export function ProgressBar({
  value,
  position,
  total,
}: {
  value: number;
  position: number;
  total: number;
}) {
  const percent = Math.round(value * 100);
  const text = QUESTIONNAIRE_TEXTS.step(position, total);
  return (
    <div className="mt-4">
      <p className="text-sm text-stone-700" aria-hidden="true">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={QUESTIONNAIRE_TEXTS.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
}

/**
 * Options as native radios or checkboxes, styled as cards. `onPick` says
 * whether a single choice may advance by itself: a click or Space does (also
 * on the option already chosen); moving through radios with the arrow keys
 * only selects, so a keyboard user is never carried past a question while
 * looking at the options.
 */
export function ChoiceList({
  kind,
  name,
  labelledBy,
  describedBy,
  options,
  selected,
  onPick,
}: {
  kind: 'radio' | 'checkbox';
  name: string;
  labelledBy: string;
  describedBy?: string | undefined;
  options: readonly ChoiceOption[];
  selected: readonly string[];
  onPick: (value: string, how: { advance: boolean }) => void;
}) {
  const byArrow = useRef(false);
  return (
    <div
      role={kind === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="mt-5 grid gap-3 sm:grid-cols-2"
      onKeyDown={(e) => {
        byArrow.current = e.key.startsWith('Arrow');
      }}
      onPointerDown={() => {
        byArrow.current = false;
      }}
    >
      {options.map((option) => {
        const checked = selected.includes(option.value);
        const id = `${name}-${option.value}`;
        return (
          <label
            key={option.value}
            htmlFor={id}
            className={`flex cursor-pointer items-center gap-3 rounded-md border p-4 text-stone-900 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
              checked
                ? 'border-brand-700 bg-brand-50'
                : 'border-stone-300 bg-white hover:border-stone-500'
            }`}
          >
            <input
              id={id}
              type={kind}
              name={name}
              value={option.value}
              checked={checked}
              className="h-5 w-5 shrink-0 accent-brand-700"
              onChange={() => onPick(option.value, { advance: !byArrow.current })}
              onClick={(event) => {
                // A mouse click on the radio that is already chosen: move on, too.
                if (kind === 'radio' && checked && event.detail > 0) {
                  onPick(option.value, { advance: true });
                }
              }}
              onKeyDown={(event) => {
                // Space on the chosen radio (browsers do nothing for it): move on.
                if (kind === 'radio' && checked && event.key === ' ') {
                  event.preventDefault();
                  onPick(option.value, { advance: true });
                }
              }}
            />
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}

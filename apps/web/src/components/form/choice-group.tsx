import { useId } from 'react';

/**
 * A group of checkboxes (several answers) or radio buttons (one answer) in a
 * fieldset whose legend names it; the error is tied to the group.
 */
export function ChoiceGroup<V extends string>({
  legend,
  type,
  name,
  options,
  value,
  onChange,
  onBlur,
  error,
  hint,
}: {
  legend: string;
  type: 'checkbox' | 'radio';
  name: string;
  options: readonly { value: V; label: string }[];
  /** The chosen values (checkbox) or the one chosen value (radio). */
  value: readonly V[] | V | undefined;
  onChange: (value: V[] | V) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const chosen: readonly V[] = Array.isArray(value) ? value : value ? [value as V] : [];
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <fieldset
      aria-describedby={describedBy || undefined}
      aria-invalid={error && type === 'radio' ? true : undefined}
    >
      <legend className="font-medium text-stone-900">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-700">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => {
          const checked = chosen.includes(option.value);
          return (
            <label key={option.value} className="inline-flex min-h-11 items-center gap-2">
              <input
                type={type}
                name={name}
                value={option.value}
                checked={checked}
                onBlur={onBlur}
                onChange={() => {
                  if (type === 'radio') onChange(option.value);
                  else
                    onChange(
                      checked
                        ? chosen.filter((v) => v !== option.value)
                        : [...chosen, option.value],
                    );
                }}
                className="h-5 w-5 accent-brand-700"
              />
              <span className="text-stone-900">{option.label}</span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

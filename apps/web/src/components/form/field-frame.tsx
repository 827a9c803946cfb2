import { useId, type ReactNode } from 'react';

/** What a labelled control needs from its frame: its id, description and look. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** Ids of further text about this control (a form-level error), read after its own. */
  describedBy?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The one frame of every labelled field (TextField, TextArea): the label, the
 * hint and the error tied to the control (aria-describedby), and the control
 * marked invalid while it has an error.
 */
export function FieldFrame({
  label,
  error,
  hint,
  className = '',
  describedBy: moreDescribedBy,
  children,
}: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, moreDescribedBy || null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-stone-900">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-stone-900 shadow-sm ${
          error ? 'border-danger-700' : 'border-stone-500'
        }`,
      })}
      {hint ? (
        <div id={hintId} className="mt-1 text-sm text-stone-700">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldFrame } from './field-frame';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/**
 * A labelled input with its hint and error tied to it (aria-describedby,
 * plus any ids passed in it), marked invalid while it has an error.
 */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, hint, className, 'aria-describedby': describedBy, ...input },
  ref,
) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      className={className}
      describedBy={describedBy}
    >
      {(control) => <input ref={ref} {...control} {...input} />}
    </FieldFrame>
  );
});

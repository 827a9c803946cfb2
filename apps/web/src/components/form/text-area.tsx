import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled multi-line field; hint and error tied to it like TextField. */
export const TextArea = forwardRef<HTMLTextAreaElement, Props>(function TextArea(
  { label, error, hint, className, rows = 8, ...input },
  ref,
) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea ref={ref} rows={rows} {...control} {...input} />}
    </FieldFrame>
  );
});

import { forwardRef, type ComponentProps } from 'react';
import { TextField } from './text-field';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & { label?: string };

/** An e-mail address field: the right keyboard on phones and autofill. */
export const EmailField = forwardRef<HTMLInputElement, Props>(function EmailField(
  { label = 'E-postadress', ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      {...props}
    />
  );
});

import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { AUTH_TEXTS } from '../texts';

/**
 * A new password with the password rule as a hint and the live strength meter,
 * then its confirmation (register and reset password).
 */
export function NewPasswordFields({
  password,
  passwordField,
  confirmField,
  passwordError,
  confirmError,
  passwordLabel = AUTH_TEXTS.password,
  confirmLabel = AUTH_TEXTS.confirmPassword,
}: {
  /** The password as typed so far, for the meter. */
  password: string;
  passwordField: UseFormRegisterReturn;
  confirmField: UseFormRegisterReturn;
  passwordError?: string | undefined;
  confirmError?: string | undefined;
  passwordLabel?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        error={passwordError}
        hint={
          <>
            {AUTH_TEXTS.passwordRule}
            <PasswordStrengthMeter password={password} />
          </>
        }
        {...passwordField}
      />
      <TextField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        error={confirmError}
        {...confirmField}
      />
    </>
  );
}

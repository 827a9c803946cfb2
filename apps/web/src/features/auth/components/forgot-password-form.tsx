import { MSG } from '@samtalsmatch/contracts';
import { useForgotPassword } from '../api/forgot-password';
import { EmailRequestForm } from './email-request-form';
import { AUTH_TEXTS } from '../texts';

/** One e-mail field; the result is always the neutral message (docs/rules/accounts.md#forgot-and-reset-password). */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  return (
    <EmailRequestForm
      mutation={forgot}
      formLabel={AUTH_TEXTS.forgotPassword}
      submitLabel={AUTH_TEXTS.sendResetLink}
      neutralMessage={() => MSG.forgotPasswordNeutral}
    />
  );
}

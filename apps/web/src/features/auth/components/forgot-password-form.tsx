import { MSG } from '@samtalsmatch/contracts';
import { useForgotPassword } from '../api/forgot-password';
import { EmailRequestForm } from './email-request-form';

/** One e-mail field; the result is always the neutral message (docs/rules/accounts.md#forgot-and-reset-password). */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  return (
    <EmailRequestForm
      mutation={forgot}
      formLabel="Glömt lösenord"
      submitLabel="Skicka återställningslänk"
      neutralMessage={() => MSG.forgotPasswordNeutral}
    />
  );
}

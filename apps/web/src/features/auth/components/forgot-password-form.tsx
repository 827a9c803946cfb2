import { MSG } from '@samtalsmatch/contracts';
import { useForgotPassword } from '../api/forgot-password';
import { EmailRequestForm } from './email-request-form';
import { ACCOUNT_TEXTS } from '../account-texts';

/** One e-mail field; the result is always the neutral message (docs/rules/accounts.md#forgot-and-reset-password). */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  return (
    <EmailRequestForm
      mutation={forgot}
      formLabel={ACCOUNT_TEXTS.forgotPassword}
      submitLabel={ACCOUNT_TEXTS.sendResetLink}
      neutralMessage={() => MSG.forgotPasswordNeutral}
    />
  );
}

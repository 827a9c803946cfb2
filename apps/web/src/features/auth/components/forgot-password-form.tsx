import { MSG } from '@samtalsmatch/contracts';
import { useForgotPassword } from '../api/forgot-password';
import { EmailRequestForm } from './email-request-form';

/** SPEC §2/§8: one e-mail field; the result is always the neutral message. */
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

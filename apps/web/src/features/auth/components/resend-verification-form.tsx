import { useResendVerification } from '../api/resend-verification';
import { EmailRequestForm } from './email-request-form';
import { ACCOUNT_TEXTS } from '../account-texts';

/** Asks for a new verification mail (POST /auth/resend-verification {email}); the answer is neutral. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  return (
    <EmailRequestForm
      mutation={resend}
      formLabel={ACCOUNT_TEXTS.resendFormLabel}
      submitLabel={ACCOUNT_TEXTS.resendSubmit}
      neutralMessage={(serverMessage) => serverMessage ?? ACCOUNT_TEXTS.resendNeutral}
      defaultEmail={defaultEmail}
      submitVariant="secondary"
      className="space-y-4"
    />
  );
}

import { useResendVerification } from '../api/resend-verification';
import { EmailRequestForm } from './email-request-form';
import { AUTH_TEXTS } from '../texts';

/** Asks for a new verification mail (POST /auth/resend-verification {email}); the answer is neutral. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  return (
    <EmailRequestForm
      mutation={resend}
      formLabel={AUTH_TEXTS.resendFormLabel}
      submitLabel={AUTH_TEXTS.resendSubmit}
      neutralMessage={(serverMessage) => serverMessage ?? AUTH_TEXTS.resendNeutral}
      defaultEmail={defaultEmail}
      submitVariant="secondary"
      className="space-y-4"
    />
  );
}

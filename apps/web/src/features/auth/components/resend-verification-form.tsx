import { useResendVerification } from '../api/resend-verification';
import { EmailRequestForm } from './email-request-form';

const NEUTRAL =
  'Om kontot finns och e-postadressen inte redan är bekräftad har vi skickat ett nytt bekräftelsemejl.';

/** Asks for a new verification mail (POST /auth/resend-verification {email}); the answer is neutral. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  return (
    <EmailRequestForm
      mutation={resend}
      formLabel="Skicka ett nytt verifieringsmejl"
      submitLabel="Skicka nytt verifieringsmejl"
      neutralMessage={(serverMessage) => serverMessage ?? NEUTRAL}
      defaultEmail={defaultEmail}
      submitVariant="secondary"
      className="space-y-4"
    />
  );
}

import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CLIENT_AUTH_PATH } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser } from '../api/current-user';
import { useVerifyEmail } from '../api/verify-email';
import { ResendVerificationForm } from './resend-verification-form';
import { ACCOUNT_TEXTS } from '../account-texts';

/** The failure text: the server's message, or the generic one (429 has its own). */
function verificationFailure(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return errorMessage(error);
    if (error.fromServer && error.message) return error.message;
  }
  return MSG.verifyEmailFailed;
}

function Resend() {
  const { data: user } = useCurrentUser();
  return (
    <section
      aria-labelledby="resend-title"
      className="rounded-lg border border-stone-200 bg-white p-6"
    >
      <h2 id="resend-title" className="type-subheading text-stone-900">
        {ACCOUNT_TEXTS.needNewLink}
      </h2>
      <p className="mt-1 mb-4 text-stone-700">{ACCOUNT_TEXTS.newLinkText}</p>
      <ResendVerificationForm defaultEmail={user?.email ?? ''} />
    </section>
  );
}

/** /verify-email/{token}: verifies the address and ends in success or failure (docs/rules/accounts.md#e-mail-verification). */
export function VerifyEmailStatus({ token }: { token: string | undefined }) {
  const verification = useVerifyEmail(token);
  const { data: user } = useCurrentUser();

  if (!token) {
    return (
      <div className="space-y-6">
        <Alert tone="error">{MSG.verifyEmailNoToken}</Alert>
        <Resend />
      </div>
    );
  }
  if (verification.isPending) return <Spinner label={ACCOUNT_TEXTS.verifying} className="py-12" />;
  if (verification.isError) {
    return (
      <div className="space-y-6">
        <Alert tone="error" title={ACCOUNT_TEXTS.verifyFailedTitle}>
          {verificationFailure(verification.error)}
        </Alert>
        <Resend />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <Alert tone="success" title={ACCOUNT_TEXTS.verifiedTitle}>
        {verification.data?.message ?? ACCOUNT_TEXTS.verified}
      </Alert>
      {user ? (
        <ButtonLink to={ROUTES.dashboard}>{ACCOUNT_TEXTS.toMyPages}</ButtonLink>
      ) : (
        <ButtonLink to={CLIENT_AUTH_PATH}>{ACCOUNT_TEXTS.login}</ButtonLink>
      )}
    </div>
  );
}

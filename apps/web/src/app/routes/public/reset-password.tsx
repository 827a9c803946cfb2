import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { BackButton } from '@/components/ui/back-button';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CLIENT_AUTH_PATH } from '@/config/paths';
import { useResetPasswordCheck } from '@/features/auth/api/reset-password-check';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHandedToken } from './token-handoff';
import { APP_TEXTS } from '@/app/texts';

/**
 * /reset-password (docs/rules/accounts.md#forgot-and-reset-password): the link is checked first (nothing is used up);
 * only a usable link gets the form. A forged, expired or used one gets the
 * failure text and a way to ask for a new link instead.
 */
export function ResetPasswordPage() {
  // The mailed link's token, moved out of the address bar by TokenHandoff.
  const token = useHandedToken();
  const check = useResetPasswordCheck(token);
  useDocumentTitle(APP_TEXTS.resetPassword.title);
  const linkRefused =
    !token || (check.error instanceof ApiRequestError && check.error.status === 400);
  return (
    <div className="mx-auto max-w-md">
      <BackButton to={CLIENT_AUTH_PATH} />
      <div className="mt-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="type-title text-stone-900">{APP_TEXTS.resetPassword.title}</h1>
        {linkRefused ? (
          <div className="mt-6 space-y-4">
            <Alert tone="error">{MSG.resetFailed}</Alert>
            <ButtonLink to={ROUTES.forgotPassword} variant="secondary">
              {APP_TEXTS.resetPassword.requestNewLink}
            </ButtonLink>
          </div>
        ) : check.isPending ? (
          <Spinner label={APP_TEXTS.resetPassword.checking} className="mt-6" />
        ) : check.isError ? (
          <Alert tone="error" className="mt-6">
            {errorMessage(check.error)}
          </Alert>
        ) : (
          <>
            <p className="mt-2 mb-6 text-stone-700">{APP_TEXTS.resetPassword.intro}</p>
            <ResetPasswordForm token={token} />
          </>
        )}
      </div>
    </div>
  );
}

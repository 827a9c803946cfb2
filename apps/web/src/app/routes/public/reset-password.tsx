import { Alert } from '@/components/ui/alert';
import { BackButton } from '@/components/ui/back-button';
import { ButtonLink } from '@/components/ui/button';
import { CLIENT_AUTH_PATH, paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHandedToken } from './token-handoff';
import { MSG } from '@samtalsmatch/contracts';

export function ResetPasswordPage() {
  // The mailed link's token, moved out of the address bar by TokenHandoff.
  const token = useHandedToken();
  useDocumentTitle('Välj nytt lösenord');
  return (
    <div className="mx-auto max-w-md">
      <BackButton to={CLIENT_AUTH_PATH} />
      <div className="mt-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-stone-900">Välj nytt lösenord</h1>
        {token ? (
          <>
            <p className="mt-2 mb-6 text-stone-700">
              Välj ett nytt lösenord för ditt konto. När det är sparat loggas du ut på alla enheter.
            </p>
            <ResetPasswordForm token={token} />
          </>
        ) : (
          <div className="mt-6 space-y-4">
            <Alert tone="error">{MSG.resetFailed}</Alert>
            <ButtonLink to={paths.forgotPassword} variant="secondary">
              Begär en ny länk
            </ButtonLink>
          </div>
        )}
      </div>
    </div>
  );
}

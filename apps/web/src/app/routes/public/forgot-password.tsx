import { BackButton } from '@/components/ui/back-button';
import { CLIENT_AUTH_PATH } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function ForgotPasswordPage() {
  useDocumentTitle('Glömt lösenord');
  return (
    <div className="mx-auto max-w-md">
      <BackButton to={CLIENT_AUTH_PATH} />
      <div className="mt-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="type-title text-stone-900">Glömt lösenord</h1>
        <p className="mt-2 mb-6 text-stone-700">
          Ange e-postadressen du registrerade dig med, så skickar vi en länk där du kan välja ett
          nytt lösenord.
        </p>
        <ForgotPasswordForm />
      </div>
    </div>
  );
}

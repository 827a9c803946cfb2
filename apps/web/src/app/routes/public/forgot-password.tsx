import { BackButton } from '@/components/ui/back-button';
import { CLIENT_AUTH_PATH } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

export function ForgotPasswordPage() {
  useDocumentTitle(APP_TEXTS.forgotPassword.title);
  return (
    <div className="mx-auto max-w-md">
      <BackButton to={CLIENT_AUTH_PATH} />
      <div className="mt-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="type-title text-stone-900">{APP_TEXTS.forgotPassword.title}</h1>
        <p className="mt-2 mb-6 text-stone-700">{APP_TEXTS.forgotPassword.intro}</p>
        <ForgotPasswordForm />
      </div>
    </div>
  );
}

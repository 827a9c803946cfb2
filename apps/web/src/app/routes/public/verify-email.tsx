import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHandedToken } from './token-handoff';
import { APP_TEXTS } from '@/app/texts';

export function VerifyEmailPage() {
  // The mailed link's token, moved out of the address bar by TokenHandoff.
  const token = useHandedToken();
  useDocumentTitle(APP_TEXTS.verifyEmail.title);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-6 type-title text-stone-900">{APP_TEXTS.verifyEmail.title}</h1>
      <VerifyEmailStatus token={token} />
    </div>
  );
}

import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHandedToken } from './token-handoff';

export function VerifyEmailPage() {
  // The mailed link's token, moved out of the address bar by TokenHandoff.
  const token = useHandedToken();
  useDocumentTitle('Bekräfta e-postadress');
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-6 type-title text-stone-900">Bekräfta e-postadress</h1>
      <VerifyEmailStatus token={token} />
    </div>
  );
}

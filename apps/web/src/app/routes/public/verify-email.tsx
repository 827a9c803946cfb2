import { useParams } from 'react-router';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { useDocumentTitle } from '@/lib/use-document-title';

export function VerifyEmailPage() {
  const { token } = useParams();
  useDocumentTitle('Bekräfta e-postadress');
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-6 text-2xl font-semibold text-stone-900">Bekräfta e-postadress</h1>
      <VerifyEmailStatus token={token} />
    </div>
  );
}

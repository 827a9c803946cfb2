import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { BackButton } from '@/components/ui/back-button';
import { Spinner } from '@/components/ui/spinner';
import { useAdminProvider } from '@/features/admin/api/admin-provider';
import { ProviderDetail } from '@/features/admin/components/provider-detail';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ADMIN_TEXTS } from '@/features/admin/texts';

/** /admin/{providerId} (ADMIN only); 'Vårdgivare hittades inte' for an unknown id (docs/rules/admin.md#therapist-detail). */
export function AdminProviderDetailPage() {
  const { providerId = '' } = useParams();
  const { data, isPending, isError, error } = useAdminProvider(providerId);
  const notFound = isError && error instanceof ApiRequestError && error.status === 404;
  useDocumentTitle(data?.name ?? (notFound ? MSG.providerNotFound : ADMIN_TEXTS.listTitle));

  return (
    <div className="mx-auto max-w-4xl">
      <BackButton to={ROUTES.admin} />
      <div className="mt-4">
        {isPending ? (
          <Spinner label={ADMIN_TEXTS.loadingDetail} className="py-12" />
        ) : notFound ? (
          <div>
            <h1 className="type-title text-stone-900">{MSG.providerNotFound}</h1>
          </div>
        ) : isError ? (
          <Alert tone="error">{errorMessage(error)}</Alert>
        ) : (
          <ProviderDetail detail={data} />
        )}
      </div>
    </div>
  );
}

import { ProvidersTable } from '@/features/admin/components/providers-table';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ADMIN_TEXTS } from '@/features/admin/texts';

/** /admin (ADMIN only; docs/rules/admin.md#therapist-list). */
export function AdminProvidersPage() {
  useDocumentTitle(ADMIN_TEXTS.listTitle);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="type-title text-stone-900">{ADMIN_TEXTS.listTitle}</h1>
      <p className="mt-2 mb-6 text-stone-700">{ADMIN_TEXTS.listDescription}</p>
      <ProvidersTable />
    </div>
  );
}

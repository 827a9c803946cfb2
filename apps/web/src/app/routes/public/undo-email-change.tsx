import { UndoEmailChangeStatus } from '@/features/auth/components/undo-email-change-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHandedToken } from './token-handoff';

/** /undo-email-change (docs/rules/accounts.md#e-mail-change): the link mailed to the old address. */
export function UndoEmailChangePage() {
  // The mailed link's token, moved out of the address bar by TokenHandoff.
  const token = useHandedToken();
  useDocumentTitle('Ångra bytet av e-postadress');
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-6 type-title text-stone-900">Ångra bytet av e-postadress</h1>
      <UndoEmailChangeStatus token={token} />
    </div>
  );
}

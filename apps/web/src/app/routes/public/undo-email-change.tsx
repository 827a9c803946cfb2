import { UndoEmailChangeStatus } from '@/features/auth/components/undo-email-change-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHandedToken } from './token-handoff';
import { APP_TEXTS } from '@/app/texts';

/** /undo-email-change (docs/rules/accounts.md#e-mail-change): the link mailed to the old address. */
export function UndoEmailChangePage() {
  // The mailed link's token, moved out of the address bar by TokenHandoff.
  const token = useHandedToken();
  useDocumentTitle(APP_TEXTS.undoEmailChange.title);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-6 type-title text-stone-900">{APP_TEXTS.undoEmailChange.title}</h1>
      <UndoEmailChangeStatus token={token} />
    </div>
  );
}

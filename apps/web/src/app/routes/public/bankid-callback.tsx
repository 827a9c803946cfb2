import { BankIdCallbackStatus } from '@/features/auth/components/bankid-callback-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

export function BankIdCallbackPage() {
  useDocumentTitle(APP_TEXTS.auth.bankIdCallback);
  return <BankIdCallbackStatus />;
}

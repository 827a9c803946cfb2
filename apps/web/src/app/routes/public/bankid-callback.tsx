import { BankIdCallbackStatus } from '@/features/auth/components/bankid-callback-status';
import { useDocumentTitle } from '@/lib/use-document-title';

export function BankIdCallbackPage() {
  useDocumentTitle('Loggar in');
  return <BankIdCallbackStatus />;
}

import { useSearchParams } from 'react-router';
import { AuthChoice } from '@/features/auth/components/auth-choice';
import { ClientAuthPanel } from '@/features/auth/components/client-auth-panel';
import { useDocumentTitle } from '@/lib/use-document-title';

const FORM_PARAM = 'form';
const CLIENT_FORM = 'klient';

/** /auth: first the two choice cards, then the client's login/register form (docs/rules/accounts.md#public-pages). */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const showClientForm = params.get(FORM_PARAM) === CLIENT_FORM;
  useDocumentTitle(showClientForm ? 'Logga in eller skapa konto' : 'Logga in');

  if (showClientForm) {
    return <ClientAuthPanel onBack={() => setParams({})} />;
  }
  return <AuthChoice onClient={() => setParams({ [FORM_PARAM]: CLIENT_FORM })} />;
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthChoice } from '@/features/auth/components/auth-choice';
import { ClientAuthPanel } from '@/features/auth/components/client-auth-panel';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

const FORM_PARAM = 'form';
const CLIENT_FORM = 'klient';

/**
 * /auth: first the two choice cards, then the client's login/register form (docs/rules/accounts.md#public-pages).
 * The swap is a search parameter, not a new route, so no route focus follows it: the
 * page moves focus itself, to the form's heading when the card is chosen and back to
 * the card on 'Gå tillbaka' (docs/rules/accounts.md#focus-on-the-sign-in-page).
 */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const showClientForm = params.get(FORM_PARAM) === CLIENT_FORM;
  // Only after the user's own choice: a page opened on either view keeps the route's focus.
  const [focusAfterSwap, setFocusAfterSwap] = useState<'form' | 'card' | null>(null);
  useDocumentTitle(showClientForm ? APP_TEXTS.auth.loginOrRegister : APP_TEXTS.auth.login);

  if (showClientForm) {
    return (
      <ClientAuthPanel
        focusHeadingOnMount={focusAfterSwap === 'form'}
        onBack={() => {
          setFocusAfterSwap('card');
          setParams({});
        }}
      />
    );
  }
  return (
    <AuthChoice
      focusClientCardOnMount={focusAfterSwap === 'card'}
      onClient={() => {
        setFocusAfterSwap('form');
        setParams({ [FORM_PARAM]: CLIENT_FORM });
      }}
    />
  );
}

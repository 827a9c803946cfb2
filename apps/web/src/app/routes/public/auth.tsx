import { lazy, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthChoice } from '@/features/auth/components/auth-choice';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

/*
 * The client's forms (and the form and schema libraries under them) load only for
 * the form view: the choice cards show without them, which keeps /auth's first
 * paint as light as the landing page's. Opened on the form view, the page waits
 * for them in RootLayout's Suspense boundary, as for its own code; from the cards,
 * they load once the cards are shown, before the user has chosen.
 */
const loadClientAuthPanel = () => import('@/features/auth/components/client-auth-panel');
const ClientAuthPanel = lazy(async () => ({
  default: (await loadClientAuthPanel()).ClientAuthPanel,
}));

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
  useEffect(() => {
    if (showClientForm) return;
    // Safari has no requestIdleCallback: a moment after the cards show serves as well.
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => void loadClientAuthPanel(), 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => void loadClientAuthPanel(), { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [showClientForm]);

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

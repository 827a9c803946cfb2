import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { useBankIdLogin } from '../api/bankid-initiate';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { AUTH_TEXTS } from '../texts';

// The thank-you dialog (and the dialog library under it) loads once a registration
// has gone through, not with the page: the register page stays light on a phone (decision 301).
const RegistrationThanksDialog = lazy(async () => ({
  default: (await import('./registration-thanks-dialog')).RegistrationThanksDialog,
}));

export type AuthMode = 'login' | 'register';

/**
 * The client's form (docs/rules/accounts.md#registration-and-login): toggles between login and register, with a
 * back button. After a registration it switches to login and thanks the
 * user in a dialog.
 */
export function ClientAuthPanel({
  onBack,
  initialMode = 'login',
  focusHeadingOnMount = false,
}: {
  onBack: () => void;
  initialMode?: AuthMode;
  /** Focus the heading when the panel appears (the user chose it on the cards). */
  focusHeadingOnMount?: boolean;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [thanksOpen, setThanksOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Clients may also sign in with BankID; a first sign-in creates a client (docs/rules/accounts.md#sign-in).
  const bankId = useBankIdLogin('client');
  const bankIdStarting = bankId.isPending || bankId.isSuccess;

  // After a switch the user asked for, focus the new heading (tells screen-reader users
  // where they are now). In an effect, right after the commit: a later frame could take
  // focus from a field the user has already started typing in.
  const focusHeading = useRef(focusHeadingOnMount);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [mode]);

  const switchTo = (next: AuthMode) => {
    focusHeading.current = true;
    setMode(next);
  };

  return (
    <div className="mx-auto max-w-md">
      <BackButton onClick={onBack} />
      <div className="mt-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 ref={headingRef} tabIndex={-1} className="type-title text-stone-900 outline-none">
          {mode === 'login' ? AUTH_TEXTS.login : AUTH_TEXTS.register}
        </h1>
        <p className="mt-2 text-stone-700">
          {mode === 'login' ? AUTH_TEXTS.loginIntro : AUTH_TEXTS.registerIntro}
        </p>
        <div className="mt-6">
          {mode === 'login' ? (
            <LoginForm key={registeredEmail ?? 'login'} defaultEmail={registeredEmail ?? ''} />
          ) : (
            <RegisterForm
              onRegistered={(email) => {
                setRegisteredEmail(email);
                setMode('login');
                setThanksOpen(true);
              }}
            />
          )}
        </div>
        {mode === 'login' && (
          <div className="mt-6">
            <p className="mb-3 text-center text-sm text-stone-700">{AUTH_TEXTS.or}</p>
            <Button
              variant="secondary"
              className="w-full"
              disabled={bankIdStarting}
              aria-busy={bankIdStarting || undefined}
              onClick={() => bankId.mutate()}
            >
              {bankIdStarting ? AUTH_TEXTS.bankIdStarting : AUTH_TEXTS.loginWithBankId}
            </Button>
          </div>
        )}
        <p className="mt-6 border-t border-stone-200 pt-4 text-center text-stone-700">
          {mode === 'login' ? AUTH_TEXTS.noAccount : AUTH_TEXTS.haveAccount}{' '}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => switchTo(mode === 'login' ? 'register' : 'login')}
          >
            {mode === 'login' ? AUTH_TEXTS.register : AUTH_TEXTS.login}
          </Button>
        </p>
      </div>
      {registeredEmail !== null ? (
        <Suspense fallback={null}>
          <RegistrationThanksDialog
            email={registeredEmail}
            open={thanksOpen}
            onOpenChange={setThanksOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              headingRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

import { useCurrentUser } from '@/features/auth/api/current-user';
import { ChangeEmailForm } from '@/features/auth/components/change-email-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /account/email (docs/rules/accounts.md#e-mail-change, decision 196): a new address, with proof of the owner. */
export function AccountEmailPage() {
  useDocumentTitle('Byt e-postadress');
  const { data: user } = useCurrentUser();
  // The route guard shows this page only to a signed-in user.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-2 type-title text-stone-900">Byt e-postadress</h1>
      <p className="mb-6 text-stone-700">
        {user.email ? (
          <>
            Din nuvarande adress är <strong className="break-all">{user.email}</strong>.{' '}
          </>
        ) : null}
        Vi skickar en länk till den nya adressen. Adressen byts när du har öppnat länken, och vi
        meddelar din nuvarande adress.
      </p>
      <ChangeEmailForm user={user} />
    </div>
  );
}

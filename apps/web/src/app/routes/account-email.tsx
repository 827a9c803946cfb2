import { useCurrentUser } from '@/features/auth/api/current-user';
import { ChangeEmailForm } from '@/features/auth/components/change-email-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

/** /account/email (docs/rules/accounts.md#e-mail-change, decision 196): a new address, with proof of the owner. */
export function AccountEmailPage() {
  useDocumentTitle(APP_TEXTS.accountEmail.title);
  const { data: user } = useCurrentUser();
  // The route guard shows this page only to a signed-in user.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-md">
      <h1 className="mb-2 type-title text-stone-900">{APP_TEXTS.accountEmail.title}</h1>
      <p className="mb-6 text-stone-700">
        {user.email ? (
          <>
            {APP_TEXTS.accountEmail.current} <strong className="break-all">{user.email}</strong>
            .{' '}
          </>
        ) : null}
        {APP_TEXTS.accountEmail.text}
      </p>
      <ChangeEmailForm user={user} />
    </div>
  );
}

import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard for providers (SPEC §2): the links 'Redigera profil' and 'Tillgänglighet'. */
export function ProviderDashboardPage() {
  useDocumentTitle('Översikt');
  const { data: user } = useCurrentUser();
  return (
    <section aria-labelledby="provider-dashboard-title">
      <h1 id="provider-dashboard-title" className="text-2xl font-semibold text-stone-900">
        {user ? `Välkommen, ${user.name}` : 'Välkommen'}
      </h1>
      <nav aria-label="Din profil" className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={ROUTES.profile} variant="secondary">
          {MSG.editProfile}
        </ButtonLink>
        <ButtonLink to={ROUTES.availability} variant="secondary">
          {MSG.availability}
        </ButtonLink>
      </nav>
    </section>
  );
}

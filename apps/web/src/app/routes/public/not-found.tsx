import { ROUTES } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRobotsNoindex } from '@/lib/use-robots-noindex';

/**
 * The unknown-route page, with a button back to / (docs/rules/accounts.md#route-table). Not to be
 * indexed; the server answers such paths with HTTP 404 too (isKnownRoute).
 */
export function NotFoundPage() {
  useDocumentTitle('Sidan hittades inte');
  useRobotsNoindex();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 type-title">Sidan hittades inte</h1>
      <p className="mt-2 text-stone-700">Sidan du letar efter finns inte eller har flyttats.</p>
      <ButtonLink to={ROUTES.home} size="lg" className="mt-8">
        Till startsidan
      </ButtonLink>
    </section>
  );
}

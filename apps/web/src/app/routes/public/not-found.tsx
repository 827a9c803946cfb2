import { ROUTES } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRobotsNoindex } from '@/lib/use-robots-noindex';
import { APP_TEXTS } from '@/app/texts';

/**
 * The unknown-route page, with a button back to / (docs/rules/accounts.md#route-table). Not to be
 * indexed; the server answers such paths with HTTP 404 too (isKnownRoute).
 */
export function NotFoundPage() {
  useDocumentTitle(APP_TEXTS.notFound.title);
  useRobotsNoindex();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 type-title">{APP_TEXTS.notFound.title}</h1>
      <p className="mt-2 text-stone-700">{APP_TEXTS.notFound.text}</p>
      <ButtonLink to={ROUTES.home} size="lg" className="mt-8">
        {APP_TEXTS.notFound.home}
      </ButtonLink>
    </section>
  );
}

import { ROUTES } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { APP_TEXTS } from '@/app/texts';

/** A match the API does not know for this client: 404 (someone else's, or gone) or 400 (a malformed id). */
export function isMatchNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}

/** The not-found state of the client's match pages (/provider/{matchId} and its booking page). */
export function MatchNotFound() {
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <h1 className="type-title text-stone-900">{APP_TEXTS.matchNotFound.title}</h1>
      <p className="mt-2 text-stone-700">{APP_TEXTS.matchNotFound.text}</p>
      <ButtonLink to={ROUTES.dashboard} className="mt-6">
        {APP_TEXTS.matchNotFound.back}
      </ButtonLink>
    </section>
  );
}

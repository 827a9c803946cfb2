import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { queryKeys } from './query-keys';

/** The refusals that say the signed-in therapist may not act on bookings now. */
const NOT_VERIFIED_NOW = new Set(['PROVIDER_PAUSED', 'PROVIDER_NOT_VERIFIED']);

/**
 * Queries do not retry, mutations retry 0 times, suspense stale time ≥ 1 s (docs/rules/accounts.md#session).
 *
 * A 403 PROVIDER_PAUSED or PROVIDER_NOT_VERIFIED from any call means the
 * signed-in user the page holds is out of date (an admin paused the therapist
 * meanwhile): it is read again, and the pages that show a therapist's
 * clients give way to the paused or under-review page at once.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiRequestError && error.code && NOT_VERIFIED_NOW.has(error.code)) {
      void client.invalidateQueries({ queryKey: queryKeys.currentUser, exact: true });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, staleTime: 1000, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
  return client;
}

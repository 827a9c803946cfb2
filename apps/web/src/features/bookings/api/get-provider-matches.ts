import type { ProviderMatch } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /matches as the therapist gets it (contracts `providerMatchSchema`,
 * decision 210): each match with the client's name and answers and its
 * bookings, without the therapist's own profile. Under the matches key, so
 * what invalidates the matches (every booking change) refetches it too.
 */
export function getProviderMatches(): Promise<ProviderMatch[]> {
  return api.get<ProviderMatch[]>('/matches');
}

export const providerMatchesQuery = queryOptions({
  queryKey: [...queryKeys.matches, 'provider'] as const,
  queryFn: getProviderMatches,
});

/** SPEC §2: the list loads only when a (verified) therapist is signed in. */
export function useProviderMatches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...providerMatchesQuery, enabled });
}

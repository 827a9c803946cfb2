import type { ProviderMatchSummary } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /matches as the therapist gets it (contracts
 * `providerMatchSummarySchema`, decisions 210, 358 and 514): each match with the
 * client's name and its bookings; no answers (one match carries them, and
 * reading them is logged), nor the therapist's own profile. Under the matches key, so
 * what invalidates the matches (every booking change) refetches it too.
 */
export function getProviderMatches(): Promise<ProviderMatchSummary[]> {
  return api.get<ProviderMatchSummary[]>('/matches');
}

export const providerMatchesQuery = queryOptions({
  queryKey: [...queryKeys.matches, 'provider'] as const,
  queryFn: getProviderMatches,
});

/** The list loads only when a (verified) therapist is signed in. */
export function useProviderMatches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...providerMatchesQuery, enabled });
}

import type { ProviderMatch } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /matches/{matchId} as the therapist gets it (contracts
 * `providerMatchSchema`): the match with the client's answers, each with its
 * question as the client was asked it. The server writes this read to the
 * client's access log (decision 358), so it is made only where the answers
 * are shown, while they are shown.
 */
export function getProviderMatch(matchId: string): Promise<ProviderMatch> {
  return api.get<ProviderMatch>(`/matches/${encodeURIComponent(matchId)}`);
}

/**
 * Not under the matches key that every booking change invalidates: a
 * confirmation or a cancellation changes no answer, and each fetch is a
 * read of the client's data. Opening the dialog again reads afresh.
 */
export function providerMatchQuery(matchId: string) {
  return queryOptions({
    queryKey: ['provider-match', matchId] as const,
    queryFn: () => getProviderMatch(matchId),
  });
}

/** Reads the match only while `enabled` (the dialog that shows the answers is open). */
export function useProviderMatch(matchId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...providerMatchQuery(matchId), enabled });
}

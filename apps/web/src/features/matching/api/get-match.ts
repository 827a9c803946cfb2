import type { Match } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchesKey } from './get-matches';

/** GET /matches/{matchId}: one match of the caller (404 for anyone else's). */
export function getMatch(matchId: string): Promise<Match> {
  return api.get<Match>(`/matches/${encodeURIComponent(matchId)}`);
}

export function matchQuery(matchId: string) {
  return queryOptions({ queryKey: [...matchesKey, matchId], queryFn: () => getMatch(matchId) });
}

export function useMatch(matchId: string) {
  return useQuery(matchQuery(matchId));
}

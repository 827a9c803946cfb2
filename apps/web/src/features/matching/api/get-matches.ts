import type { Match } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const matchesKey = queryKeys.matches;

/** GET /matches: the caller's matches (client: therapist, profile, address, bookings, explanation). */
export function getMatches(): Promise<Match[]> {
  return api.get<Match[]>('/matches');
}

export const matchesQuery = queryOptions({ queryKey: matchesKey, queryFn: getMatches });

/** The list loads only when a user exists. */
export function useMatches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...matchesQuery, enabled });
}

import type { Match } from '@samtalsmatch/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchesKey } from './get-matches';

/** GET /matches/potential: recomputes the calling client's recommended therapists. */
export function getPotentialMatches(): Promise<Match[]> {
  return api.get<Match[]>('/matches/potential');
}

/**
 * After a client saves the answers, ask for potential matches (docs/rules/accounts.md#after-a-save), then
 * let the match list load afresh. A failure here never blocks the client: the
 * dashboard shows what the server has.
 */
export async function refreshPotentialMatches(queryClient: QueryClient): Promise<void> {
  try {
    await getPotentialMatches();
  } catch {
    // The dashboard's own request shows any lasting problem.
  }
  await queryClient.invalidateQueries({ queryKey: matchesKey });
}

import type { Match } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * POST /matches/{id}/switch (docs/rules/matching.md#switching-therapist):
 * the match ends, the list is computed again; answers the new recommendations.
 */
export function switchTherapist(matchId: string): Promise<Match[]> {
  return api.post<Match[]>(`/matches/${encodeURIComponent(matchId)}/switch`, {});
}

/** DELETE /matches/{id}/switch: the match comes back as it was. */
export function undoSwitch(matchId: string): Promise<Match> {
  return api.delete<Match>(`/matches/${encodeURIComponent(matchId)}/switch`);
}

/**
 * The switch as a mutation. The list is read again without waiting: the card
 * that asked moves to Tidigare with it, and the caller's onSuccess (closing
 * the dialog, taking the reader to the new list) must run before that.
 */
export function useSwitchTherapist() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: switchTherapist,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches });
    },
  });
}

export function useUndoSwitch() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: undoSwitch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
  });
}

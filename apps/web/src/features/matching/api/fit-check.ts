import type { FitCheckInput } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** What POST /matches/{id}/fit-check answers (201). */
export interface FitCheckAnswered extends FitCheckInput {
  answeredAt: string;
  /** A low answer to "continue": the card offers the switch. */
  offerSwitch: boolean;
}

/** POST /matches/{id}/fit-check (docs/rules/matching.md#fit-check). */
export function answerFitCheck(matchId: string, input: FitCheckInput): Promise<FitCheckAnswered> {
  return api.post<FitCheckAnswered>(`/matches/${encodeURIComponent(matchId)}/fit-check`, input);
}

/** POST /matches/{id}/fit-check/dismiss: "Inte nu". */
export function dismissFitCheck(matchId: string): Promise<void> {
  return api.post<void>(`/matches/${encodeURIComponent(matchId)}/fit-check/dismiss`, {});
}

/**
 * The answer as a mutation; the list is read again afterwards (the check is
 * no longer due), without waiting: the caller's onSuccess (the thanks, the
 * switch on a low answer) must run while the card is still there.
 */
export function useAnswerFitCheck(matchId: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (input: FitCheckInput) => answerFitCheck(matchId, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches });
    },
  });
}

export function useDismissFitCheck(matchId: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: () => dismissFitCheck(matchId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
  });
}

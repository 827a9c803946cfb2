import type { Answer, SaveAnswersInput } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { answersKey } from './get-answers';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /answers: every answer at once; re-answering replaces the old answers. */
export function saveAnswers(input: SaveAnswersInput): Promise<Answer[] | undefined> {
  return api.post<Answer[] | undefined>('/answers', input);
}

/** Saves, forgets the cached answers, then runs `onSaved` (the page refetches the user and moves on). */
export function useSaveAnswers({ onSaved }: { onSaved?: () => Promise<void> | void } = {}) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: saveAnswers,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: answersKey });
      await onSaved?.();
    },
  });
}

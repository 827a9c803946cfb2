import type { Answer } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const answersKey = queryKeys.answers;

/** GET /answers: the caller's saved answers (a returning user sees them preselected). */
export function getAnswers(): Promise<Answer[]> {
  return api.get<Answer[]>('/answers');
}

export const answersQuery = queryOptions({
  queryKey: answersKey,
  queryFn: getAnswers,
  // Always the saved state when the questionnaire opens.
  staleTime: 0,
});

export function useAnswers() {
  return useQuery(answersQuery);
}

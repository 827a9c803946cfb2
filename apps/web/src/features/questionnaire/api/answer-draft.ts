import type { AnswerDraft, SaveAnswerDraftInput } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /answers/draft: the caller's unfinished answers (none: an empty list). */
export function getAnswerDraft(): Promise<AnswerDraft> {
  return api.get<AnswerDraft>('/answers/draft');
}

export const answerDraftQuery = queryOptions({
  queryKey: queryKeys.answerDraft,
  queryFn: getAnswerDraft,
  // Always the server's state when the questionnaire opens (another device may have moved on).
  staleTime: 0,
});

export function useAnswerDraft() {
  return useQuery(answerDraftQuery);
}

/** PUT /answers/draft: replaces the unfinished answers; never completes the questionnaire. */
export function saveAnswerDraft(input: SaveAnswerDraftInput): Promise<AnswerDraft> {
  return api.put<AnswerDraft>('/answers/draft', input);
}

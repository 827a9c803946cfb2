import type { Question } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const questionsKey = ['questions'] as const;

/** GET /questions: sorted by order, options already filtered to the caller's type. */
export function getQuestions(): Promise<Question[]> {
  return api.get<Question[]>('/questions');
}

export const questionsQuery = queryOptions({ queryKey: questionsKey, queryFn: getQuestions });

export function useQuestions() {
  return useQuery(questionsQuery);
}

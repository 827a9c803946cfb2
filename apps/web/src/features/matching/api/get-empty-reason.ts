import type { EmptyMatchesReason } from '@samtalsmatch/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { matchesKey } from './get-matches';

/** Under the matches' key: whatever refreshes the matches asks again. */
export const emptyReasonKey = [...matchesKey, 'empty-reason'] as const;

/** GET /matches/empty-reason: why the client has no matches. */
export function getEmptyMatchesReason(): Promise<EmptyMatchesReason> {
  return api.get<EmptyMatchesReason>('/matches/empty-reason');
}

/** Asked only while the list is empty. */
export function useEmptyMatchesReason({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: emptyReasonKey, queryFn: getEmptyMatchesReason, enabled });
}

import type { MatchAlert } from '@samtalsmatch/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** Under the user's key: a withdrawn consent (which turns the wish off) reads it again. */
export const matchAlertKey = [...queryKeys.currentUser, 'match-alert'] as const;

/** GET /users/me/match-alert (docs/rules/matching.md#match-alert). */
export function getMatchAlert(): Promise<MatchAlert> {
  return api.get<MatchAlert>('/users/me/match-alert');
}

/**
 * The dashboard's list waits for it and the offer reads it: a failed read is
 * not tried again when the offer mounts, or the two would take turns forever.
 */
export function useMatchAlert({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: matchAlertKey,
    queryFn: getMatchAlert,
    enabled,
    retryOnMount: false,
  });
}

/** PUT /users/me/match-alert: the wish on or off, sent once (decision 490). */
export function useSetMatchAlert() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (enabled: boolean) => api.put<MatchAlert>('/users/me/match-alert', { enabled }),
    onSuccess: (data) => queryClient.setQueryData(matchAlertKey, data),
  });
}

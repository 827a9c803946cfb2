import type { User } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const currentUserKey = queryKeys.currentUser;

/** The signed-in user, or null when nobody is signed in (401). */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await api.get<User>('/users/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** Fetched on load and again on window focus, with no retry (docs/rules/accounts.md#session). */
export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: getCurrentUser,
  retry: false,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

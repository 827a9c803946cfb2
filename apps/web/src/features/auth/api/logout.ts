import { ROUTES } from '@samtalsmatch/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, clearCsrfToken } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { currentUserKey } from './current-user';
import { useChangeMutation } from '@/lib/use-change-mutation';

export const logoutMutationKey = ['auth', 'logout'] as const;

/** POST /auth/logout with an empty object. */
export function logout(): Promise<unknown> {
  return api.post('/auth/logout', {});
}

/** True while a logout is under way (the automatic logout runs only when none is pending; docs/rules/accounts.md#session). */
export function isLogoutPending(queryClient: QueryClient): boolean {
  return queryClient.isMutating({ mutationKey: logoutMutationKey }) > 0;
}

/**
 * After a logout succeeds the CSRF token is discarded, all cached
 * data is cleared and the user goes to /. Failures go through the shared
 * error handler (docs/rules/accounts.md#session).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useChangeMutation({
    mutationKey: logoutMutationKey,
    mutationFn: logout,
    onSuccess: async () => {
      clearCsrfToken();
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      await navigate(ROUTES.home);
    },
    onError: (error) => handleApiError(error),
  });
}

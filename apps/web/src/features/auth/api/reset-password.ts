import type { MessageResponse } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api, clearCsrfToken } from '@/lib/api-client';
import { currentUserKey } from './current-user';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /auth/reset-password {password, token}. */
export function resetPassword(input: {
  password: string;
  token: string;
}): Promise<MessageResponse> {
  return api.post('/auth/reset-password', { password: input.password, token: input.token });
}

/**
 * A successful reset ends every session of the account, this browser's too
 * (the page says so): forget the signed-in user and the CSRF token of the
 * session that is gone.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      if (queryClient.getQueryData(currentUserKey)) {
        clearCsrfToken();
        queryClient.setQueryData(currentUserKey, null);
      }
    },
  });
}

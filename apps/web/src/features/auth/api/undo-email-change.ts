import type { MessageResponse } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api, clearCsrfToken } from '@/lib/api-client';
import { currentUserKey } from './current-user';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /auth/undo-email-change {token}: the link mailed to the old address. */
export function undoEmailChange(token: string): Promise<MessageResponse> {
  return api.post('/auth/undo-email-change', { token });
}

/**
 * The undo ends every session of the account, this browser's too: forget
 * the signed-in user and the CSRF token of the session that is gone.
 */
export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: undoEmailChange,
    onSuccess: () => {
      if (queryClient.getQueryData(currentUserKey)) {
        clearCsrfToken();
        queryClient.setQueryData(currentUserKey, null);
      }
    },
  });
}

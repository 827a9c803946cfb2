import { ERASE_MSG, type EraseAccountInput, ROUTES } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, clearCsrfToken } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { currentUserKey } from './current-user';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * DELETE /users/me {currentPassword?}: erases the account (docs/rules/privacy.md#erasure);
 * 204 and the session has ended.
 */
export function eraseAccount(input: EraseAccountInput): Promise<void> {
  return api.delete('/users/me', input);
}

/**
 * Erases, then forgets everything as a logout does, says so in a toast and
 * goes to / (docs/rules/accounts.md#session). The toast is raised here, before navigating: the form
 * that called `mutate` unmounts on the way to /, and TanStack Query skips a
 * `mutate` call's own callbacks once its component is gone.
 */
export function useEraseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useChangeMutation({
    mutationFn: eraseAccount,
    onSuccess: async () => {
      clearCsrfToken();
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      toast.success(ERASE_MSG.erased);
      await navigate(ROUTES.home);
    },
  });
}

import type { EraseAccountInput } from '@samtalsmatch/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api, clearCsrfToken } from '@/lib/api-client';
import { currentUserKey } from './current-user';

/**
 * DELETE /users/me {currentPassword?}: erases the account (issue 20, point 3);
 * 204 and the session has ended.
 */
export function eraseAccount(input: EraseAccountInput): Promise<void> {
  return api.delete('/users/me', input);
}

/** Erases, then forgets everything as a logout does and goes to / (SPEC §4). */
export function useEraseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: eraseAccount,
    onSuccess: async () => {
      clearCsrfToken();
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
      await navigate(paths.home);
    },
  });
}

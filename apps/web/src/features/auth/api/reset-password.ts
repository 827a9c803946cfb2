import type { MessageResponse } from '@samtalsmatch/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/reset-password {password, token}. */
export function resetPassword(input: {
  password: string;
  token: string;
}): Promise<MessageResponse> {
  return api.post('/auth/reset-password', { password: input.password, token: input.token });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

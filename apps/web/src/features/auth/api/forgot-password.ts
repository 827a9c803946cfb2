import type { MessageResponse } from '@samtalsmatch/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/forgot-password {email}: the answer is always neutral (docs/rules/accounts.md#forgot-and-reset-password). */
export function forgotPassword(input: { email: string }): Promise<MessageResponse> {
  return api.post('/auth/forgot-password', { email: input.email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

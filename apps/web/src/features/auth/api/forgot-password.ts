import type { MessageResponse } from '@samtalsmatch/contracts';
import { api } from '@/lib/api-client';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /auth/forgot-password {email}: the answer is always neutral (docs/rules/accounts.md#forgot-and-reset-password). */
export function forgotPassword(input: { email: string }): Promise<MessageResponse> {
  return api.post('/auth/forgot-password', { email: input.email });
}

export function useForgotPassword() {
  return useChangeMutation({ mutationFn: forgotPassword });
}

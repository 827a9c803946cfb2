import type { MessageResponse } from '@samtalsmatch/contracts';
import { api } from '@/lib/api-client';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /auth/resend-verification {email}: the answer is neutral, whether or not the account exists. */
export function resendVerification(input: { email: string }): Promise<MessageResponse> {
  return api.post('/auth/resend-verification', { email: input.email });
}

export function useResendVerification() {
  return useChangeMutation({ mutationFn: resendVerification });
}

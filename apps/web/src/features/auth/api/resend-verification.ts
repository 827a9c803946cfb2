import type { MessageResponse } from '@samtalsmatch/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/resend-verification {email}: the answer is neutral, whether or not the account exists. */
export function resendVerification(input: { email: string }): Promise<MessageResponse> {
  return api.post('/auth/resend-verification', { email: input.email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

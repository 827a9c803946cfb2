import type { ResetPasswordCheckResponse } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/reset-password/check {token}: may this link still set a password? Uses nothing up. */
export function checkResetPasswordToken(token: string): Promise<ResetPasswordCheckResponse> {
  return api.post('/auth/reset-password/check', { token });
}

/** A query (read only on the server): asked once per token when the reset page opens. */
export const resetPasswordCheckQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-password-check', token],
    queryFn: () => checkResetPasswordToken(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useResetPasswordCheck(token: string | undefined) {
  return useQuery({ ...resetPasswordCheckQuery(token ?? ''), enabled: Boolean(token) });
}

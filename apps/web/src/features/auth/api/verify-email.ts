import type { MessageResponse } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /auth/verify-email/{token}. */
export function verifyEmail(token: string): Promise<MessageResponse> {
  return api.get(`/auth/verify-email/${encodeURIComponent(token)}`);
}

/**
 * A query rather than a mutation: the token is single use, and a query
 * runs once per token even when the page mounts twice (React StrictMode).
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(token: string | undefined) {
  return useQuery({ ...verifyEmailQuery(token ?? ''), enabled: Boolean(token) });
}

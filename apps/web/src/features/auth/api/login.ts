import type { LoginInput, LoginResponse } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api, setCsrfToken } from '@/lib/api-client';
import { currentUserQuery } from './current-user';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /auth/login {email, password}. The new session comes with a new CSRF token. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', { email: input.email, password: input.password });
}

/** After a successful login the current user is refetched (docs/rules/accounts.md#sign-in). */
export function useLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: login,
    onSuccess: async (data) => {
      if (data?.csrfToken) setCsrfToken(data.csrfToken);
      await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      onSuccess?.();
    },
  });
}

import type { MessageResponse, RegisterInput } from '@samtalsmatch/contracts';
import { api } from '@/lib/api-client';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /auth/register {email, name, password}; confirmPassword is never sent. */
export function register(input: RegisterInput): Promise<MessageResponse> {
  return api.post('/auth/register', {
    email: input.email,
    name: input.name,
    password: input.password,
  });
}

export function useRegister({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useChangeMutation({ mutationFn: register, onSuccess: () => onSuccess?.() });
}

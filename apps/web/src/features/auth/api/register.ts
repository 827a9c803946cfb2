import type { MessageResponse, RegisterInput } from '@samtalsmatch/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/register {email, name, password}; confirmPassword is never sent. */
export function register(input: RegisterInput): Promise<MessageResponse> {
  return api.post('/auth/register', {
    email: input.email,
    name: input.name,
    password: input.password,
  });
}

export function useRegister({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: register, onSuccess: () => onSuccess?.() });
}

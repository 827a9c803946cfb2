import type { ChangeEmailInput, MessageResponse } from '@samtalsmatch/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * PATCH /users/email {email, currentPassword?}: a link goes to the new
 * address; the address changes when it is opened (docs/rules/accounts.md#e-mail-change).
 */
export function changeEmail(input: ChangeEmailInput): Promise<MessageResponse> {
  return api.patch('/users/email', input);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}

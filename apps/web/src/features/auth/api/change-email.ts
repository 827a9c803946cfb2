import type { ChangeEmailInput, MessageResponse } from '@samtalsmatch/contracts';
import { api } from '@/lib/api-client';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * PATCH /users/email {email, currentPassword?}: a link goes to the new
 * address; the address changes when it is opened (docs/rules/accounts.md#e-mail-change).
 */
export function changeEmail(input: ChangeEmailInput): Promise<MessageResponse> {
  return api.patch('/users/email', input);
}

export function useChangeEmail() {
  return useChangeMutation({ mutationFn: changeEmail });
}

import type { Preferences, UpdatePreferencesInput, User } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * PATCH /users/me/preferences {discreetMail, dialogVersion?}: turning
 * discreet mails off names the dialog version read (docs/rules/privacy.md#discreet-mails).
 */
export function updatePreferences(input: UpdatePreferencesInput): Promise<Preferences> {
  return api.patch('/users/me/preferences', input);
}

/** Saves, then shows the stored preferences in the current user at once. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => {
      queryClient.setQueryData<User | null>(queryKeys.currentUser, (user) =>
        user ? { ...user, preferences } : user,
      );
    },
  });
}

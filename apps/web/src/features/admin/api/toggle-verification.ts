import {
  ADMIN_TEXTS,
  type AdminProviderDetail,
  type AdminVerifyResponse,
} from '@samtalsmatch/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { adminProviderKey } from './admin-provider';
import { adminProviderHistoryKey } from './admin-provider-history';
import { adminProvidersKey } from './admin-providers';

/** PATCH /admin/providers/:id/verify with an empty object: toggles, answers the new state. */
export function toggleVerification(id: string): Promise<AdminVerifyResponse> {
  return api.patch<AdminVerifyResponse>(`/admin/providers/${encodeURIComponent(id)}/verify`, {});
}

/**
 * Updates the detail in place (no new read of the personnummer), and
 * refreshes the list and the history; a toast says what happened.
 */
export function useToggleVerification(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleVerification(id),
    onSuccess: async (result) => {
      queryClient.setQueryData<AdminProviderDetail>(adminProviderKey(id), (old) =>
        old
          ? {
              ...old,
              isVerified: result.isVerified,
              profile: old.profile ? { ...old.profile, isVerified: result.isVerified } : null,
            }
          : old,
      );
      toast.success(result.isVerified ? ADMIN_TEXTS.verifiedToast : ADMIN_TEXTS.unverifiedToast);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminProvidersKey }),
        queryClient.invalidateQueries({ queryKey: adminProviderHistoryKey(id) }),
      ]);
    },
    onError: (error) => handleApiError(error),
  });
}

import {
  type AdminProviderDetail,
  type AdminVerifyInput,
  type AdminVerifyResponse,
} from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { adminProviderKey } from './admin-provider';
import { adminProviderHistoryKey } from './admin-provider-history';
import { adminProvidersKey } from './admin-providers';
import { useChangeMutation } from '@/lib/use-change-mutation';
import { ADMIN_TEXTS } from '../texts';

/**
 * PATCH /admin/providers/:id/verify with the state the admin means, never an
 * empty toggle: a second request (a double click, a retry) then changes
 * nothing instead of undoing the first (docs/rules/admin.md#verification-by-state).
 */
export function setVerification(id: string, isVerified: boolean): Promise<AdminVerifyResponse> {
  const body: AdminVerifyInput = { isVerified };
  return api.patch<AdminVerifyResponse>(`/admin/providers/${encodeURIComponent(id)}/verify`, body);
}

/**
 * Updates the detail in place (no new read of the personnummer), and
 * refreshes the list and the history; a toast says what happened.
 */
export function useSetVerification(id: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (isVerified: boolean) => setVerification(id, isVerified),
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

import {
  LICENCE_TEXTS,
  type AdminProviderDetail,
  type CreateLicenceCheckInput,
  type LicenceCheck,
} from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { adminProviderKey } from './admin-provider';
import { adminProviderHistoryKey } from './admin-provider-history';
import { adminProvidersKey } from './admin-providers';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** POST /admin/providers/:id/licence-checks: what the register said about one title. */
export function recordLicenceCheck(
  id: string,
  input: CreateLicenceCheckInput,
): Promise<LicenceCheck> {
  return api.post<LicenceCheck>(`/admin/providers/${encodeURIComponent(id)}/licence-checks`, input);
}

/**
 * Adds the new check to the detail in place (no new read of the
 * personnummer), and refreshes the list (its flag) and the history.
 */
export function useRecordLicenceCheck(id: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: (input: CreateLicenceCheckInput) => recordLicenceCheck(id, input),
    onSuccess: async (check) => {
      queryClient.setQueryData<AdminProviderDetail>(adminProviderKey(id), (old) =>
        old ? { ...old, licenceChecks: [check, ...old.licenceChecks] } : old,
      );
      toast.success(LICENCE_TEXTS.saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminProvidersKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: adminProviderHistoryKey(id) }),
      ]);
    },
    onError: (error) => handleApiError(error),
  });
}

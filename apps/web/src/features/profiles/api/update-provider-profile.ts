import type { UpdateProviderProfileInput } from '@samtalsmatch/contracts';
import { api } from '@/lib/api-client';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** PATCH /profiles/provider with the profile's fields (the image is uploaded on its own). */
export function updateProviderProfile(input: UpdateProviderProfileInput): Promise<unknown> {
  return api.patch('/profiles/provider', input);
}

/** The caller refetches the current user (its onboarding step decides where to go next). */
export function useUpdateProviderProfile() {
  return useChangeMutation({ mutationFn: updateProviderProfile });
}

import type { AvailabilitySlot } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const availabilitiesKey = queryKeys.availabilities;

/** GET /availabilities/{userId}: a therapist's own slots in every status. */
export function getAvailabilities(userId: string): Promise<AvailabilitySlot[]> {
  return api.get(`/availabilities/${encodeURIComponent(userId)}`);
}

export const availabilitiesQuery = (userId: string) =>
  queryOptions({
    queryKey: availabilitiesKey(userId),
    queryFn: () => getAvailabilities(userId),
  });

export function useAvailabilities(userId: string) {
  return useQuery(availabilitiesQuery(userId));
}

import type { AvailabilitySlot } from '@samtalsmatch/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /availabilities/{providerId}: the therapist's hours as a client reads
 * them, for moving a session to a free one. Under the availabilities key, so
 * every booking change (which invalidates it) reads them afresh.
 */
export function useFreeHours(providerId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.availabilities(providerId),
    queryFn: () => api.get<AvailabilitySlot[]>(`/availabilities/${encodeURIComponent(providerId)}`),
    enabled,
  });
}

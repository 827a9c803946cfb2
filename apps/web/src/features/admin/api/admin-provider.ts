import type { AdminProviderDetail } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '@/lib/api-client';

export const adminProviderKey = (id: string) => ['admin', 'providers', id] as const;

/** GET /admin/providers/:id (each read is written to the audit log). */
export function getAdminProvider(id: string): Promise<AdminProviderDetail> {
  return api.get<AdminProviderDetail>(`/admin/providers/${encodeURIComponent(id)}`);
}

/**
 * Fetched once per visit: every read of a personnummer is an audit row, so
 * no refetch on focus or reconnect, and no retry of a 404.
 */
export const adminProviderQuery = (id: string) =>
  queryOptions({
    queryKey: adminProviderKey(id),
    queryFn: () => getAdminProvider(id),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });

export function useAdminProvider(id: string) {
  return useQuery(adminProviderQuery(id));
}

import type { AdminHistoryEntry } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminProviderHistoryKey = (id: string) =>
  ['admin', 'providers', id, 'history'] as const;

/** GET /admin/providers/:id/history: who looked, who changed what (newest first). */
export function getAdminProviderHistory(id: string): Promise<AdminHistoryEntry[]> {
  return api.get<AdminHistoryEntry[]>(`/admin/providers/${encodeURIComponent(id)}/history`);
}

export const adminProviderHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: adminProviderHistoryKey(id),
    queryFn: () => getAdminProviderHistory(id),
  });

export function useAdminProviderHistory(id: string, enabled: boolean) {
  return useQuery({ ...adminProviderHistoryQuery(id), enabled });
}

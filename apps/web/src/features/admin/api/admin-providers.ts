import type { AdminProviderListItem } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminProvidersKey = ['admin', 'providers'] as const;

/** GET /admin/providers: the review queue first (the server sorts). */
export function getAdminProviders(): Promise<AdminProviderListItem[]> {
  return api.get<AdminProviderListItem[]>('/admin/providers');
}

export const adminProvidersQuery = queryOptions({
  queryKey: adminProvidersKey,
  queryFn: getAdminProviders,
});

export function useAdminProviders() {
  return useQuery(adminProvidersQuery);
}

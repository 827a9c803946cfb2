import { ADMIN_PROVIDERS_PAGE_SIZE, type AdminProvidersPage } from '@samtalsmatch/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// Not a prefix of a provider's detail key (['admin', 'providers', id]): invalidating pages leaves details be.
export const adminProvidersKey = ['admin', 'provider-pages'] as const;

/** What the /admin table asks for: a search, verified or not, a page. */
export interface AdminProvidersParams {
  q: string;
  verified: 'true' | 'false' | '';
  page: number;
}

/** GET /admin/providers: one page, the review queue first (the server sorts, searches and pages). */
export function getAdminProviders(params: AdminProvidersParams): Promise<AdminProvidersPage> {
  const query = new URLSearchParams({
    q: params.q,
    verified: params.verified,
    page: String(params.page),
    pageSize: String(ADMIN_PROVIDERS_PAGE_SIZE),
  });
  return api.get<AdminProvidersPage>(`/admin/providers?${query.toString()}`);
}

export function useAdminProviders(params: AdminProvidersParams) {
  return useQuery({
    queryKey: [...adminProvidersKey, params],
    queryFn: () => getAdminProviders(params),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

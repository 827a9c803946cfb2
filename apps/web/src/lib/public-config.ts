import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PublicConfig {
  companyName: string;
  companyOrgNumber: string;
  contactEmail: string;
  analyticsScriptUrl: string | null;
}

/** GET /public-config: company details for the footer and the optional analytics script. */
export function getPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/public-config');
}

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: getPublicConfig,
  staleTime: Infinity,
  retry: 1,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

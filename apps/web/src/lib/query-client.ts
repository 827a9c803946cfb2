import { QueryClient } from '@tanstack/react-query';

/** SPEC §4 and §7: queries do not retry, mutations retry 0 times, suspense stale time ≥ 1 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 1000, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

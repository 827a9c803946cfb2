import type { AccessLogEntry } from '@samtalsmatch/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /users/me/access-log: who has read the caller's data, newest first,
 * the newest ACCESS_LOG_LIMIT_DEFAULT entries (decision 358).
 */
export function getAccessLog(): Promise<AccessLogEntry[]> {
  return api.get<AccessLogEntry[]>('/users/me/access-log');
}

export const accessLogQuery = queryOptions({
  queryKey: ['users', 'me', 'access-log'] as const,
  queryFn: getAccessLog,
});

export function useAccessLog() {
  return useQuery(accessLogQuery);
}

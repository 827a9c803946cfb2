import type { CalendarFeedCreated, CalendarFeedStatus } from '@samtalsmatch/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/** GET /users/me/calendar-feed: whether the feed is on and since when (never its URL). */
export const calendarFeedQuery = queryOptions({
  queryKey: [...queryKeys.currentUser, 'calendar-feed'] as const,
  queryFn: () => api.get<CalendarFeedStatus>('/users/me/calendar-feed'),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

/** POST: a new link (the old one stops); its URL is in this answer only (decision 462). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/users/me/calendar-feed'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedQuery.queryKey }),
  });
}

/** DELETE: the feed is off and its link answers 404. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: () => api.delete<void>('/users/me/calendar-feed'),
    onSuccess: () => {
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQuery.queryKey, {
        enabled: false,
        createdAt: null,
      });
    },
  });
}

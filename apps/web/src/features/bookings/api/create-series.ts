import type { CreateSeriesInput, SeriesResponse } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * POST /bookings/series { matchId, firstTime, interval, count,
 * messageFromProvider?, skipConflicts? } (docs/rules/bookings.md#a-series-of-sessions):
 * 201 with every session CONFIRMED (and `skipped` with `skipConflicts`);
 * 409 SERIES_CONFLICT with the taken hours as `conflicts` (nothing written),
 * 409 while a request waits, and the rebook checks' 422s.
 */
export function createSeries(input: CreateSeriesInput): Promise<SeriesResponse> {
  return api.post<SeriesResponse>('/bookings/series', {
    matchId: input.matchId,
    firstTime: input.firstTime,
    interval: input.interval,
    count: input.count,
    messageFromProvider: input.messageFromProvider ?? null,
    ...(input.skipConflicts ? { skipConflicts: true } : {}),
  });
}

/** The series as a mutation; matches and slots are read afresh before `onSuccess` of `mutate`. */
export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: createSeries,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allAvailabilities }),
      ]);
    },
  });
}

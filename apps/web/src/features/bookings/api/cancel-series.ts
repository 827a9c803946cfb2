import type { SeriesCancelResponse } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * PATCH /bookings/series/{id}/cancel with an empty object: the therapist
 * cancels every CONFIRMED session of the series still ahead, in one go
 * (409 when none is left). Answers the sessions cancelled.
 */
export function cancelSeries(seriesId: string): Promise<SeriesCancelResponse> {
  return api.patch<SeriesCancelResponse>(
    `/bookings/series/${encodeURIComponent(seriesId)}/cancel`,
    {},
  );
}

/** The series cancel as a mutation; matches and slots are read afresh before `onSuccess` of `mutate`. */
export function useCancelSeries() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: cancelSeries,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allAvailabilities }),
      ]);
    },
  });
}

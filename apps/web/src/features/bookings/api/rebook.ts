import type { Booking, RebookInput } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * POST /bookings/rebook { matchId, confirmedTime, messageFromProvider }: the
 * therapist sends a new time for a match whose bookings are all cancelled,
 * completed or expired. The server runs the rebook checks again (422), and
 * answers 409 when the hour is taken or the match has an open booking.
 * 201 with the new CONFIRMED booking.
 */
export function rebook(input: RebookInput): Promise<Booking> {
  return api.post<Booking>('/bookings/rebook', {
    matchId: input.matchId,
    confirmedTime: input.confirmedTime,
    messageFromProvider: input.messageFromProvider ?? null,
  });
}

/** The rebook as a mutation; matches and slots are read afresh before `onSuccess` of `mutate`. */
export function useRebook() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: rebook,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allAvailabilities }),
      ]);
    },
  });
}

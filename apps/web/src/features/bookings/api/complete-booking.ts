import type { Booking } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * PATCH /bookings/complete/{id} with an empty object: 'Slutför', only for a
 * CONFIRMED booking whose time has come (422 COMPLETE_TOO_EARLY before it,
 * 409 when it has moved on). Answers the completed booking.
 */
export function completeBooking(bookingId: string): Promise<Booking> {
  return api.patch<Booking>(`/bookings/complete/${encodeURIComponent(bookingId)}`, {});
}

/** The complete as a mutation; the matches are read afresh before `onSuccess` of `mutate`. */
export function useCompleteBooking() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: completeBooking,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.matches });
    },
  });
}

import type { Booking } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * PATCH /bookings/cancel/{id} with an empty object. The client cancels a
 * CONFIRMED booking as the therapist's policy allows (422 CANCEL_NOT_ALLOWED
 * otherwise); the therapist a pending one, or a confirmed one before its time.
 * 409 when the booking has moved on meanwhile. Answers the cancelled booking.
 */
export function cancelBooking(bookingId: string): Promise<Booking> {
  return api.patch<Booking>(`/bookings/cancel/${encodeURIComponent(bookingId)}`, {});
}

/**
 * The cancel as a mutation, for both sides (after a successful
 * cancel the matches are invalidated and refetched). The refetch is awaited
 * before `mutate(id, { onSuccess })` runs, so a dialog can close on fresh
 * data. The freed slots are read afresh too. Errors are left to the caller.
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: cancelBooking,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allAvailabilities }),
      ]);
    },
  });
}

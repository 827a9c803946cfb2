import type { Booking } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

export interface MoveBookingVariables {
  bookingId: string;
  /** The new hour (ISO). */
  time: string;
}

/**
 * PATCH /bookings/move/{id} { time } (docs/rules/bookings.md#moving-a-session):
 * either party moves a CONFIRMED session still ahead; the server decides
 * (the rebook checks' 422s, 422 MOVE_NOT_ALLOWED past the client's policy,
 * 409 SLOT_TAKEN when the hour is taken). Answers the moved booking.
 */
export function moveBooking({ bookingId, time }: MoveBookingVariables): Promise<Booking> {
  return api.patch<Booking>(`/bookings/move/${encodeURIComponent(bookingId)}`, { time });
}

/** The move as a mutation; matches and slots are read afresh before `onSuccess` of `mutate`. */
export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: moveBooking,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allAvailabilities }),
      ]);
    },
  });
}

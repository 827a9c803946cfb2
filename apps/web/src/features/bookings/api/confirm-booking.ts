import type { Booking, ConfirmBookingInput } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

export interface ConfirmBookingVariables extends ConfirmBookingInput {
  bookingId: string;
}

/**
 * PATCH /bookings/confirm/{bookingId} { confirmedTime, messageFromProvider }:
 * the therapist picks one of the suggested times (docs/rules/bookings.md#confirm).
 * 409 when the request has moved on or expired meanwhile, 400 for a time
 * that was not suggested. Answers the confirmed booking.
 */
export function confirmBooking({ bookingId, ...input }: ConfirmBookingVariables): Promise<Booking> {
  return api.patch<Booking>(`/bookings/confirm/${encodeURIComponent(bookingId)}`, {
    confirmedTime: input.confirmedTime,
    messageFromProvider: input.messageFromProvider ?? null,
  });
}

/**
 * The confirm as a mutation. The matches (and the slots: one BOOKED, two
 * free again) are read afresh before `onSuccess` of `mutate` runs, so a
 * dialog closes on fresh data. Errors are left to the caller.
 */
export function useConfirmBooking() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: confirmBooking,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allAvailabilities }),
      ]);
    },
  });
}

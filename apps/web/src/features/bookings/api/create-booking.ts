import type { Booking, CreateBookingInput } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * POST /bookings { matchId, suggestedTimes, meetingFormat? }: the client's request with
 * exactly 3 suggested times (ISO). 201 with the new booking
 * (PENDING_PROVIDER_CONFIRMATION); 422 EMAIL_NOT_VERIFIED, 409
 * BOOKING_ALREADY_OPEN / SLOT_TAKEN and the time rules' 422s otherwise.
 */
export function createBooking(input: CreateBookingInput): Promise<Booking> {
  return api.post<Booking>('/bookings', {
    matchId: input.matchId,
    suggestedTimes: input.suggestedTimes,
    // Only when the therapist offers both; otherwise the therapist's format is the booking's.
    ...(input.meetingFormat ? { meetingFormat: input.meetingFormat } : {}),
  });
}

/**
 * The request as a mutation. On success the matches (the match is ACTIVE
 * now, with its booking) and the slots (three are PENDING now) are read
 * afresh; errors are left to the caller (the page keeps the selection).
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: createBooking,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.matches }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allAvailabilities }),
      ]);
    },
  });
}

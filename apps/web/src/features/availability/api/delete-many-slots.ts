import type { DeleteManySlotsInput } from '@samtalsmatch/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { availabilitiesKey } from './get-availabilities';

/** POST /availabilities/delete-many { ids }: all or nothing; PENDING and BOOKED are refused (409). */
export function deleteManySlots(input: DeleteManySlotsInput): Promise<unknown> {
  return api.post('/availabilities/delete-many', input);
}

export function useDeleteManySlots(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManySlots,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilitiesKey(userId) }),
  });
}

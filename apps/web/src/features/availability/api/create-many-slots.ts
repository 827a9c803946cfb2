import type { CreateManySlotsInput } from '@samtalsmatch/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { availabilitiesKey } from './get-availabilities';

/** POST /availabilities/many { slots }: adding an existing hour again is no error. */
export function createManySlots(input: CreateManySlotsInput): Promise<unknown> {
  return api.post('/availabilities/many', input);
}

export function useCreateManySlots(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManySlots,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilitiesKey(userId) }),
  });
}

import type { SlotChangesInput, SlotChangesResult } from '@samtalsmatch/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { availabilitiesKey } from './get-availabilities';

/**
 * POST /availabilities/changes { add, removeIds }: a save's or a clear's
 * whole change, stored all or nothing (docs/rules/availability.md#a-save-is-all-or-nothing).
 */
export function saveSlotChanges(input: SlotChangesInput): Promise<SlotChangesResult> {
  return api.post('/availabilities/changes', input);
}

export function useSaveSlotChanges(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSlotChanges,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilitiesKey(userId) }),
  });
}

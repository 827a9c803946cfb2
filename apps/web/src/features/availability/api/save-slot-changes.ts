import type { SlotChangesInput, SlotChangesResult } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { availabilitiesKey } from './get-availabilities';
import { useChangeMutation } from '@/lib/use-change-mutation';

/**
 * POST /availabilities/changes { add, removeIds }: a save's or a clear's
 * whole change, stored all or nothing (docs/rules/availability.md#a-save-is-all-or-nothing).
 */
export function saveSlotChanges(input: SlotChangesInput): Promise<SlotChangesResult> {
  return api.post('/availabilities/changes', input);
}

export function useSaveSlotChanges(userId: string) {
  const queryClient = useQueryClient();
  return useChangeMutation({
    mutationFn: saveSlotChanges,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilitiesKey(userId) }),
  });
}

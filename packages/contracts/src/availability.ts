import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { slotStatusSchema } from './enums';
import { MSG } from './messages.sv';
import { HOUR_MS, isOnTheHour } from './time';

/** Upper bound of one /availabilities/many call (6 weeks of every hour, with room). */
export const MAX_SLOTS_PER_REQUEST = 1008;

/** SPEC §3 Availability slot. */
export const availabilitySlotSchema = z.object({
  id: idSchema,
  startTime: isoDateTimeSchema,
  endTime: isoDateTimeSchema,
  status: slotStatusSchema,
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

export const availabilitySlotsResponseSchema = z.array(availabilitySlotSchema);

/** POST /availabilities payload: exactly one hour, starting on the hour. */
export const availabilitySlotInputSchema = z
  .object({ startTime: isoDateTimeSchema, endTime: isoDateTimeSchema })
  .refine(
    (s) =>
      isOnTheHour(s.startTime) &&
      new Date(s.endTime).getTime() - new Date(s.startTime).getTime() === HOUR_MS,
    { message: MSG.slotOneHour, path: ['endTime'] },
  );
export type AvailabilitySlotInput = z.infer<typeof availabilitySlotInputSchema>;

/** POST /availabilities/many payload: `{ slots }`, no start time twice. */
export const createManySlotsSchema = z.object({
  slots: z
    .array(availabilitySlotInputSchema)
    .min(1, MSG.slotsRequired)
    .max(MAX_SLOTS_PER_REQUEST)
    .refine(
      (slots) => new Set(slots.map((s) => new Date(s.startTime).getTime())).size === slots.length,
      MSG.duplicateSlot,
    ),
});
export type CreateManySlotsInput = z.infer<typeof createManySlotsSchema>;

/** POST /availabilities/delete-many payload. */
export const deleteManySlotsSchema = z.object({
  ids: z.array(idSchema).min(1, MSG.slotsRequired).max(MAX_SLOTS_PER_REQUEST),
});
export type DeleteManySlotsInput = z.infer<typeof deleteManySlotsSchema>;

/** GET /availabilities/:userId params. */
export const availabilityUserParamsSchema = z.object({ userId: idSchema });

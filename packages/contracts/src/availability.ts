import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { slotStatusSchema } from './enums';
import { isPastSlot, isWithinBookingHours } from './rules/booking-time';
import { MSG } from './messages.sv';
import {
  addStockholmDays,
  HOUR_MS,
  isOnTheHour,
  startOfStockholmDay,
  toDate,
  type DateInput,
} from './time';

/** Upper bound of one /availabilities/many call (6 weeks of every hour, with room). */
export const MAX_SLOTS_PER_REQUEST = 1008;

/** How far ahead a provider may add slots (days from today's start, Stockholm). */
export const AVAILABILITY_MAX_DAYS_AHEAD = 366;

/** The first instant a new slot may no longer start at: 00:00 Stockholm, 367 days after today's start. */
export function availabilityHorizonEnd(now: DateInput): Date {
  return addStockholmDays(startOfStockholmDay(now), AVAILABILITY_MAX_DAYS_AHEAD + 1);
}

/**
 * Why a provider may not add a slot starting at `startTime`, or null:
 * an hour that has begun (the manage calendar disables it) is in the past;
 * a start outside 07:00-20:00 Stockholm cannot be booked (docs/rules/availability.md#slots-inside-booking-hours, 'Bokningar
 * endast mellan 7:00-21:00'); more than a year ahead is too far. (On the hour
 * is the payload schema's.)
 */
export function checkNewSlotStart(
  startTime: DateInput,
  now: DateInput,
  horizonEnd: Date = availabilityHorizonEnd(now),
): 'SLOT_IN_PAST' | 'BOOKING_OUTSIDE_HOURS' | 'SLOT_TOO_FAR' | null {
  if (isPastSlot(startTime, now)) return 'SLOT_IN_PAST';
  if (!isWithinBookingHours(startTime)) return 'BOOKING_OUTSIDE_HOURS';
  if (toDate(startTime).getTime() >= horizonEnd.getTime()) return 'SLOT_TOO_FAR';
  return null;
}

/** An availability slot (docs/rules/availability.md#slots). */
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

/**
 * POST /availabilities/changes payload: a save's whole change (the hours
 * created and the free slots removed), stored all or nothing in one
 * transaction (docs/rules/availability.md#a-save-is-all-or-nothing).
 */
export const slotChangesSchema = z
  .object({
    add: z
      .array(availabilitySlotInputSchema)
      .max(MAX_SLOTS_PER_REQUEST)
      .refine(
        (slots) => new Set(slots.map((s) => new Date(s.startTime).getTime())).size === slots.length,
        MSG.duplicateSlot,
      ),
    removeIds: z
      .array(idSchema)
      .max(MAX_SLOTS_PER_REQUEST)
      .refine(
        (ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length,
        MSG.duplicateSlot,
      ),
  })
  .refine((c) => c.add.length + c.removeIds.length > 0, {
    message: MSG.slotsRequired,
    path: ['add'],
  });
export type SlotChangesInput = z.infer<typeof slotChangesSchema>;

/** POST /availabilities/changes answer: the slots at the added hours, and how many were removed. */
export const slotChangesResultSchema = z.object({
  added: z.array(availabilitySlotSchema),
  removed: z.number().int().nonnegative(),
});
export type SlotChangesResult = z.infer<typeof slotChangesResultSchema>;

/** POST /availabilities/delete-many payload. */
export const deleteManySlotsSchema = z.object({
  ids: z.array(idSchema).min(1, MSG.slotsRequired).max(MAX_SLOTS_PER_REQUEST),
});
export type DeleteManySlotsInput = z.infer<typeof deleteManySlotsSchema>;

/** GET /availabilities/:userId params. */
export const availabilityUserParamsSchema = z.object({ userId: idSchema });

import { z } from 'zod';
import { MSG } from './messages.sv';

/** Every id is a UUID string (any version: seeds may use fixed ids). */
export const idSchema = z.guid(MSG.idInvalid);

/** An ISO 8601 date-time string with Z or an offset, as every timestamp travels (docs/rules/bookings.md#stockholm-time). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: MSG.dateTimeInvalid });

/** `:id` route parameters. */
export const idParamsSchema = z.object({ id: idSchema });

/**
 * The payload of the calls that send an empty object or nothing
 * (POST /auth/logout, PATCH /bookings/cancel/:id and /bookings/complete/:id):
 * `{}` or no body; a stray field is dropped.
 */
export const emptyBodySchema = z
  .object({})
  .optional()
  .transform((): EmptyBody => ({}));
export type EmptyBody = Record<string, never>;

/** `{ message }` answers of calls that return only a Swedish text. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

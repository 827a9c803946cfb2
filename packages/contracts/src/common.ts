import { z } from 'zod';
import { MSG } from './messages.sv';

/** Every id is a UUID string (any version: seeds may use fixed ids). */
export const idSchema = z.guid(MSG.idInvalid);

/** An ISO 8601 date-time string with Z or an offset, as every timestamp travels (DESIGN §3). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: MSG.dateTimeInvalid });

/** `:id` route parameters. */
export const idParamsSchema = z.object({ id: idSchema });

/** `{ message }` answers of calls that return only a Swedish text. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

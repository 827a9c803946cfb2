import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { bookingStatusSchema, cancelledBySchema, seriesIntervalSchema } from './enums';
import { MSG } from './messages.sv';
import { SERIES_MAX_COUNT, SERIES_MIN_COUNT } from './rules/series';
import { freeText } from './text';
import { SessionFormat, sessionFormatSchema } from './video';

export const MESSAGE_FROM_PROVIDER_MAX_CHARS = 1000;

/** A Booking. date/startTime/endTime describe the confirmed session when there is one. */
export const bookingSchema = z.object({
  id: idSchema,
  matchId: idSchema,
  status: bookingStatusSchema,
  /** How the session happens: the room link for VIDEO, the practice for IN_PERSON. */
  meetingFormat: sessionFormatSchema,
  confirmedTime: isoDateTimeSchema.nullable(),
  suggestedTimes: z.array(isoDateTimeSchema),
  date: z.string().nullable().optional(),
  startTime: z.string().nullable().optional(),
  endTime: z.string().nullable().optional(),
  messageFromProvider: z.string().nullable(),
  cancelledBy: cancelledBySchema.nullable(),
  cancelledAt: isoDateTimeSchema.nullable(),
  completedAt: isoDateTimeSchema.nullable().optional(),
  /** A request's deadline: unanswered by then it becomes EXPIRED (docs/rules/bookings.md#a-request-is-answered-within-48-hours). */
  expiresAt: isoDateTimeSchema.nullable().optional(),
  createdAt: isoDateTimeSchema.optional(),
  /** The series the session belongs to (docs/rules/bookings.md#a-series-of-sessions). */
  seriesId: idSchema.nullable().optional(),
  /** The series' interval, shown as 'Varje vecka' or 'Varannan vecka'. */
  seriesInterval: seriesIntervalSchema.nullable().optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

const messageFromProviderSchema = freeText(
  z.string().trim().max(MESSAGE_FROM_PROVIDER_MAX_CHARS, MSG.messageTooLong),
  { multiline: true },
).nullish();

function distinctInstants(times: readonly string[]): boolean {
  return new Set(times.map((t) => new Date(t).getTime())).size === times.length;
}

/**
 * POST /bookings payload: exactly 3 distinct ISO times. The time rules
 * (on the hour, lead time, 07-21, horizon) are `checkSuggestedTimes`, which needs `now`.
 * `meetingFormat` is the client's choice when the therapist offers both
 * (`resolveSessionFormat`); otherwise it may be left out.
 */
export const createBookingSchema = z.object({
  matchId: idSchema,
  meetingFormat: z.enum(SessionFormat, { error: MSG.meetingFormatRequired }).optional(),
  suggestedTimes: z
    .array(isoDateTimeSchema, { error: MSG.suggestedTimesCount })
    .length(3, MSG.suggestedTimesCount)
    .refine(distinctInstants, MSG.suggestedTimesDistinct),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

/** PATCH /bookings/confirm/:bookingId params (cancel and complete take `idParamsSchema`). */
export const bookingIdParamsSchema = z.object({ bookingId: idSchema });

/** PATCH /bookings/confirm/:bookingId payload: one of the suggested times, optional message. */
export const confirmBookingSchema = z.object({
  confirmedTime: z.iso.datetime({ offset: true, error: MSG.confirmTimeRequired }),
  messageFromProvider: messageFromProviderSchema,
});
export type ConfirmBookingInput = z.infer<typeof confirmBookingSchema>;

/** POST /bookings/rebook payload; the time is checked by `checkRebookTime`. */
export const rebookSchema = z.object({
  matchId: idSchema,
  /** When the therapist offers both; left out, the match's last session's format (or the only one). */
  meetingFormat: z.enum(SessionFormat, { error: MSG.meetingFormatRequired }).optional(),
  confirmedTime: isoDateTimeSchema,
  messageFromProvider: messageFromProviderSchema,
});
export type RebookInput = z.infer<typeof rebookSchema>;

/** The confirm form: a suggested time must be selected (docs/rules/bookings.md#confirm). */
export const confirmBookingFormSchema = z.object({
  confirmedTime: z.string({ error: MSG.confirmTimeRequired }).min(1, MSG.confirmTimeRequired),
  messageFromProvider: freeText(
    z.string().trim().max(MESSAGE_FROM_PROVIDER_MAX_CHARS, MSG.messageTooLong),
    {
      multiline: true,
    },
  ),
});
export type ConfirmBookingFormValues = z.infer<typeof confirmBookingFormSchema>;

/** The rebook form: a Stockholm date ('YYYY-MM-DD') and an hour option ('HH:00'). */
export const rebookFormSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dateTimeInvalid),
  time: z.string().regex(/^([01]\d|2[0-3]):00$/, MSG.dateTimeInvalid),
  messageFromProvider: freeText(
    z.string().trim().max(MESSAGE_FROM_PROVIDER_MAX_CHARS, MSG.messageTooLong),
    {
      multiline: true,
    },
  ),
});
export type RebookFormValues = z.infer<typeof rebookFormSchema>;

/**
 * The series form: the rebook form's date, hour and message, with how often
 * ('WEEKLY', 'BIWEEKLY') and how many sessions (a select of '2'..'12').
 */
export const seriesFormSchema = rebookFormSchema.extend({
  interval: seriesIntervalSchema,
  count: z
    .string()
    .regex(/^\d{1,2}$/, MSG.seriesCount)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(SERIES_MIN_COUNT, MSG.seriesCount)
        .max(SERIES_MAX_COUNT, MSG.seriesCount),
    ),
});
export type SeriesFormValues = z.output<typeof seriesFormSchema>;

/**
 * POST /bookings/series payload: the first time and how the others follow.
 * The times are checked by `checkSeriesTimes`, which needs `now`.
 */
export const createSeriesSchema = z.object({
  matchId: idSchema,
  firstTime: isoDateTimeSchema,
  interval: seriesIntervalSchema,
  count: z
    .number({ error: MSG.seriesCount })
    .int(MSG.seriesCount)
    .min(SERIES_MIN_COUNT, MSG.seriesCount)
    .max(SERIES_MAX_COUNT, MSG.seriesCount),
  messageFromProvider: messageFromProviderSchema,
  /** As a rebook's: needed when the therapist offers both and no earlier session says which. */
  meetingFormat: z.enum(SessionFormat, { error: MSG.meetingFormatRequired }).optional(),
  /** Book the free hours and list the taken ones as `skipped` instead of refusing them all. */
  skipConflicts: z.boolean().optional(),
});
export type CreateSeriesInput = z.infer<typeof createSeriesSchema>;

/** 201 of POST /bookings/series. */
export const seriesResponseSchema = z.object({
  id: idSchema,
  interval: seriesIntervalSchema,
  bookings: z.array(bookingSchema),
  /** With `skipConflicts`: the hours that were taken and left out. */
  skipped: z.array(isoDateTimeSchema).optional(),
});
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;

/** PATCH /bookings/series/:id/cancel answer: the sessions cancelled. */
export const seriesCancelResponseSchema = z.object({
  id: idSchema,
  cancelled: z.array(bookingSchema),
});
export type SeriesCancelResponse = z.infer<typeof seriesCancelResponseSchema>;

/** PATCH /bookings/move/:id payload: the new hour. */
export const moveBookingSchema = z.object({ time: isoDateTimeSchema });
export type MoveBookingInput = z.infer<typeof moveBookingSchema>;

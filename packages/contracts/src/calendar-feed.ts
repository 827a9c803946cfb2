import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { seriesHorizonEnd } from './rules/series';
import { addStockholmDays, startOfStockholmDay, type DateInput } from './time';

/*
 * A person's private calendar feed (docs/rules/bookings.md#a-private-calendar-feed,
 * decision 462): a secret URL a calendar subscribes to, listing their
 * sessions without a name.
 */

/** Every event of the feed is called this: the service, never a person or a profession. */
export const CALENDAR_FEED_SUMMARY = 'Samtal (Samtalsmatch)';

/** The feed reaches this many Stockholm days back from today. */
export const CALENDAR_FEED_DAYS_BACK = 30;

/** The secret's size: 32 random bytes (256 bits), written as 43 base64url characters. */
export const CALENDAR_FEED_SECRET_BYTES = 32;

/** The feed's path under PUBLIC_URL for a secret. */
export function calendarFeedPath(secret: string): string {
  return `/api/calendar/${secret}.ics`;
}

/**
 * The sessions a feed lists: from 00:00 Stockholm 30 days before today up to
 * the six-month horizon a series has (00:00 on the day after the same date
 * six months on), so every session a series can hold is in it.
 */
export function calendarFeedWindow(now: DateInput): { from: Date; to: Date } {
  return {
    from: addStockholmDays(startOfStockholmDay(now), -CALENDAR_FEED_DAYS_BACK),
    to: seriesHorizonEnd(now),
  };
}

/** POST /users/me/calendar-feed: the new feed's URL, shown once (only its hash is kept). */
export const calendarFeedCreatedSchema = z.object({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** GET /users/me/calendar-feed: whether a feed is on, and since when; never the URL. */
export const calendarFeedStatusSchema = z.object({
  enabled: z.boolean(),
  createdAt: isoDateTimeSchema.nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

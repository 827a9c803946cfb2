import {
  formatStockholmPlain,
  SLOT_MINUTES,
  stockholmDateKey,
  type Booking,
  type ProviderListBooking,
  type SeriesInterval,
} from '@samtalsmatch/contracts';
import type { BookingRow } from './bookings.repository';

/*
 * From a booking as stored to the Booking the API sends (contracts `bookingSchema`):
 * a row read by Drizzle, or a booking inside a match list as Postgres built
 * its JSON (times as epoch milliseconds). One mapping for both.
 */

/** The columns of a booking that the API's Booking shows (matches read only these). */
export type BookingDtoSource = Pick<
  BookingRow,
  | 'id'
  | 'matchId'
  | 'status'
  | 'meetingFormat'
  | 'confirmedTime'
  | 'suggestedTimes'
  | 'messageFromProvider'
  | 'cancelledBy'
  | 'cancelledAt'
  | 'completedAt'
  | 'expiresAt'
  | 'createdAt'
> & {
  /** The series the session belongs to, and its interval (absent: none). */
  seriesId?: string | null;
  seriesInterval?: SeriesInterval | null;
};

/** A booking as the API answers it (contracts' bookingSchema), alone or in a match. */
export function toBookingDto(row: BookingDtoSource): Booking {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const confirmed = row.confirmedTime;
  return {
    id: row.id,
    matchId: row.matchId,
    status: row.status,
    meetingFormat: row.meetingFormat,
    confirmedTime: iso(confirmed),
    suggestedTimes: row.suggestedTimes.map((t) => t.toISOString()),
    date: confirmed ? stockholmDateKey(confirmed) : null,
    startTime: confirmed ? formatStockholmPlain(confirmed, 'HH:mm') : null,
    endTime: confirmed
      ? formatStockholmPlain(new Date(confirmed.getTime() + SLOT_MINUTES * 60_000), 'HH:mm')
      : null,
    messageFromProvider: row.messageFromProvider,
    cancelledBy: row.cancelledBy,
    cancelledAt: iso(row.cancelledAt),
    completedAt: iso(row.completedAt),
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    seriesId: row.seriesId ?? null,
    // A row alone does not know its series' interval: then the field is left out.
    ...(row.seriesInterval !== undefined ? { seriesInterval: row.seriesInterval } : {}),
  };
}

/** A booking as the match lists' statements give it (times in epoch milliseconds). */
export interface BookingJson {
  id: string;
  matchId: string;
  status: BookingRow['status'];
  meetingFormat: BookingRow['meetingFormat'];
  suggestedTimes: number[];
  confirmedTime: number | null;
  messageFromProvider: string | null;
  cancelledBy: BookingRow['cancelledBy'];
  cancelledAt: number | null;
  completedAt: number | null;
  expiresAt: number | null;
  createdAt: number;
  seriesId: string | null;
  seriesInterval: SeriesInterval | null;
}

/** A booking of a match list, in the API's Booking shape. */
export function bookingFromJson(b: BookingJson): Booking {
  const date = (v: number | null) => (v === null ? null : new Date(v));
  return toBookingDto({
    id: b.id,
    matchId: b.matchId,
    status: b.status,
    meetingFormat: b.meetingFormat,
    suggestedTimes: b.suggestedTimes.map((t) => new Date(t)),
    confirmedTime: date(b.confirmedTime),
    messageFromProvider: b.messageFromProvider,
    cancelledBy: b.cancelledBy,
    cancelledAt: date(b.cancelledAt),
    completedAt: date(b.completedAt),
    expiresAt: date(b.expiresAt),
    createdAt: new Date(b.createdAt),
    seriesId: b.seriesId,
    seriesInterval: b.seriesInterval,
  });
}

/**
 * A booking of the therapist's list (contracts `providerListBookingSchema`,
 * decision 514): the Booking without its match's id, the Stockholm date and
 * clock times, and its creation time, which the dashboard never reads.
 */
export function providerListBookingFromJson(b: BookingJson): ProviderListBooking {
  const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
  return {
    id: b.id,
    status: b.status,
    meetingFormat: b.meetingFormat,
    confirmedTime: iso(b.confirmedTime),
    suggestedTimes: b.suggestedTimes.map((t) => new Date(t).toISOString()),
    messageFromProvider: b.messageFromProvider,
    cancelledBy: b.cancelledBy,
    cancelledAt: iso(b.cancelledAt),
    completedAt: iso(b.completedAt),
    expiresAt: iso(b.expiresAt),
    seriesId: b.seriesId,
    seriesInterval: b.seriesInterval,
  };
}

import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { SLOT_MINUTES } from '@samtalsmatch/contracts';

/** One calendar event of a booking, as mailed (decision 171). */
export interface CalendarInvite {
  bookingId: string;
  /** REQUEST: create or update the event; CANCEL: remove it. */
  method: 'REQUEST' | 'CANCEL';
  /** The booking's stored counter: a later message of the same UID carries a higher one. */
  sequence: number;
  start: Date;
  summary: string;
  /** Null: no DESCRIPTION at all (a discreet invite). */
  description: string | null;
  location: string | null;
  /** Where the booking is read after sign-in. */
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** PUBLIC_URL's host names the UID's domain. */
  uidDomain: string;
}

/** The UID of a booking's event: the same in every message about that booking. */
export function bookingUid(bookingId: string, uidDomain: string): string {
  return `booking-${bookingId}@${uidDomain}`;
}

/**
 * An iCalendar (RFC 5545/5546) object with one VEVENT, times in UTC, built
 * with ical-generator rather than by hand (escaping, line folding, CRLF).
 */
export function bookingIcs(invite: CalendarInvite): string {
  return bookingsIcs([invite]);
}

/**
 * One iCalendar object with a VEVENT per invite (a series' sessions, all
 * REQUEST or all CANCEL: the first invite's method is the object's).
 */
export function bookingsIcs(invites: readonly CalendarInvite[]): string {
  const method = invites[0]?.method ?? 'REQUEST';
  const calendar = ical({
    prodId: { company: 'Samtalsmatch', product: 'Bokningar', language: 'SV' },
    method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  for (const invite of invites) {
    calendar.createEvent({
      id: bookingUid(invite.bookingId, invite.uidDomain),
      sequence: invite.sequence,
      start: invite.start,
      end: new Date(invite.start.getTime() + SLOT_MINUTES * 60_000),
      stamp: new Date(),
      summary: invite.summary,
      description: invite.description,
      location: invite.location,
      url: invite.url,
      status: invite.method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
      organizer: invite.organizer,
      attendees: [{ name: invite.attendee.name, email: invite.attendee.email, rsvp: false }],
    });
  }
  return calendar.toString();
}

/** The outbox attachment of one invite or several: text/calendar with its method, base64 content. */
export function icsAttachment(invite: CalendarInvite | readonly CalendarInvite[]): {
  filename: string;
  contentType: string;
  content: string;
} {
  const invites: readonly CalendarInvite[] = Array.isArray(invite)
    ? invite
    : [invite as CalendarInvite];
  const method = invites[0]?.method ?? 'REQUEST';
  return {
    filename: method === 'REQUEST' ? 'bokning.ics' : 'avbokning.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(bookingsIcs(invites), 'utf8').toString('base64'),
  };
}

/** One session in a person's calendar feed (docs/rules/bookings.md#a-private-calendar-feed). */
export interface FeedEvent {
  bookingId: string;
  /** The booking's stored counter: the same SEQUENCE its last invite or cancel carried. */
  sequence: number;
  start: Date;
  cancelled: boolean;
  summary: string;
  location: string | null;
  url: string;
  /** DTSTAMP: when the booking last changed, so an unchanged feed is byte for byte the same. */
  stamp: Date;
  uidDomain: string;
}

/**
 * A subscription feed (RFC 5545, no METHOD: it is published, not sent),
 * one VEVENT per session with the UID its invites use; no organizer, no
 * attendee, no description. Built with ical-generator like the invites.
 */
export function feedIcs(events: readonly FeedEvent[]): string {
  const calendar = ical({
    prodId: { company: 'Samtalsmatch', product: 'Kalender', language: 'SV' },
    name: 'Samtalsmatch',
    // A hint to calendar apps: look again within the hour.
    ttl: 3600,
  });
  for (const event of events) {
    calendar.createEvent({
      id: bookingUid(event.bookingId, event.uidDomain),
      sequence: event.sequence,
      start: event.start,
      end: new Date(event.start.getTime() + SLOT_MINUTES * 60_000),
      stamp: event.stamp,
      summary: event.summary,
      location: event.location,
      url: event.url,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import type { MeetingFormat } from './enums';
import { SLOT_MINUTES } from './rules/booking-time';
import { ROUTES } from './rules/guard';
import { toDate, type DateInput } from './time';

/*
 * How one booked session happens, and the video room that serves a video
 * session. The rules are in docs/rules/video.md; the helpers here are the
 * only place that says a booking's place (mails, .ics, calendar feeds, web).
 */

/** How one session happens. A therapist may offer both; a booking is one of them. */
export const SessionFormat = ['VIDEO', 'IN_PERSON'] as const;
export type SessionFormat = (typeof SessionFormat)[number];
export const sessionFormatSchema = z.enum(SessionFormat);

/** What the web says about a confirmed session's place ("where and how, always said"). */
export const SESSION_FORMAT_LABELS: Record<SessionFormat, string> = {
  VIDEO: 'Videosamtal',
  IN_PERSON: 'På mottagningen',
};

/**
 * The format of a new booking (docs/rules/video.md#a-meeting-format-per-booking):
 * the client's choice when the therapist offers both, otherwise the
 * therapist's own format. A profile saved before the format existed meets at
 * the practice, as it always did.
 */
export type SessionFormatChoice =
  { ok: true; format: SessionFormat } | { ok: false; reason: 'REQUIRED' | 'NOT_OFFERED' };

export function resolveSessionFormat(
  offered: MeetingFormat | null | undefined,
  requested: SessionFormat | null | undefined,
): SessionFormatChoice {
  const only: SessionFormat | null =
    offered === 'BOTH' ? null : offered === 'VIDEO' ? 'VIDEO' : 'IN_PERSON';
  if (only === null) return requested ? { ok: true, format: requested } : fail('REQUIRED');
  if (requested && requested !== only) return fail('NOT_OFFERED');
  return { ok: true, format: only };
}

function fail(reason: 'REQUIRED' | 'NOT_OFFERED'): SessionFormatChoice {
  return { ok: false, reason };
}

/** The room's path in the web app (the route table's). */
export function roomPath(bookingId: string): string {
  return ROUTES.room(bookingId);
}

/** The room's address: PUBLIC_URL and the room's path (it names nothing but the service). */
export function roomUrl(publicUrl: string, bookingId: string): string {
  return `${publicUrl.replace(/(?<!\/)\/+$/, '')}${roomPath(bookingId)}`;
}

/**
 * A practice's address as one line ("Storgatan 1, 111 22 Stockholm"); null
 * when nothing of it is known. Mails, invites and the web say it the same way.
 */
export function practiceAddress(
  address: { street: string | null; zip: string | null; city: string | null } | null | undefined,
): string | null {
  if (!address) return null;
  const line = [address.street, [address.zip, address.city].filter(Boolean).join(' ')]
    .filter((s) => s && s.trim())
    .join(', ');
  return line || null;
}

/** What a booking's place is made of. */
export interface SessionPlaceInput {
  bookingId: string;
  meetingFormat: SessionFormat;
  /** The therapist's practice as one line, if known. */
  address: string | null;
}

/** Where a session happens: the room's link for video, the address at the practice. */
export type SessionPlace =
  { format: 'VIDEO'; roomUrl: string } | { format: 'IN_PERSON'; address: string | null };

/**
 * THE place of a booking, for mails, .ics invites, calendar feeds and the
 * web (docs/rules/video.md#where-a-session-happens). A video session's place
 * is its room link and never the address.
 */
export function sessionPlace(publicUrl: string, input: SessionPlaceInput): SessionPlace {
  return input.meetingFormat === 'VIDEO'
    ? { format: 'VIDEO', roomUrl: roomUrl(publicUrl, input.bookingId) }
    : { format: 'IN_PERSON', address: input.address };
}

/**
 * A calendar event's LOCATION: the room link for a video session (discreet
 * or not: it names nothing but the service), the address for a session at
 * the practice unless the invite is discreet, otherwise none.
 */
export function sessionLocation(
  publicUrl: string,
  input: SessionPlaceInput,
  discreet: boolean,
): string | null {
  const place = sessionPlace(publicUrl, input);
  if (place.format === 'VIDEO') return place.roomUrl;
  return discreet ? null : place.address;
}

/** The room opens this long before the session starts. */
export const ROOM_OPENS_MINUTES_BEFORE = 10;
/** The room closes this long after the booked hour ends. */
export const ROOM_CLOSES_MINUTES_AFTER = 15;

export interface RoomWindow {
  opensAt: Date;
  closesAt: Date;
}

/** When a session's room is open (docs/rules/video.md#the-rooms-hours). */
export function roomWindow(confirmedTime: DateInput): RoomWindow {
  const start = toDate(confirmedTime).getTime();
  return {
    opensAt: new Date(start - ROOM_OPENS_MINUTES_BEFORE * 60_000),
    closesAt: new Date(start + (SLOT_MINUTES + ROOM_CLOSES_MINUTES_AFTER) * 60_000),
  };
}

export type RoomState = 'BEFORE' | 'OPEN' | 'CLOSED';

/** Where `now` falls against a room's hours. */
export function roomState(confirmedTime: DateInput, now: DateInput): RoomState {
  return roomWindowState(roomWindow(confirmedTime), now);
}

/** Where `now` falls against hours already known (the room page has the API's opensAt/closesAt). */
export function roomWindowState(
  window: { opensAt: DateInput; closesAt: DateInput },
  now: DateInput,
): RoomState {
  const t = toDate(now).getTime();
  if (t < toDate(window.opensAt).getTime()) return 'BEFORE';
  return t < toDate(window.closesAt).getTime() ? 'OPEN' : 'CLOSED';
}

/**
 * Whether a booking's room can be entered now: a confirmed video session
 * inside its room's hours. The dashboards show "Till samtalet" by it.
 */
export function isRoomOpenFor(
  booking: { status: string; meetingFormat: SessionFormat; confirmedTime: DateInput | null },
  now: DateInput,
): boolean {
  return (
    booking.status === 'CONFIRMED' &&
    booking.meetingFormat === 'VIDEO' &&
    booking.confirmedTime !== null &&
    roomState(booking.confirmedTime, now) === 'OPEN'
  );
}

/** An ICE server as RTCPeerConnection takes it. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** GET /api/video/{bookingId}: the room for one of the booking's two people. */
export const videoRoomSchema = z.object({
  bookingId: z.string(),
  opensAt: isoDateTimeSchema,
  closesAt: isoDateTimeSchema,
  startsAt: isoDateTimeSchema,
  role: z.enum(['CLIENT', 'PROVIDER']),
  iceServers: z.array(iceServerSchema),
  /**
   * RTCPeerConnection's iceTransportPolicy, when the server's configuration
   * sets one ('relay': only through TURN, so neither browser learns the
   * other's address). Absent: the browser's default ('all').
   */
  iceTransportPolicy: z.enum(['all', 'relay']).optional(),
});
export type VideoRoom = z.infer<typeof videoRoomSchema>;

/** The signalling socket's bounds (docs/rules/video.md#signalling). */
export const SIGNAL_MAX_BYTES = 16 * 1024;
export const SIGNAL_MAX_MESSAGES = 60;
export const SIGNAL_RATE_WINDOW_MS = 10_000;

/**
 * What a browser sends on the signalling socket: an SDP description or ICE
 * candidate for the other person (`signal`), the therapist's "Släpp in"
 * (`admit`), or leaving.
 */
export const signalClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('signal'), data: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('admit') }),
  z.object({ type: z.literal('leave') }),
]);
export type SignalClientMessage = z.infer<typeof signalClientMessageSchema>;

/** What the server sends on the signalling socket. */
export type SignalServerMessage =
  | { type: 'waiting' }
  | { type: 'admitted' }
  | { type: 'joined' }
  | { type: 'client-waiting' }
  | { type: 'peer-ready' }
  | { type: 'peer-joined' }
  | { type: 'peer-left' }
  | { type: 'signal'; data: Record<string, unknown> }
  | { type: 'replaced' }
  | { type: 'closed' }
  | { type: 'error'; message: string };

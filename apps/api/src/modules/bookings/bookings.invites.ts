import { sessionLocation, type SessionFormat } from '@samtalsmatch/contracts';
import type { MailMessage } from '../mail/outbox';
import { appLink, type MailContext } from '../mail/templates';
import { icsAttachment, type CalendarInvite } from './bookings.calendar';

/*
 * Who a booking mail goes to, and the calendar invite it carries: discreet
 * (the time and the link, Samtalsmatch as organizer) unless a client turned
 * discreet mails off. The mails themselves are in bookings.mails.ts, whose
 * header holds the rules for both.
 */

/** Who a mail goes to. */
export interface Party {
  name: string;
  email: string;
}

/** A client, with their own choice (`users.discreet_mail`). */
export interface ClientParty extends Party {
  discreetMail: boolean;
}

/** The therapist as a client who turned discreet mails off may see them. */
export interface ProviderContact extends Party {
  phoneNumber: string | null;
  address: string | null;
}

/** The calendar identity of a booking's event and how it happens; its words are chosen here. */
export type InviteTiming = Pick<
  CalendarInvite,
  'bookingId' | 'method' | 'sequence' | 'start' | 'uidDomain'
> & { meetingFormat: SessionFormat };

/** The event's LOCATION through the one place rule (docs/rules/video.md#where-a-session-happens). */
function location(
  ctx: MailContext,
  timing: InviteTiming,
  address: string | null,
  discreet: boolean,
): string | null {
  const { bookingId, meetingFormat } = timing;
  return sessionLocation(ctx.publicUrl, { bookingId, meetingFormat, address }, discreet);
}

/** What a discreet invite is called. */
export const DISCREET_INVITE_SUMMARY = 'Samtal via Samtalsmatch';

/** Where every booking mail and invite leads: read after sign-in. */
export function bookingsLink(ctx: MailContext): string {
  return appLink(ctx, '/dashboard');
}

/**
 * The invite for a client: discreet unless they chose otherwise. The
 * therapist's name, message and address appear only in the open form.
 */
export function clientInvite(
  ctx: MailContext,
  timing: InviteTiming,
  client: ClientParty,
  provider: Pick<ProviderContact, 'name' | 'email' | 'address'>,
  message: string | null,
): CalendarInvite {
  const attendee = { name: client.name, email: client.email };
  if (client.discreetMail) return discreetInvite(ctx, timing, attendee);
  return {
    ...timing,
    summary: `Samtal med ${provider.name} (Samtalsmatch)`,
    description: message ?? `Session hos ${provider.name} via Samtalsmatch.`,
    location: location(ctx, timing, provider.address, false),
    url: bookingsLink(ctx),
    organizer: { name: provider.name, email: provider.email || ctx.contactEmail },
    attendee,
  };
}

/**
 * "Samtal via Samtalsmatch", the time and the link: no description, and no
 * location but a video session's room link (it names nothing but the service).
 */
export function discreetInvite(
  ctx: MailContext,
  timing: InviteTiming,
  attendee: Party,
): CalendarInvite {
  return {
    ...timing,
    summary: DISCREET_INVITE_SUMMARY,
    description: null,
    location: location(ctx, timing, null, true),
    url: bookingsLink(ctx),
    organizer: { name: 'Samtalsmatch', email: ctx.contactEmail },
    attendee,
  };
}

/**
 * The mail with its invite attached as an .ics file (none: the mail alone);
 * several invites (a series) travel as one file with an event each.
 */
export function withInvite(
  mail: MailMessage,
  invite: CalendarInvite | readonly CalendarInvite[] | null,
): MailMessage {
  if (!invite || (Array.isArray(invite) && invite.length === 0)) return mail;
  return { ...mail, attachments: [icsAttachment(invite)] };
}

import { formatStockholm } from '@samtalsmatch/contracts';
import type { MailMessage } from '../mail/outbox';
import { appLink, compose, hello, type MailContext } from '../mail/templates';
import { icsAttachment, type CalendarInvite } from './bookings.calendar';

/** Who a booking mail is about. */
export interface Party {
  name: string;
  email: string;
}

export interface ProviderContact extends Party {
  phoneNumber: string | null;
  address: string | null;
}

function when(time: Date): string {
  return formatStockholm(time);
}

function withInvite(mail: MailMessage, invite: CalendarInvite | null): MailMessage {
  return invite ? { ...mail, attachments: [icsAttachment(invite)] } : mail;
}

function contactLines(provider: ProviderContact): string {
  return [
    `E-post: ${provider.email}`,
    ...(provider.phoneNumber ? [`Telefon: ${provider.phoneNumber}`] : []),
    ...(provider.address ? [`Adress: ${provider.address}`] : []),
  ].join('\n');
}

/** A new request: to the therapist, with the three suggested times. */
export function newRequestMail(
  ctx: MailContext,
  provider: Party,
  clientName: string,
  times: readonly Date[],
): MailMessage {
  return compose(
    ctx,
    provider.email,
    `Ny bokningsförfrågan från ${clientName}`,
    hello(provider.name),
    [
      { p: `${clientName} vill boka en session hos dig och har föreslagit tre tider:` },
      { p: times.map((t) => `• ${when(t)}`).join('\n') },
      {
        p: 'Välj en av tiderna och bekräfta bokningen. Klienten får ett mejl så snart du har bekräftat. Förfrågan går ut om ingen av tiderna har bekräftats innan den sista har passerat.',
      },
      { link: { label: 'Granska förfrågan', href: appLink(ctx, '/dashboard') } },
    ],
  );
}

/** The therapist confirmed one time: to the client, with the invite. */
export function confirmedMail(
  ctx: MailContext,
  client: Party,
  provider: ProviderContact,
  time: Date,
  message: string | null,
  invite: CalendarInvite,
): MailMessage {
  return withInvite(
    compose(ctx, client.email, 'Din bokning är bekräftad', hello(client.name), [
      { p: `${provider.name} har bekräftat din bokning ${when(time)}.` },
      ...(message ? [{ p: `Meddelande från ${provider.name}:\n${message}` }] : []),
      { p: `Kontaktuppgifter till ${provider.name}:\n${contactLines(provider)}` },
      {
        p: 'En kalenderinbjudan finns bifogad. Behöver du avboka gör du det under Mina matchningar, enligt terapeutens avbokningspolicy.',
      },
      { link: { label: 'Visa bokningen', href: appLink(ctx, '/dashboard') } },
    ]),
    invite,
  );
}

/** The therapist sent a new time (rebook): to the client, with the invite. */
export function rebookedMail(
  ctx: MailContext,
  client: Party,
  provider: ProviderContact,
  time: Date,
  message: string | null,
  invite: CalendarInvite,
): MailMessage {
  return withInvite(
    compose(ctx, client.email, `Ny tid bokad hos ${provider.name}`, hello(client.name), [
      { p: `${provider.name} har bokat en ny tid för dig ${when(time)}.` },
      ...(message ? [{ p: `Meddelande från ${provider.name}:\n${message}` }] : []),
      { p: `Kontaktuppgifter till ${provider.name}:\n${contactLines(provider)}` },
      { p: 'En kalenderinbjudan finns bifogad.' },
      { link: { label: 'Visa bokningen', href: appLink(ctx, '/dashboard') } },
    ]),
    invite,
  );
}

/** The therapist cancelled: to the client (a confirmed booking carries the CANCEL). */
export function cancelledByProviderMail(
  ctx: MailContext,
  client: Party,
  providerName: string,
  time: Date | null,
  invite: CalendarInvite | null,
): MailMessage {
  const what = time
    ? `${providerName} har avbokat er session ${when(time)}.`
    : `${providerName} har tackat nej till din bokningsförfrågan.`;
  return withInvite(
    compose(ctx, client.email, 'Din bokning har avbokats', hello(client.name), [
      { p: what },
      {
        p: 'Du kan skicka en ny bokningsförfrågan till terapeuten eller välja en annan terapeut bland dina matchningar.',
      },
      { link: { label: 'Till Mina matchningar', href: appLink(ctx, '/dashboard') } },
    ]),
    invite,
  );
}

/** The client cancelled: to the therapist, whose hour is free again. */
export function cancelledByClientMail(
  ctx: MailContext,
  provider: Party,
  clientName: string,
  time: Date,
): MailMessage {
  return compose(ctx, provider.email, `${clientName} har avbokat`, hello(provider.name), [
    {
      p: `${clientName} har avbokat er session ${when(time)}. Tiden är ledig igen i din kalender.`,
    },
    { link: { label: 'Till dina bokningar', href: appLink(ctx, '/dashboard') } },
  ]);
}

/** The client's own receipt of a cancellation, so the calendar removes the event. */
export function clientCancelReceiptMail(
  ctx: MailContext,
  client: Party,
  providerName: string,
  time: Date,
  invite: CalendarInvite,
): MailMessage {
  return withInvite(
    compose(ctx, client.email, 'Din avbokning är registrerad', hello(client.name), [
      { p: `Du har avbokat din session hos ${providerName} ${when(time)}.` },
      { p: 'Den bifogade filen tar bort händelsen ur din kalender.' },
    ]),
    invite,
  );
}

/** 24 hours before a confirmed session: to each party. */
export function reminderMail(
  ctx: MailContext,
  to: Party,
  otherName: string,
  time: Date,
): MailMessage {
  return compose(ctx, to.email, 'Påminnelse: din session är om ett dygn', hello(to.name), [
    { p: `Det här är en påminnelse om din session med ${otherName} ${when(time)}.` },
    { link: { label: 'Visa bokningen', href: appLink(ctx, '/dashboard') } },
  ]);
}

/**
 * Why Samtalsmatch cancelled a booking (`cancelledBy: 'SYSTEM'`):
 * - PROVIDER_PAUSED: an admin took the therapist's verification back;
 * - ACCOUNT_CLOSED: the other party's account was erased.
 */
export type SystemCancelReason = 'PROVIDER_PAUSED' | 'ACCOUNT_CLOSED';

/**
 * Samtalsmatch cancelled a booking because the other party can no longer
 * take part: to the party who remains. Discreet: it names neither the other
 * party nor a profession and quotes nobody; it says what happened and when,
 * and links to sign in. A confirmed session's mail carries the CANCEL.
 */
export function cancelledBySystemMail(
  ctx: MailContext,
  to: { name: string | null; email: string; role: 'CLIENT' | 'PROVIDER' },
  reason: SystemCancelReason,
  time: Date | null,
  invite: CalendarInvite | null,
): MailMessage {
  const what = time
    ? `Sessionen ${when(time)}`
    : to.role === 'CLIENT'
      ? 'Din bokningsförfrågan'
      : 'En bokningsförfrågan till dig';
  const other = to.role === 'CLIENT' ? 'terapeuten' : 'klienten';
  const why =
    reason === 'PROVIDER_PAUSED'
      ? 'eftersom terapeuten inte kan ta emot bokningar just nu'
      : `eftersom ${other}s konto har avslutats`;
  const next =
    to.role === 'CLIENT'
      ? 'Du kan välja en annan terapeut bland dina matchningar.'
      : 'Tiden är ledig igen i din kalender.';
  return withInvite(
    compose(ctx, to.email, 'En bokning har avbokats av Samtalsmatch', hello(to.name), [
      { p: `${what} har avbokats av Samtalsmatch ${why}.` },
      { p: next },
      { link: { label: 'Logga in på Samtalsmatch', href: appLink(ctx, '/dashboard') } },
    ]),
    invite,
  );
}

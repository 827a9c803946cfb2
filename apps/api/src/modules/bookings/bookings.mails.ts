import {
  formatStockholm,
  ROOM_OPENS_MINUTES_BEFORE,
  sessionPlace,
  type SeriesInterval,
  type SessionFormat,
} from '@samtalsmatch/contracts';
import type { MailMessage } from '../mail/outbox';
import { compose, hello, type MailContext } from '../mail/templates';
import {
  bookingsLink,
  clientInvite,
  discreetInvite,
  withInvite,
  type ClientParty,
  type InviteTiming,
  type Party,
  type ProviderContact,
} from './bookings.invites';

/*
 * Every booking mail is composed here, and its calendar invite in
 * bookings.invites.ts; nowhere else (docs/rules/privacy.md#discreet-mails, decision 341). The rules, held by a unit test over every mail ×
 * discreet on/off × recipient:
 * - Discreet (the default): a mail says what happened and when (Stockholm
 *   time, "(svensk tid)") and links to where it is read after sign-in. It
 *   never names the other party, a profession or a problem area, and never
 *   carries the other party's text, contact details or address. Its invite
 *   says "Samtal via Samtalsmatch", the time and the link: no description,
 *   no location, Samtalsmatch as organizer.
 * - A client who turned discreet mails off gets the therapist's name,
 *   message, contact details and address in their own mails and invites.
 * - A mail to a therapist is discreet whatever anyone chose: the client's
 *   privacy is not the therapist's to waive.
 * - A video session's mails give the room's link, never the address
 *   (docs/rules/video.md#where-a-session-happens); the link names nothing but
 *   the service, so discreet mails carry it too.
 */

/** Which booking a mail is about and how it happens. */
export interface SessionRef {
  bookingId: string;
  meetingFormat: SessionFormat;
}

type Part = Parameters<typeof compose>[4][number];

/** A video session's room, in words and a link; nothing for a session at the practice. */
function roomParts(ctx: MailContext, session: SessionRef): Part[] {
  const place = sessionPlace(ctx.publicUrl, { ...session, address: null });
  if (place.format !== 'VIDEO') return [];
  return [
    {
      p: `Sessionen är ett videosamtal i webbläsaren. Rummet öppnar ${ROOM_OPENS_MINUTES_BEFORE} minuter innan: ${place.roomUrl}`,
    },
    { link: { label: 'Till samtalet', href: place.roomUrl } },
  ];
}

/** The therapist as an open mail shows them: a video session names no address. */
function shownFor(provider: ProviderContact, session: SessionRef): ProviderContact {
  return session.meetingFormat === 'VIDEO' ? { ...provider, address: null } : provider;
}

function when(time: Date): string {
  return formatStockholm(time);
}

function contactLines(provider: ProviderContact): string {
  return [
    `E-post: ${provider.email}`,
    ...(provider.phoneNumber ? [`Telefon: ${provider.phoneNumber}`] : []),
    ...(provider.address ? [`Adress: ${provider.address}`] : []),
  ].join('\n');
}

const READ_AFTER_SIGN_IN = 'Logga in för att läsa detaljerna och kontaktuppgifterna.';

/** A new request: to the therapist, with the three suggested times and the deadline (never the client's name). */
export function newRequestMail(
  ctx: MailContext,
  provider: Party,
  times: readonly Date[],
  deadline: Date,
) {
  return compose(ctx, provider.email, 'Ny bokningsförfrågan', hello(provider.name), [
    { p: 'Du har fått en ny bokningsförfrågan med tre föreslagna tider:' },
    { p: times.map((t) => `• ${when(t)}`).join('\n') },
    {
      p: `Logga in för att se förfrågan, välja en av tiderna och bekräfta bokningen. Svara senast ${when(deadline)}; då går förfrågan ut.`,
    },
    { link: { label: 'Granska förfrågan', href: bookingsLink(ctx) } },
  ]);
}

/**
 * Halfway to a request's deadline, still unanswered: one reminder to the
 * therapist (docs/rules/bookings.md#a-request-is-answered-within-48-hours).
 * No name at all, not even the therapist's: the subject and a link say it.
 */
export function requestReminderMail(ctx: MailContext, provider: Party, deadline: Date) {
  return compose(ctx, provider.email, 'Du har en obesvarad förfrågan', hello(null), [
    {
      p: `En bokningsförfrågan väntar på ditt svar. Svara senast ${when(deadline)}; då går förfrågan ut.`,
    },
    { link: { label: 'Granska förfrågan', href: bookingsLink(ctx) } },
  ]);
}

/**
 * A request went unanswered until its deadline: one mail to the client,
 * discreet whatever they chose (nothing of the other party to show).
 */
export function requestExpiredMail(ctx: MailContext, client: ClientParty, deadline: Date) {
  return compose(
    ctx,
    client.email,
    'Din bokningsförfrågan fick inget svar i tid',
    hello(client.name),
    [
      {
        p: `Din bokningsförfrågan fick inget svar före ${when(deadline)} och har gått ut. Tiderna du föreslog är inte längre reserverade.`,
      },
      {
        p: 'Logga in för att välja någon annan bland dina matchningar, eller skicka en ny förfrågan.',
      },
      { link: { label: 'Till Mina matchningar', href: bookingsLink(ctx) } },
    ],
  );
}

/** The therapist confirmed one time: to the client, with the invite. */
export function confirmedMail(
  ctx: MailContext,
  client: ClientParty,
  provider: ProviderContact,
  time: Date,
  message: string | null,
  timing: InviteTiming,
): MailMessage {
  const invite = clientInvite(ctx, timing, client, provider, message);
  const contact = shownFor(provider, timing);
  const parts = client.discreetMail
    ? [
        { p: `Din bokning ${when(time)} är bekräftad.` },
        { p: READ_AFTER_SIGN_IN },
        {
          p: 'En kalenderinbjudan finns bifogad. Behöver du avboka gör du det efter inloggning, enligt avbokningspolicyn.',
        },
      ]
    : [
        { p: `${provider.name} har bekräftat din bokning ${when(time)}.` },
        ...(message ? [{ p: `Meddelande från ${provider.name}:\n${message}` }] : []),
        { p: `Kontaktuppgifter till ${provider.name}:\n${contactLines(contact)}` },
        {
          p: 'En kalenderinbjudan finns bifogad. Behöver du avboka gör du det under Mina matchningar, enligt terapeutens avbokningspolicy.',
        },
      ];
  return withInvite(
    compose(ctx, client.email, 'Din bokning är bekräftad', hello(client.name), [
      ...parts,
      ...roomParts(ctx, timing),
      { link: { label: 'Visa bokningen', href: bookingsLink(ctx) } },
    ]),
    invite,
  );
}

/** The therapist sent a new time (rebook): to the client, with the invite. */
export function rebookedMail(
  ctx: MailContext,
  client: ClientParty,
  provider: ProviderContact,
  time: Date,
  message: string | null,
  timing: InviteTiming,
): MailMessage {
  const invite = clientInvite(ctx, timing, client, provider, message);
  const contact = shownFor(provider, timing);
  const [subject, parts] = client.discreetMail
    ? [
        'En ny tid är bokad åt dig',
        [
          { p: `En ny tid är bokad åt dig ${when(time)}.` },
          { p: READ_AFTER_SIGN_IN },
          { p: 'En kalenderinbjudan finns bifogad.' },
        ],
      ]
    : [
        `Ny tid bokad hos ${provider.name}`,
        [
          { p: `${provider.name} har bokat en ny tid för dig ${when(time)}.` },
          ...(message ? [{ p: `Meddelande från ${provider.name}:\n${message}` }] : []),
          { p: `Kontaktuppgifter till ${provider.name}:\n${contactLines(contact)}` },
          { p: 'En kalenderinbjudan finns bifogad.' },
        ],
      ];
  return withInvite(
    compose(ctx, client.email, subject, hello(client.name), [
      ...parts,
      ...roomParts(ctx, timing),
      { link: { label: 'Visa bokningen', href: bookingsLink(ctx) } },
    ]),
    invite,
  );
}

const SERIES_WORDS: Record<SeriesInterval, string> = {
  WEEKLY: 'varje vecka',
  BIWEEKLY: 'varannan vecka',
};

function timeList(times: readonly Date[]): string {
  return times.map((t) => `• ${when(t)}`).join('\n');
}

/**
 * The therapist booked a series (docs/rules/bookings.md#a-series-of-sessions):
 * one mail to the client for every session, with one .ics holding an event
 * per session.
 */
export function seriesBookedMail(
  ctx: MailContext,
  client: ClientParty,
  provider: ProviderContact,
  interval: SeriesInterval,
  timings: readonly InviteTiming[],
  message: string | null,
): MailMessage {
  const invites = timings.map((t) => clientInvite(ctx, t, client, provider, message));
  const times = timings.map((t) => t.start);
  const how = `${times.length} tillfällen, ${SERIES_WORDS[interval]}`;
  const [subject, parts] = client.discreetMail
    ? [
        'Nya tider är bokade åt dig',
        [
          { p: `Nya tider är bokade åt dig (${how}):` },
          { p: timeList(times) },
          { p: READ_AFTER_SIGN_IN },
          { p: 'En kalenderfil med alla tiderna finns bifogad.' },
        ],
      ]
    : [
        `Nya tider bokade hos ${provider.name}`,
        [
          { p: `${provider.name} har bokat nya tider för dig (${how}):` },
          { p: timeList(times) },
          ...(message ? [{ p: `Meddelande från ${provider.name}:\n${message}` }] : []),
          {
            p: `Kontaktuppgifter till ${provider.name}:\n${contactLines(timings[0] ? shownFor(provider, timings[0]) : provider)}`,
          },
          { p: 'En kalenderfil med alla tiderna finns bifogad.' },
        ],
      ];
  const video = timings.some((t) => t.meetingFormat === 'VIDEO')
    ? [
        {
          p: 'Sessionerna är videosamtal i webbläsaren. Länken till varje samtal finns i kalenderfilen och efter inloggning.',
        },
      ]
    : [];
  return withInvite(
    compose(ctx, client.email, subject, hello(client.name), [
      ...parts,
      ...video,
      { link: { label: 'Visa bokningarna', href: bookingsLink(ctx) } },
    ]),
    invites,
  );
}

/** The therapist cancelled the rest of a series: one mail to the client, a CANCEL per session. */
export function seriesCancelledMail(
  ctx: MailContext,
  client: ClientParty,
  provider: Pick<ProviderContact, 'name' | 'email' | 'address'>,
  timings: readonly InviteTiming[],
): MailMessage {
  const invites = timings.map((t) => clientInvite(ctx, t, client, provider, null));
  const times = timings.map((t) => t.start);
  const what = client.discreetMail
    ? 'De här kommande tiderna har avbokats:'
    : `${provider.name} har avbokat de här kommande tiderna:`;
  return withInvite(
    compose(ctx, client.email, 'Dina kommande tider har avbokats', hello(client.name), [
      { p: what },
      { p: timeList(times) },
      { p: 'Den bifogade filen tar bort tiderna ur din kalender.' },
      { link: { label: 'Till Mina matchningar', href: bookingsLink(ctx) } },
    ]),
    invites,
  );
}

/**
 * A session moved to another hour: to the client, with the updated invite
 * (same UID, higher SEQUENCE), whoever moved it.
 */
export function movedMail(
  ctx: MailContext,
  client: ClientParty,
  provider: ProviderContact,
  from: Date,
  timing: InviteTiming,
  byClient: boolean,
): MailMessage {
  const invite = clientInvite(ctx, timing, client, provider, null);
  const to = timing.start;
  const what = byClient
    ? `Du har flyttat din bokning från ${when(from)} till ${when(to)}.`
    : client.discreetMail
      ? `Din bokning ${when(from)} har flyttats till ${when(to)}.`
      : `${provider.name} har flyttat er session ${when(from)} till ${when(to)}.`;
  return withInvite(
    compose(ctx, client.email, 'Din bokning har flyttats', hello(client.name), [
      { p: what },
      { p: 'Den bifogade kalenderinbjudan uppdaterar händelsen i din kalender.' },
      ...roomParts(ctx, timing),
      { link: { label: 'Visa bokningen', href: bookingsLink(ctx) } },
    ]),
    invite,
  );
}

/** The client moved a session: to the therapist (never the client's name). */
export function movedByClientMail(ctx: MailContext, provider: Party, from: Date, to: Date) {
  return compose(ctx, provider.email, 'En bokning har flyttats', hello(provider.name), [
    {
      p: `Bokningen ${when(from)} har flyttats av klienten till ${when(to)}. Den gamla tiden är ledig igen i din kalender.`,
    },
    { link: { label: 'Till dina bokningar', href: bookingsLink(ctx) } },
  ]);
}

/**
 * The therapist cancelled or declined: to the client (a confirmed booking's
 * mail carries the CANCEL, `timing` given).
 */
export function cancelledByProviderMail(
  ctx: MailContext,
  client: ClientParty,
  provider: Pick<ProviderContact, 'name' | 'email' | 'address'>,
  time: Date | null,
  timing: InviteTiming | null,
): MailMessage {
  const invite = timing ? clientInvite(ctx, timing, client, provider, null) : null;
  const what = client.discreetMail
    ? time
      ? `Din bokning ${when(time)} har avbokats.`
      : 'Din bokningsförfrågan har avböjts.'
    : time
      ? `${provider.name} har avbokat er session ${when(time)}.`
      : `${provider.name} har tackat nej till din bokningsförfrågan.`;
  const next = client.discreetMail
    ? 'Logga in för att se mer och skicka en ny bokningsförfrågan.'
    : 'Du kan skicka en ny bokningsförfrågan till terapeuten eller välja en annan terapeut bland dina matchningar.';
  return withInvite(
    compose(ctx, client.email, 'Din bokning har avbokats', hello(client.name), [
      { p: what },
      { p: next },
      { link: { label: 'Till Mina matchningar', href: bookingsLink(ctx) } },
    ]),
    invite,
  );
}

/** The client cancelled: to the therapist, whose hour is free again (never the client's name). */
export function cancelledByClientMail(ctx: MailContext, provider: Party, time: Date) {
  return compose(ctx, provider.email, 'En bokning har avbokats', hello(provider.name), [
    { p: `Bokningen ${when(time)} har avbokats av klienten. Tiden är ledig igen i din kalender.` },
    { link: { label: 'Till dina bokningar', href: bookingsLink(ctx) } },
  ]);
}

/** The client's own receipt of a cancellation, so the calendar removes the event. */
export function clientCancelReceiptMail(
  ctx: MailContext,
  client: ClientParty,
  provider: Pick<ProviderContact, 'name' | 'email' | 'address'>,
  time: Date,
  timing: InviteTiming,
): MailMessage {
  const invite = clientInvite(ctx, timing, client, provider, null);
  const what = client.discreetMail
    ? `Du har avbokat din bokning ${when(time)}.`
    : `Du har avbokat din session hos ${provider.name} ${when(time)}.`;
  return withInvite(
    compose(ctx, client.email, 'Din avbokning är registrerad', hello(client.name), [
      { p: what },
      { p: 'Den bifogade filen tar bort händelsen ur din kalender.' },
      { link: { label: 'Till Mina matchningar', href: bookingsLink(ctx) } },
    ]),
    invite,
  );
}

/** 24 hours before a confirmed session: to the client. */
export function clientReminderMail(
  ctx: MailContext,
  client: ClientParty,
  providerName: string,
  time: Date,
  session: SessionRef,
): MailMessage {
  const what = client.discreetMail
    ? `Det här är en påminnelse om din bokning ${when(time)}.`
    : `Det här är en påminnelse om din session med ${providerName} ${when(time)}.`;
  return compose(ctx, client.email, 'Påminnelse: din bokning är om ett dygn', hello(client.name), [
    { p: what },
    ...roomParts(ctx, session),
    { link: { label: 'Visa bokningen', href: bookingsLink(ctx) } },
  ]);
}

/** 24 hours before a confirmed session: to the therapist (never the client's name). */
export function providerReminderMail(
  ctx: MailContext,
  provider: Party,
  time: Date,
  session: SessionRef,
): MailMessage {
  return compose(
    ctx,
    provider.email,
    'Påminnelse: en bokning är om ett dygn',
    hello(provider.name),
    [
      { p: `Det här är en påminnelse om en bokning ${when(time)}.` },
      ...roomParts(ctx, session),
      { link: { label: 'Visa bokningen', href: bookingsLink(ctx) } },
    ],
  );
}

/**
 * Why Samtalsmatch cancelled a booking (`cancelledBy: 'SYSTEM'`):
 * - PROVIDER_PAUSED: an admin took the therapist's verification back;
 * - ACCOUNT_CLOSED: the other party's account was erased.
 */
export type SystemCancelReason = 'PROVIDER_PAUSED' | 'ACCOUNT_CLOSED';

/**
 * Samtalsmatch cancelled a booking because the other party can no longer
 * take part: to the party who remains. Always discreet, whatever the
 * client chose: nothing "as before" to keep, and the other party may be
 * gone. A confirmed session's mail to a client carries the CANCEL.
 */
export function cancelledBySystemMail(
  ctx: MailContext,
  to: { name: string | null; email: string; role: 'CLIENT' | 'PROVIDER' },
  reason: SystemCancelReason,
  time: Date | null,
  timing: InviteTiming | null,
): MailMessage {
  const what = time
    ? to.role === 'CLIENT'
      ? `Din bokning ${when(time)}`
      : `Bokningen ${when(time)}`
    : to.role === 'CLIENT'
      ? 'Din bokningsförfrågan'
      : 'En bokningsförfrågan till dig';
  const why =
    reason === 'PROVIDER_PAUSED'
      ? 'eftersom den du skulle träffa inte kan ta emot bokningar just nu'
      : to.role === 'CLIENT'
        ? 'eftersom kontot hos den du skulle träffa har avslutats'
        : 'eftersom klientens konto har avslutats';
  const next =
    to.role === 'CLIENT'
      ? 'Logga in för att välja någon annan bland dina matchningar.'
      : 'Tiden är ledig igen i din kalender.';
  const invite =
    timing && to.role === 'CLIENT'
      ? discreetInvite(ctx, timing, { name: to.name ?? '', email: to.email })
      : null;
  return withInvite(
    compose(ctx, to.email, 'En bokning har avbokats av Samtalsmatch', hello(to.name), [
      { p: `${what} har avbokats av Samtalsmatch ${why}.` },
      { p: next },
      { link: { label: 'Logga in på Samtalsmatch', href: bookingsLink(ctx) } },
    ]),
    invite,
  );
}

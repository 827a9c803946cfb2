/*
 * The discreet-mail rules (docs/rules/privacy.md#discreet-mails, decision 341) over every
 * booking mail × the client's discreet setting × the recipient's role.
 */
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import {
  DISCREET_MAIL_DIALOG,
  OPEN_MAIL_SHOWS,
  ProviderTitle,
  PROVIDER_TITLE_LABELS,
} from '@samtalsmatch/contracts';
import { QUESTIONNAIRE } from '@samtalsmatch/db/seed';
import type { MailMessage } from '../../mail/outbox';
import type { MailContext } from '../../mail/templates';
import {
  cancelledByClientMail,
  cancelledByProviderMail,
  cancelledBySystemMail,
  clientCancelReceiptMail,
  clientReminderMail,
  confirmedMail,
  movedByClientMail,
  movedMail,
  newRequestMail,
  requestExpiredMail,
  requestReminderMail,
  providerReminderMail,
  rebookedMail,
  seriesBookedMail,
  seriesCancelledMail,
} from '../bookings.mails';
import {
  DISCREET_INVITE_SUMMARY,
  type ClientParty,
  type InviteTiming,
  type ProviderContact,
} from '../bookings.invites';

const ctx: MailContext = {
  publicUrl: 'https://samtalsmatch.example',
  companyName: 'Samtalsmatch AB',
  contactEmail: 'kontakt@samtalsmatch.example',
};
const LINK = 'https://samtalsmatch.example/dashboard';

const provider: ProviderContact = {
  name: 'Ingrid Bergström',
  email: 'ingrid.bergstrom@mottagning.example',
  phoneNumber: '0701234567',
  address: 'Storgatan 1, 111 22 Stockholm',
};
const MESSAGE = 'Välkommen! Porten har kod 1234, vi ses på tredje våningen.';
const clientWith = (discreetMail: boolean): ClientParty => ({
  name: 'Kalle Klientsson',
  email: 'kalle.klientsson@exempel.se',
  discreetMail,
});
// Tuesday 10 March 2026, 10:00 in Stockholm (09:00 UTC).
const TIME = new Date('2026-03-10T09:00:00Z');
const TIMES = [TIME, new Date('2026-03-10T10:00:00Z'), new Date('2026-03-11T13:00:00Z')];
const BOOKING_ID = '7f1e2d3c-0000-4000-8000-000000000001';
const ROOM = `https://samtalsmatch.example/samtal/${BOOKING_ID}`;
const timing = (
  method: 'REQUEST' | 'CANCEL',
  meetingFormat: 'VIDEO' | 'IN_PERSON' = 'IN_PERSON',
): InviteTiming => ({
  bookingId: BOOKING_ID,
  method,
  sequence: method === 'REQUEST' ? 0 : 1,
  start: TIME,
  uidDomain: 'samtalsmatch.example',
  meetingFormat,
});
const atPractice = { bookingId: BOOKING_ID, meetingFormat: 'IN_PERSON' as const };
const byVideo = { bookingId: BOOKING_ID, meetingFormat: 'VIDEO' as const };

type Role = 'CLIENT' | 'PROVIDER';
interface Case {
  mail: string;
  to: Role;
  /** The mail carries a time (a declined request has none). */
  timed: boolean;
  invite: 'REQUEST' | 'CANCEL' | null;
  /** Discreet whatever the client chose (Samtalsmatch's own cancellations). */
  alwaysDiscreet?: true;
  build: (client: ClientParty) => MailMessage;
}

const therapist = { name: provider.name, email: provider.email };
const CASES: Case[] = [
  {
    mail: 'new request',
    to: 'PROVIDER',
    timed: true,
    invite: null,
    build: () => newRequestMail(ctx, therapist, TIMES, TIME),
  },
  {
    mail: 'unanswered request reminder',
    to: 'PROVIDER',
    timed: true,
    invite: null,
    build: () => requestReminderMail(ctx, therapist, TIME),
  },
  {
    mail: 'request expired',
    to: 'CLIENT',
    alwaysDiscreet: true,
    timed: true,
    invite: null,
    build: (c) => requestExpiredMail(ctx, c, TIME),
  },
  {
    mail: 'confirmed',
    to: 'CLIENT',
    timed: true,
    invite: 'REQUEST',
    build: (c) => confirmedMail(ctx, c, provider, TIME, MESSAGE, timing('REQUEST')),
  },
  {
    mail: 'rebooked',
    to: 'CLIENT',
    timed: true,
    invite: 'REQUEST',
    build: (c) => rebookedMail(ctx, c, provider, TIME, MESSAGE, timing('REQUEST')),
  },
  {
    mail: 'series booked',
    to: 'CLIENT',
    timed: true,
    invite: 'REQUEST',
    build: (c) => seriesBookedMail(ctx, c, provider, 'WEEKLY', [timing('REQUEST')], MESSAGE),
  },
  {
    mail: 'the rest of a series cancelled',
    to: 'CLIENT',
    timed: true,
    invite: 'CANCEL',
    build: (c) => seriesCancelledMail(ctx, c, provider, [timing('CANCEL')]),
  },
  {
    mail: 'moved by the therapist',
    to: 'CLIENT',
    timed: true,
    invite: 'REQUEST',
    build: (c) =>
      movedMail(ctx, c, provider, new Date('2026-03-03T09:00:00Z'), timing('REQUEST'), false),
  },
  {
    mail: 'moved by the client',
    to: 'CLIENT',
    timed: true,
    invite: 'REQUEST',
    build: (c) =>
      movedMail(ctx, c, provider, new Date('2026-03-03T09:00:00Z'), timing('REQUEST'), true),
  },
  {
    mail: 'moved by the client',
    to: 'PROVIDER',
    timed: true,
    invite: null,
    build: () => movedByClientMail(ctx, therapist, new Date('2026-03-03T09:00:00Z'), TIME),
  },
  {
    mail: 'cancelled by the therapist',
    to: 'CLIENT',
    timed: true,
    invite: 'CANCEL',
    build: (c) => cancelledByProviderMail(ctx, c, provider, TIME, timing('CANCEL')),
  },
  {
    mail: 'request declined',
    to: 'CLIENT',
    timed: false,
    invite: null,
    build: (c) => cancelledByProviderMail(ctx, c, provider, null, null),
  },
  {
    mail: 'cancelled by the client',
    to: 'PROVIDER',
    timed: true,
    invite: null,
    build: () => cancelledByClientMail(ctx, therapist, TIME),
  },
  {
    mail: "client's cancel receipt",
    to: 'CLIENT',
    timed: true,
    invite: 'CANCEL',
    build: (c) => clientCancelReceiptMail(ctx, c, provider, TIME, timing('CANCEL')),
  },
  {
    mail: 'reminder',
    to: 'CLIENT',
    timed: true,
    invite: null,
    build: (c) => clientReminderMail(ctx, c, provider.name, TIME, atPractice),
  },
  {
    mail: 'reminder',
    to: 'PROVIDER',
    timed: true,
    invite: null,
    build: () => providerReminderMail(ctx, therapist, TIME, atPractice),
  },
  {
    mail: 'cancelled by Samtalsmatch, the therapist paused',
    to: 'CLIENT',
    alwaysDiscreet: true,
    timed: true,
    invite: 'CANCEL',
    build: (c) =>
      cancelledBySystemMail(
        ctx,
        { ...c, role: 'CLIENT' },
        'PROVIDER_PAUSED',
        TIME,
        timing('CANCEL'),
      ),
  },
  {
    mail: "a request cancelled by Samtalsmatch, the therapist's account closed",
    to: 'CLIENT',
    alwaysDiscreet: true,
    timed: false,
    invite: null,
    build: (c) =>
      cancelledBySystemMail(ctx, { ...c, role: 'CLIENT' }, 'ACCOUNT_CLOSED', null, null),
  },
  {
    mail: "cancelled by Samtalsmatch, the client's account closed",
    to: 'PROVIDER',
    timed: true,
    invite: null,
    build: () =>
      cancelledBySystemMail(ctx, { ...therapist, role: 'PROVIDER' }, 'ACCOUNT_CLOSED', TIME, null),
  },
];

/** Words that name a profession or a form of therapy. */
const PROFESSION_WORDS = [
  /terapeut/i,
  /terapi/i,
  /psykolog/i,
  /kurator/i,
  /socionom/i,
  /sexolog/i,
  /behandl/i,
  ...ProviderTitle.map((t) => new RegExp(PROVIDER_TITLE_LABELS[t], 'i')),
];
const PROBLEM_AREAS = QUESTIONNAIRE.find((q) => q.key === 'problem_areas')!.options.map(
  (o) => o.label,
);

function icsText(mail: MailMessage): string | null {
  const [attachment] = mail.attachments ?? [];
  return attachment ? Buffer.from(attachment.content, 'base64').toString('utf8') : null;
}

/** Everything a reader of the inbox or the calendar sees: subject, both bodies, the invite. */
function everything(mail: MailMessage): string {
  return [mail.subject, mail.text, mail.html, icsText(mail) ?? ''].join('\n');
}

function parsedEvent(mail: MailMessage) {
  const calendar = new ICAL.Component(ICAL.parse(icsText(mail)!));
  return { calendar, vevent: calendar.getFirstSubcomponent('vevent')! };
}

/** What the other party must never find in a discreet mail. */
function secretsOf(to: Role): string[] {
  return to === 'CLIENT'
    ? [
        provider.name,
        'Ingrid',
        'Bergström',
        provider.email,
        provider.phoneNumber!,
        'Storgatan',
        '111 22',
        MESSAGE,
        'Porten har kod',
      ]
    : [clientWith(true).name, 'Kalle', 'Klientsson', clientWith(true).email];
}

const table = CASES.flatMap((c) =>
  [true, false].map((discreet) => ({ ...c, discreet, label: `${c.mail} → ${c.to}` })),
);

describe.each(table)('$label, client discreet: $discreet', (c) => {
  const mail = c.build(clientWith(c.discreet));
  // Mails to therapists are discreet whatever the client chose.
  const discreet = c.to === 'PROVIDER' || c.alwaysDiscreet === true || c.discreet;

  it('goes to its recipient, says when in Stockholm time and links to sign in', () => {
    expect(mail.to).toBe(c.to === 'CLIENT' ? clientWith(true).email : provider.email);
    if (c.timed) {
      expect(mail.text).toContain('tisdag 10 mars 2026 kl. 10:00 (svensk tid)');
      expect(mail.html).toContain('(svensk tid)');
    }
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
  });

  it('never names a profession or a problem area when discreet', () => {
    if (!discreet) return;
    const seen = everything(mail);
    for (const word of PROFESSION_WORDS) expect(seen).not.toMatch(word);
    for (const area of PROBLEM_AREAS) expect(seen).not.toContain(area);
  });

  it("never carries the other party's name, text, contact details or address when discreet", () => {
    if (!discreet) return;
    const seen = everything(mail);
    for (const secret of secretsOf(c.to)) expect(seen).not.toContain(secret);
  });

  it("never names the client in a therapist's mail", () => {
    if (c.to !== 'PROVIDER') return;
    for (const secret of secretsOf('PROVIDER')) expect(everything(mail)).not.toContain(secret);
  });

  it('attaches the invite it should, parsable, with the booking’s UID and time', () => {
    if (!c.invite) {
      expect(mail.attachments ?? []).toEqual([]);
      return;
    }
    const { calendar, vevent } = parsedEvent(mail);
    expect(String(calendar.getFirstPropertyValue('method'))).toBe(c.invite);
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`booking-${timing(c.invite).bookingId}@samtalsmatch.example`);
    expect(event.startDate.toJSDate().toISOString()).toBe(TIME.toISOString());
    expect(String(vevent.getFirstPropertyValue('url'))).toBe(LINK);
  });

  it('a discreet invite: "Samtal via Samtalsmatch", no description, no location', () => {
    if (!c.invite || !discreet) return;
    const { vevent } = parsedEvent(mail);
    expect(vevent.getFirstPropertyValue('summary')).toBe(DISCREET_INVITE_SUMMARY);
    expect(vevent.hasProperty('description')).toBe(false);
    expect(vevent.hasProperty('location')).toBe(false);
    expect(String(vevent.getFirstPropertyValue('organizer'))).toBe(`mailto:${ctx.contactEmail}`);
  });
});

describe('a client who turned discreet mails off', () => {
  const open = clientWith(false);

  it.each([
    ['confirmed', confirmedMail(ctx, open, provider, TIME, MESSAGE, timing('REQUEST'))],
    ['rebooked', rebookedMail(ctx, open, provider, TIME, MESSAGE, timing('REQUEST'))],
  ])('gets the therapist’s name, message, contact details and address: %s', (_, mail) => {
    for (const shown of [provider.name, MESSAGE, provider.email, provider.phoneNumber!]) {
      expect(mail.text).toContain(shown);
    }
    expect(mail.text).toContain(provider.address);
    const { vevent } = parsedEvent(mail);
    expect(vevent.getFirstPropertyValue('summary')).toBe(
      `Samtal med ${provider.name} (Samtalsmatch)`,
    );
    expect(vevent.getFirstPropertyValue('description')).toBe(MESSAGE);
    expect(vevent.getFirstPropertyValue('location')).toBe(provider.address);
  });

  it('is named the therapist in the cancel, receipt and reminder mails', () => {
    for (const mail of [
      cancelledByProviderMail(ctx, open, provider, TIME, timing('CANCEL')),
      cancelledByProviderMail(ctx, open, provider, null, null),
      clientCancelReceiptMail(ctx, open, provider, TIME, timing('CANCEL')),
      clientReminderMail(ctx, open, provider.name, TIME, atPractice),
    ]) {
      expect(mail.text).toContain(provider.name);
    }
  });
});

describe('the dialog before turning discreet mails off', () => {
  // One marker per thing a client's booking mail can be given about the
  // therapist: every field of ProviderContact and the therapist's message.
  const given: Record<keyof ProviderContact | 'message', string> = {
    name: provider.name,
    email: provider.email,
    phoneNumber: provider.phoneNumber!,
    address: provider.address!,
    message: MESSAGE,
  };
  const open = clientWith(false);
  const seen = CASES.filter((c) => c.to === 'CLIENT' && !c.alwaysDiscreet)
    .map((c) => everything(c.build(open)))
    .join('\n');

  it('names exactly what the open mails and invites carry about the therapist', () => {
    const carried = Object.entries(given)
      .filter(([, marker]) => seen.includes(marker))
      .map(([key]) => key);
    expect(carried.sort()).toEqual(Object.keys(OPEN_MAIL_SHOWS).sort());
    const dialog = DISCREET_MAIL_DIALOG.text.join(' ');
    for (const label of Object.values(OPEN_MAIL_SHOWS)) expect(dialog).toContain(label);
  });

  it('does not claim a title or profession the mails never carry', () => {
    expect(DISCREET_MAIL_DIALOG.text.join(' ')).not.toMatch(/titel|yrke/i);
    for (const title of ProviderTitle) expect(seen).not.toContain(PROVIDER_TITLE_LABELS[title]);
  });
});

describe('a video session', () => {
  const confirmed = (discreetMail: boolean) =>
    confirmedMail(
      ctx,
      clientWith(discreetMail),
      provider,
      TIME,
      MESSAGE,
      timing('REQUEST', 'VIDEO'),
    );
  const rebooked = (discreetMail: boolean) =>
    rebookedMail(
      ctx,
      clientWith(discreetMail),
      provider,
      TIME,
      MESSAGE,
      timing('REQUEST', 'VIDEO'),
    );

  it.each([true, false])(
    'has the room link as the invite’s LOCATION and in the mail, never the address (discreet: %s)',
    (discreetMail) => {
      for (const mail of [confirmed(discreetMail), rebooked(discreetMail)]) {
        expect(mail.text).toContain(ROOM);
        expect(everything(mail)).not.toContain(provider.address);
        const { vevent } = parsedEvent(mail);
        expect(vevent.getFirstPropertyValue('location')).toBe(ROOM);
      }
    },
  );

  it('a cancel of a video session names the room as the place, not the address', () => {
    for (const discreetMail of [true, false]) {
      const mail = cancelledByProviderMail(
        ctx,
        clientWith(discreetMail),
        provider,
        TIME,
        timing('CANCEL', 'VIDEO'),
      );
      expect(parsedEvent(mail).vevent.getFirstPropertyValue('location')).toBe(ROOM);
      expect(everything(mail)).not.toContain(provider.address);
    }
  });

  it('both reminders link the room; a session at the practice links none', () => {
    const client = clientReminderMail(ctx, clientWith(true), provider.name, TIME, byVideo);
    const therapistMail = providerReminderMail(ctx, therapist, TIME, byVideo);
    for (const mail of [client, therapistMail]) expect(mail.text).toContain(ROOM);
    expect(
      clientReminderMail(ctx, clientWith(true), provider.name, TIME, atPractice).text,
    ).not.toContain('/samtal/');
  });
});

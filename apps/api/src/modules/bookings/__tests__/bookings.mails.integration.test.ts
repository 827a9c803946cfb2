/*
 * Booking mails read back from a real SMTP server (smtp-server), parsed with
 * mailparser, and their .ics files parsed with ical.js (strict: it throws on
 * a malformed file).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import ICAL from 'ical.js';
import { createDb, mailOutbox } from '@samtalsmatch/db';
import { DISCREET_MAIL_DIALOG, type Booking } from '@samtalsmatch/contracts';
import type { MailSettings } from '../../../config';
import { createLogger } from '../../../lib/logger';
import { createSmtpTransport } from '../../../lib/mailer';
import { eventually } from '../../../test/accounts';
import { startTestServer, type TestServer } from '../../../test/harness';
import { MailWorker } from '../../mail/outbox.worker';
import { sendDueReminders } from '../bookings.jobs';
import { createBookingRow, createSlots, matchedPair, signIn, stockholmTimes } from './fixtures';

const FAST: MailSettings = {
  pollIntervalMs: 50,
  retryBaseMs: 100,
  retryMaxMs: 300,
  maxAttempts: 1000,
  leaseMs: 60_000,
};

interface Received {
  to: string[];
  mail: ParsedMail;
}

let server: TestServer;
let smtp: SMTPServer;
let worker: MailWorker;
const received: Received[] = [];
let clock = new Date();

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  worker = new MailWorker({
    db: server.database.db,
    logger: createLogger('silent'),
    settings: FAST,
    transport: createSmtpTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Samtalsmatch <no-reply@samtalsmatch.example>',
    }),
  }).start();
});

afterAll(async () => {
  await worker.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await server.close();
});

beforeEach(() => {
  clock = new Date();
});

const db = () => server.database.db;
const iso = (d: Date) => d.toISOString();

/** Waits for the next mail to `to` with this subject. */
async function mailTo(to: string, subject: string | RegExp): Promise<ParsedMail> {
  return eventually(async () => {
    const hit = received.find(
      (r) =>
        r.to.includes(to) &&
        (typeof subject === 'string'
          ? r.mail.subject === subject
          : subject.test(r.mail.subject ?? '')),
    );
    return hit?.mail;
  });
}

interface ParsedInvite {
  method: string;
  summary: string;
  location: string | null;
  uid: string;
  sequence: number;
  start: string;
  end: string;
  status: string;
  contentType: string;
}

/** The mail's one .ics attachment, parsed strictly. */
function invite(mail: ParsedMail): ParsedInvite {
  const ics = mail.attachments.filter((a) => a.contentType === 'text/calendar');
  expect(ics).toHaveLength(1);
  const text = ics[0]!.content.toString('utf8');
  expect(text).toMatch(/\r\n/);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const dtstart = vevent.getFirstProperty('dtstart')!;
  // UTC times: no VTIMEZONE is needed.
  expect(String(dtstart.getFirstValue())).toMatch(/Z$/);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    summary: event.summary,
    location: event.location || null,
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: String(vevent.getFirstPropertyValue('status')),
    contentType: String(ics[0]!.headers.get('content-type') && ics[0]!.contentType),
  };
}

function rawContentType(mail: ParsedMail): string {
  const ct = mail.attachments[0]!.headers.get('content-type') as {
    value: string;
    params: Record<string, string>;
  };
  return `${ct.value}; method=${ct.params.method}`;
}

describe('booking mails over SMTP', () => {
  it('request → therapist; confirm (REQUEST) and client cancel (CANCEL, same UID, higher SEQUENCE); rebook; therapist cancel; discreet until the client turns it off', async () => {
    const { clientUser, providerUser, match, times } = await matchedPair(server, {
      now: clock,
      days: 5,
      hours: [9, 10, 15],
    });
    await createSlots(db(), providerUser.id, times);
    const client = await signIn(server, clientUser);
    const provider = await signIn(server, providerUser);

    const booking = (await (
      await client.post('/api/bookings', { matchId: match.id, suggestedTimes: times.map(iso) })
    ).json()) as Booking;
    const request = await mailTo(providerUser.email!, 'Ny bokningsförfrågan');
    // Mails to therapists never name the client (docs/rules/privacy.md#discreet-mails).
    expect(`${request.subject}\n${request.text}\n${request.html}`).not.toContain(clientUser.name);
    expect(request.text).toMatch(/kl\. 09:00 \(svensk tid\)/);
    expect(request.text).toMatch(/kl\. 10:00 \(svensk tid\)/);
    expect(request.text).toMatch(/kl\. 15:00 \(svensk tid\)/);
    expect(request.html).toContain('(svensk tid)');

    expect(
      (
        await provider.patch(`/api/bookings/confirm/${booking.id}`, {
          confirmedTime: iso(times[1]!),
          messageFromProvider: 'Välkommen in!',
        })
      ).status,
    ).toBe(200);
    const confirmed = await mailTo(clientUser.email!, 'Din bokning är bekräftad');
    expect(confirmed.text).toMatch(/kl\. 10:00 \(svensk tid\)/);
    // Discreet by default: neither the message, the name nor the contact details.
    for (const secret of ['Välkommen in!', providerUser.name, providerUser.phoneNumber!]) {
      expect(`${confirmed.subject}\n${confirmed.text}\n${confirmed.html}`).not.toContain(secret);
    }
    expect(rawContentType(confirmed)).toBe('text/calendar; method=REQUEST');
    const req = invite(confirmed);
    expect(req).toMatchObject({
      method: 'REQUEST',
      summary: 'Samtal via Samtalsmatch',
      location: null,
      uid: `booking-${booking.id}@localhost`,
      sequence: 0,
      start: iso(times[1]!),
      end: iso(new Date(times[1]!.getTime() + 3_600_000)),
      status: 'CONFIRMED',
    });

    expect((await client.patch(`/api/bookings/cancel/${booking.id}`, {})).status).toBe(200);
    const toTherapist = await mailTo(providerUser.email!, 'En bokning har avbokats');
    expect(toTherapist.text).toMatch(/kl\. 10:00 \(svensk tid\)/);
    expect(toTherapist.text).not.toContain(clientUser.name);
    const receipt = await mailTo(clientUser.email!, 'Din avbokning är registrerad');
    expect(rawContentType(receipt)).toBe('text/calendar; method=CANCEL');
    const cancel = invite(receipt);
    expect(cancel).toMatchObject({
      method: 'CANCEL',
      uid: req.uid,
      status: 'CANCELLED',
      start: req.start,
    });
    expect(cancel.sequence).toBeGreaterThan(req.sequence);

    // The client turns discreet mails off: their own mails now name the therapist.
    expect(
      (
        await client.patch('/api/users/me/preferences', {
          discreetMail: false,
          dialogVersion: DISCREET_MAIL_DIALOG.version,
        })
      ).status,
    ).toBe(200);
    const newTime = stockholmTimes(clock, 6, [11])[0]!;
    const rebooked = (await (
      await provider.post('/api/bookings/rebook', {
        matchId: match.id,
        confirmedTime: iso(newTime),
        messageFromProvider: 'Ny tid enligt samtal.',
      })
    ).json()) as Booking;
    const rebookMail = await mailTo(clientUser.email!, `Ny tid bokad hos ${providerUser.name}`);
    expect(rebookMail.text).toMatch(/kl\. 11:00 \(svensk tid\)/);
    expect(rebookMail.text).toContain('Ny tid enligt samtal.');
    expect(rebookMail.text).toContain(providerUser.phoneNumber!);
    const second = invite(rebookMail);
    expect(second).toMatchObject({
      method: 'REQUEST',
      summary: `Samtal med ${providerUser.name} (Samtalsmatch)`,
      uid: `booking-${rebooked.id}@localhost`,
      sequence: 0,
      start: iso(newTime),
    });

    expect((await provider.patch(`/api/bookings/cancel/${rebooked.id}`, {})).status).toBe(200);
    const byTherapist = await mailTo(clientUser.email!, 'Din bokning har avbokats');
    expect(byTherapist.text).toMatch(/kl\. 11:00 \(svensk tid\)/);
    expect(byTherapist.text).toContain(providerUser.name);
    expect(invite(byTherapist)).toMatchObject({ method: 'CANCEL', uid: second.uid, sequence: 1 });
  });

  it('a reminder to both 24 hours before, exactly once even with two processes claiming at once', async () => {
    const { clientUser, providerUser, match, times } = await matchedPair(server, {
      now: clock,
      hours: [14],
    });
    const session = times[0]!;
    await createBookingRow(db(), match, 'CONFIRMED', [session]);

    // More than 24 h ahead: not yet.
    expect(
      await sendDueReminders(db(), server.config, new Date(session.getTime() - 25 * 3_600_000)),
    ).toBe(0);

    const second = createDb(server.config.databaseUrl!, { max: 3 });
    try {
      const at = new Date(session.getTime() - 23 * 3_600_000);
      const counts = await Promise.all([
        sendDueReminders(db(), server.config, at),
        sendDueReminders(second.db, server.config, at),
        sendDueReminders(second.db, server.config, at),
        sendDueReminders(db(), server.config, at),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sendDueReminders(db(), server.config, new Date(at.getTime() + 60_000))).toBe(0);
    } finally {
      await second.close();
    }
    const toClient = await mailTo(clientUser.email!, 'Påminnelse: din bokning är om ett dygn');
    // Discreet: the client's reminder does not name the therapist, nor the therapist's the client.
    expect(toClient.text).not.toContain(providerUser.name);
    expect(toClient.text).toMatch(/kl\. 14:00 \(svensk tid\)/);
    const toProvider = await mailTo(providerUser.email!, 'Påminnelse: en bokning är om ett dygn');
    expect(toProvider.text).not.toContain(clientUser.name);
    expect(toProvider.text).toMatch(/kl\. 14:00 \(svensk tid\)/);
    const rows = (await db().select().from(mailOutbox)).filter((m) =>
      m.subject.startsWith('Påminnelse:'),
    );
    expect(rows.map((r) => r.toAddress).sort()).toEqual(
      [clientUser.email!, providerUser.email!].sort(),
    );
  });
});

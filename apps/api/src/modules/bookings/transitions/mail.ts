import { practiceAddress } from '@samtalsmatch/contracts';
import type { Executor } from '@samtalsmatch/db';
import type { Config } from '../../../config';
import { enqueueMail, type MailMessage } from '../../mail/outbox';
import type { ClientParty, InviteTiming, ProviderContact } from '../bookings.invites';
import type { BookingRow, findParties } from '../bookings.repository';

/** The parties of a transition's mails, and queuing them in its transaction. */

/** The domain of every booking event's UID: PUBLIC_URL's host. */
export function uidDomain(config: Config): string {
  try {
    return new URL(config.publicUrl).hostname || 'samtalsmatch.local';
  } catch {
    return 'samtalsmatch.local';
  }
}

export type Parties = Awaited<ReturnType<typeof findParties>>;

export function providerContact(p: Parties['provider']): ProviderContact | null {
  if (!p.email) return null;
  return { name: p.name, email: p.email, phoneNumber: p.phoneNumber, address: practiceAddress(p) };
}

/** The therapist as the client's own mails may show them (an address-less one: no e-mail). */
export function providerShown(p: Parties['provider']): ProviderContact {
  return providerContact(p) ?? { name: p.name, email: '', phoneNumber: null, address: null };
}

/** The client as a mail's recipient, with their discreet-mail choice; null without an address. */
export function clientParty(c: Parties['client']): ClientParty | null {
  return c.email ? { name: c.name, email: c.email, discreetMail: c.discreetMail } : null;
}

/** The calendar identity of a confirmed booking's event (its words: bookings.mails). */
export function invite(
  config: Config,
  booking: BookingRow,
  method: 'REQUEST' | 'CANCEL',
): InviteTiming | null {
  if (!booking.confirmedTime) return null;
  return {
    bookingId: booking.id,
    method,
    sequence: booking.icsSequence,
    start: booking.confirmedTime,
    uidDomain: uidDomain(config),
    meetingFormat: booking.meetingFormat,
  };
}

/** Queues the mails (those with a recipient) in the transition's transaction. */
export async function queue(tx: Executor, mails: (MailMessage | null)[]) {
  for (const mail of mails) if (mail?.to) await enqueueMail(tx, mail);
}

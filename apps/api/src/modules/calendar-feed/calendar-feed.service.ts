import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_SECRET_BYTES,
  CALENDAR_FEED_SUMMARY,
  calendarFeedPath,
  calendarFeedWindow,
  practiceAddress,
  sessionLocation,
  type CalendarFeedStatus,
} from '@samtalsmatch/contracts';
import type { Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { feedIcs, type FeedEvent } from '../bookings/bookings.calendar';
import { uidDomain } from '../bookings/transitions/mail';
import { bookingsLink } from '../bookings/bookings.invites';
import { mailContext } from '../mail/context';
import {
  deleteFeed,
  feedSessions,
  findFeed,
  findFeedOwner,
  storeFeed,
} from './calendar-feed.repository';

/*
 * A person's private calendar feed (docs/rules/bookings.md#a-private-calendar-feed,
 * decision 462). The URL's secret is 256 random bits; only its SHA-256 is
 * stored, and a request's secret is hashed and looked up by that hash, so
 * neither a copy of the database nor the time an answer takes gives a feed.
 */

/** What a secret looks like: 43 base64url characters (32 bytes). */
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new secret for the person (the old one stops at once); the URL is shown this once. */
export async function createFeed(
  db: Executor,
  config: Config,
  userId: string,
): Promise<{ url: string }> {
  const secret = randomBytes(CALENDAR_FEED_SECRET_BYTES).toString('base64url');
  await storeFeed(db, userId, hashSecret(secret));
  return { url: `${config.publicUrl}${calendarFeedPath(secret)}` };
}

export async function feedStatus(db: Executor, userId: string): Promise<CalendarFeedStatus> {
  const row = await findFeed(db, userId);
  return { enabled: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/** Turns the feed off (nothing to turn off is not an error: the state asked for holds). */
export async function turnFeedOff(db: Executor, userId: string): Promise<void> {
  await deleteFeed(db, userId);
}

/**
 * The feed's iCalendar text for a secret: 404 for a malformed, replaced or
 * turned-off secret alike. Each session's event carries the UID and
 * SEQUENCE of its invites, "Samtal (Samtalsmatch)", and the place by the one
 * rule of `sessionLocation` (the room link for video; the address only when
 * the client turned discreet mails off).
 */
export async function feedCalendar(
  db: Executor,
  config: Config,
  secret: string,
  now: Date,
): Promise<string> {
  if (!SECRET_FORMAT.test(secret)) throw new AppError('NOT_FOUND');
  const owner = await findFeedOwner(db, hashSecret(secret));
  if (!owner) throw new AppError('NOT_FOUND');
  const { from, to } = calendarFeedWindow(now);
  const sessions = await feedSessions(db, owner.id, from, to);
  const domain = uidDomain(config);
  const url = bookingsLink(mailContext(config));
  const events: FeedEvent[] = sessions.map((s) => ({
    bookingId: s.id,
    sequence: s.icsSequence,
    start: s.confirmedTime,
    cancelled: s.status === 'CANCELLED',
    summary: CALENDAR_FEED_SUMMARY,
    location: sessionLocation(
      config.publicUrl,
      { bookingId: s.id, meetingFormat: s.meetingFormat, address: practiceAddress(s) },
      s.clientDiscreetMail,
    ),
    url,
    stamp: s.updatedAt,
    uidDomain: domain,
  }));
  return feedIcs(events);
}

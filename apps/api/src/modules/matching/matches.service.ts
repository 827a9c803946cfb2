import {
  explainMatch,
  type Booking,
  type Match,
  type ProviderMatch,
  type UserType,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { toBookingDto, type BookingDtoSource } from '../bookings/bookings.service';
import { cachedQuestions } from '../questionnaire/questionnaire.repository';
import { toRuleAnswer } from '../questionnaire/questionnaire.service';
import {
  clientMatchRows,
  providerMatchesFingerprint,
  providerMatchRows,
  type BookingJson,
} from './matching.repository';
import { signedProfileImageUrl } from './profile-image';

/**
 * DESIGN §4: the client sees the therapist's e-mail and phone only once a
 * booking of the match is confirmed (a completed booking was confirmed too).
 */
export function contactVisible(matchBookings: readonly { status: string }[]): boolean {
  return matchBookings.some((b) => b.status === 'CONFIRMED' || b.status === 'COMPLETED');
}

interface Viewer {
  id: string;
  type: UserType;
}

/** A booking as Postgres sends it (times as epoch milliseconds) in SPEC §3's Booking shape. */
function bookingOf(b: BookingJson): Booking {
  const date = (v: number | null) => (v === null ? null : new Date(v));
  const source: BookingDtoSource = {
    id: b.id,
    matchId: b.matchId,
    status: b.status,
    suggestedTimes: b.suggestedTimes.map((t) => new Date(t)),
    confirmedTime: date(b.confirmedTime),
    messageFromProvider: b.messageFromProvider,
    cancelledBy: b.cancelledBy,
    cancelledAt: date(b.cancelledAt),
    completedAt: date(b.completedAt),
    expiresAt: date(b.expiresAt),
    createdAt: new Date(b.createdAt),
  };
  return toBookingDto(source);
}

/**
 * A client's matches (SPEC §3 Match, every status), or one of them: the
 * therapist with profile, signed image URL, address, answers, the bookings,
 * the explanation; contact details only once a booking is confirmed. One
 * prepared statement reads it all (decision 211).
 */
export async function clientMatches(
  database: DbHandle,
  config: Config,
  clientId: string,
  matchId?: string,
): Promise<Match[]> {
  const [rows, questions] = await Promise.all([
    clientMatchRows(database.pool, clientId, matchId),
    cachedQuestions(database.db),
  ]);
  if (rows.length === 0) return [];
  const signed = new Map<string, string | null>();
  const imageUrl = (key: string) => {
    if (!signed.has(key)) signed.set(key, signedProfileImageUrl(config, key));
    return signed.get(key)!;
  };
  return rows.map((m) => {
    const showContact = contactVisible(m.bookings);
    const profile = m.profile;
    return {
      id: m.id,
      status: m.status,
      score: m.score,
      providerId: m.providerId,
      clientId: m.clientId,
      provider: {
        name: m.provider.name,
        email: showContact ? m.provider.email : null,
        phoneNumber: showContact ? m.provider.phoneNumber : null,
        address: { street: m.provider.street, zip: m.provider.zip, city: m.provider.city },
        providerProfile: profile
          ? {
              title: profile.title,
              description: profile.description,
              price: profile.price,
              profileImageSignedUrl: imageUrl(profile.profileImageKey),
              cancellationPolicy: profile.cancellationPolicy,
              education: profile.education,
              sessionDuration: profile.sessionDuration,
              personalAttributes: profile.personalAttributes,
            }
          : null,
        answer: m.providerAnswers,
      },
      client: { name: m.clientName, answer: m.clientAnswers },
      bookings: m.bookings.map(bookingOf),
      overlaps: m.overlaps,
      explanation: explainMatch(
        m.clientAnswers.map(toRuleAnswer),
        m.providerAnswers.map(toRuleAnswer),
        questions,
      ),
      createdAt: new Date(m.createdAt).toISOString(),
    };
  });
}

/**
 * A therapist's ACTIVE matches (those with a booking request), or one of
 * them, in the provider's view (contracts `providerMatchSchema`, decision
 * 210): the client's name and answers and the bookings; not the therapist's
 * own profile again in each.
 */
async function providerMatchesWithFingerprint(
  database: DbHandle,
  providerId: string,
  matchId?: string,
): Promise<{ matches: ProviderMatch[]; fingerprint: string | null }> {
  const { rows, fingerprint } = await providerMatchRows(database.pool, providerId, matchId);
  const matches = rows.map((m) => ({
    id: m.id,
    status: m.status,
    score: m.score,
    providerId: m.providerId,
    clientId: m.clientId,
    client: { name: m.clientName, answer: m.clientAnswers },
    bookings: m.bookings.map(bookingOf),
    createdAt: new Date(m.createdAt).toISOString(),
  }));
  return { matches, fingerprint };
}

interface CachedList {
  fingerprint: string;
  body: Buffer;
}

/** At most this many therapists' lists are kept per app instance (least recently used dropped). */
const CACHE_ENTRIES = 64;
/** …and at most this many bytes of them. */
const CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The therapists' match lists as JSON, reused while their fingerprint is
 * unchanged (decision 212). Every read asks the database for the current
 * fingerprint first, so nothing stale is served, whichever process changed
 * the data. One per app instance.
 */
export class ProviderMatchesCache {
  private readonly entries = new Map<string, CachedList>();
  private bytes = 0;

  constructor(private readonly database: DbHandle) {}

  /** The therapist's ACTIVE matches as a JSON body (a `ProviderMatch[]`). */
  async json(providerId: string): Promise<Buffer> {
    const { pool } = this.database;
    const hit = this.entries.get(providerId);
    if (hit) {
      const current = await providerMatchesFingerprint(pool, providerId);
      if (current === hit.fingerprint) {
        // Most recently used last.
        this.entries.delete(providerId);
        this.entries.set(providerId, hit);
        return hit.body;
      }
    }
    const { matches, fingerprint } = await providerMatchesWithFingerprint(
      this.database,
      providerId,
    );
    const body = Buffer.from(JSON.stringify(matches));
    // An empty list has no row to carry its fingerprint: it is not kept.
    if (fingerprint === null) this.drop(providerId);
    else this.store(providerId, { fingerprint, body });
    return body;
  }

  private drop(providerId: string) {
    const old = this.entries.get(providerId);
    if (old) {
      this.entries.delete(providerId);
      this.bytes -= old.body.length;
    }
  }

  private store(providerId: string, entry: CachedList) {
    this.drop(providerId);
    if (entry.body.length > CACHE_BYTES) return;
    this.entries.set(providerId, entry);
    this.bytes += entry.body.length;
    for (const [id, e] of this.entries) {
      if (this.entries.size <= CACHE_ENTRIES && this.bytes <= CACHE_BYTES) break;
      this.entries.delete(id);
      this.bytes -= e.body.length;
    }
  }
}

/** One match of the caller, in their view; 404 when it is not theirs (never 403: that would say it exists). */
export async function matchFor(
  database: DbHandle,
  config: Config,
  viewer: Viewer,
  matchId: string,
): Promise<Match | ProviderMatch> {
  let match: Match | ProviderMatch | undefined;
  if (viewer.type === 'CLIENT') {
    [match] = await clientMatches(database, config, viewer.id, matchId);
  } else if (viewer.type === 'PROVIDER') {
    [match] = (await providerMatchesWithFingerprint(database, viewer.id, matchId)).matches;
  } else {
    throw new AppError('FORBIDDEN');
  }
  if (!match) throw new AppError('NOT_FOUND');
  return match;
}

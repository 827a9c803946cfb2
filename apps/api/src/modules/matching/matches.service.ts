import {
  answerLabels,
  explainMatch,
  LANGUAGE_QUESTION_KEY,
  publicLicences,
  stockholmDateKey,
  type Booking,
  type Match,
  type ProviderMatch,
  type UserType,
} from '@samtalsmatch/contracts';
import type { DbHandle } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { toBookingDto, type BookingDtoSource } from '../bookings/bookings.service';
import {
  cachedQuestions,
  type QuestionWithOptions,
} from '../questionnaire/questionnaire.repository';
import { toRuleAnswer } from '../questionnaire/questionnaire.service';
import {
  clientMatchesFingerprint,
  clientMatchRows,
  providerMatchesFingerprint,
  type ClientMatchRow,
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

interface ClientMatchesBuilt {
  matches: Match[];
  /** Of all the client's matches, read with the rows (null when there is none). */
  fingerprint: string | null;
  /** The questionnaire the explanations were made with. */
  questions: QuestionWithOptions[];
  /** Each profile image key with the URL signed for it. */
  images: [string, string | null][];
}

/**
 * An ACTIVE match whose therapist an admin no longer verifies: kept as the
 * client's history with its bookings, the therapist shown by name only (no
 * profile, no photo URL signed, no contact details, no answers).
 */
function pausedProviderMatch(m: ClientMatchRow): Match {
  return {
    id: m.id,
    status: m.status,
    score: m.score,
    providerId: m.providerId,
    clientId: m.clientId,
    provider: {
      name: m.provider.name,
      email: null,
      phoneNumber: null,
      address: null,
      providerProfile: null,
      answer: [],
      paused: true,
    },
    client: { name: m.clientName, answer: m.clientAnswers },
    bookings: m.bookings.map(bookingOf),
    overlaps: {},
    explanation: [],
    createdAt: new Date(m.createdAt).toISOString(),
  };
}

async function buildClientMatches(
  database: DbHandle,
  config: Config,
  clientId: string,
  now: number,
  matchId?: string,
): Promise<ClientMatchesBuilt> {
  const [{ rows, fingerprint }, questions] = await Promise.all([
    clientMatchRows(database.pool, clientId, matchId),
    cachedQuestions(database.db),
  ]);
  const signed = new Map<string, string | null>();
  const imageUrl = (key: string) => {
    if (!signed.has(key)) signed.set(key, signedProfileImageUrl(config, key, now));
    return signed.get(key)!;
  };
  const matches = rows.map((m): Match => {
    if (!m.providerVerified) return pausedProviderMatch(m);
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
              meetingFormat: profile.meetingFormat,
              languages: answerLabels(
                LANGUAGE_QUESTION_KEY,
                m.providerAnswers.map(toRuleAnswer),
                questions,
              ),
              licences: publicLicences(profile.title, profile.licenceChecks, now),
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
  return { matches, fingerprint, questions, images: [...signed] };
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
  now: number = Date.now(),
  matchId?: string,
): Promise<Match[]> {
  return (await buildClientMatches(database, config, clientId, now, matchId)).matches;
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
interface CachedClientList extends CachedList {
  questions: QuestionWithOptions[];
  /** The Stockholm day the licences were judged on (a check stops counting at a day's start). */
  day: string;
  images: [string, string | null][];
}

/** At most this many lists are kept per kind and app instance (least recently used dropped). */
const CACHE_ENTRIES = 64;
/** …and at most this many bytes of them. */
const CACHE_BYTES = 64 * 1024 * 1024;

/** Bodies by user id, least recently used first, bounded in number and bytes. */
class Bodies<T extends CachedList> {
  private readonly entries = new Map<string, T>();
  private bytes = 0;

  get(userId: string): T | undefined {
    return this.entries.get(userId);
  }

  /** Marks a reused entry as the most recently used. */
  touch(userId: string, entry: T) {
    this.entries.delete(userId);
    this.entries.set(userId, entry);
  }

  drop(userId: string) {
    const old = this.entries.get(userId);
    if (old) {
      this.entries.delete(userId);
      this.bytes -= old.body.length;
    }
  }

  store(userId: string, entry: T) {
    this.drop(userId);
    if (entry.body.length > CACHE_BYTES) return;
    this.entries.set(userId, entry);
    this.bytes += entry.body.length;
    for (const [id, e] of this.entries) {
      if (this.entries.size <= CACHE_ENTRIES && this.bytes <= CACHE_BYTES) break;
      this.entries.delete(id);
      this.bytes -= e.body.length;
    }
  }
}

/**
 * GET /matches as JSON, reused while its fingerprint is unchanged (decisions
 * 212 and 213). Every read asks the database for the current fingerprint
 * first, so nothing stale is served, whichever process changed the data; a
 * client's list is also made again when an image URL would be signed
 * differently now (each minute), on a new Stockholm day (a licence check
 * may have stopped counting) or when the questionnaire was read again. One per
 * app instance.
 */
export class MatchesCache {
  private readonly providers = new Bodies<CachedList>();
  private readonly clients = new Bodies<CachedClientList>();

  constructor(
    private readonly database: DbHandle,
    private readonly config: Config,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The therapist's ACTIVE matches as a JSON body (a `ProviderMatch[]`). */
  async providerJson(providerId: string): Promise<Buffer> {
    const { pool } = this.database;
    const hit = this.providers.get(providerId);
    if (hit && (await providerMatchesFingerprint(pool, providerId)) === hit.fingerprint) {
      this.providers.touch(providerId, hit);
      return hit.body;
    }
    const { matches, fingerprint } = await providerMatchesWithFingerprint(
      this.database,
      providerId,
    );
    const body = Buffer.from(JSON.stringify(matches));
    // An empty list has no row to carry its fingerprint: it is not kept.
    if (fingerprint === null) this.providers.drop(providerId);
    else this.providers.store(providerId, { fingerprint, body });
    return body;
  }

  /** The client's matches as a JSON body (a `Match[]`). */
  async clientJson(clientId: string): Promise<Buffer> {
    const { db, pool } = this.database;
    const now = this.now().getTime();
    const day = stockholmDateKey(now);
    const hit = this.clients.get(clientId);
    if (
      hit &&
      hit.day === day &&
      hit.questions === (await cachedQuestions(db)) &&
      hit.images.every(([key, url]) => signedProfileImageUrl(this.config, key, now) === url) &&
      (await clientMatchesFingerprint(pool, clientId)) === hit.fingerprint
    ) {
      this.clients.touch(clientId, hit);
      return hit.body;
    }
    const built = await buildClientMatches(this.database, this.config, clientId, now);
    const body = Buffer.from(JSON.stringify(built.matches));
    if (built.fingerprint === null) this.clients.drop(clientId);
    else
      this.clients.store(clientId, {
        fingerprint: built.fingerprint,
        body,
        questions: built.questions,
        images: built.images,
        day,
      });
    return body;
  }
}

/** One match of the caller, in their view; 404 when it is not theirs (never 403: that would say it exists). */
export async function matchFor(
  database: DbHandle,
  config: Config,
  viewer: Viewer,
  matchId: string,
  now: number = Date.now(),
): Promise<Match | ProviderMatch> {
  let match: Match | ProviderMatch | undefined;
  if (viewer.type === 'CLIENT') {
    [match] = await clientMatches(database, config, viewer.id, now, matchId);
  } else if (viewer.type === 'PROVIDER') {
    [match] = (await providerMatchesWithFingerprint(database, viewer.id, matchId)).matches;
  } else {
    throw new AppError('FORBIDDEN');
  }
  if (!match) throw new AppError('NOT_FOUND');
  return match;
}

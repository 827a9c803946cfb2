import {
  answerLabels,
  explainMatch,
  isFitCheckDue,
  LANGUAGE_QUESTION_KEY,
  MATCH_LIMIT,
  publicLicences,
  type Match,
  type ProviderMatch,
  type ProviderMatchSummary,
  type UserType,
} from '@samtalsmatch/contracts';
import type { Database } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { bookingFromJson, providerListBookingFromJson } from '../bookings/bookings.dto';
import { listQuestions, questionnaireAt } from '../questionnaire/questionnaire.repository';
import { toAnswerDtos, toRuleAnswer } from '../questionnaire/questionnaire.service';
import type { Built } from '../../lib/fingerprint-cache';
import { recordAccess } from '../privacy/access-log.repository';
import {
  clientMatchRows,
  providerMatchRowWithAnswers,
  providerMatchRows,
  type ClientMatchRow,
  type ProviderMatchRow,
} from './matches.repository';
import { hasNewCandidate, recomputeMatches } from './matching.service';
import { signedProfileImageUrl } from './profile-image';

/**
 * docs/rules/matching.md#therapist-profile-for-a-match: the client sees the therapist's e-mail and phone only once a
 * booking of the match is confirmed (a completed booking was confirmed too).
 */
function contactVisible(matchBookings: readonly { status: string }[]): boolean {
  return matchBookings.some((b) => b.status === 'CONFIRMED' || b.status === 'COMPLETED');
}

interface Viewer {
  id: string;
  type: UserType;
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
      ...(m.providerErased ? { erased: true } : {}),
    },
    client: { name: m.clientName, answer: m.clientAnswers },
    bookings: m.bookings.map(bookingFromJson),
    overlaps: {},
    explanation: [],
    createdAt: new Date(m.createdAt).toISOString(),
    ...courseOf(m),
  };
}

/** A recommendation whose therapist is no longer bookable at the read's clock. */
const unbookable = (m: ClientMatchRow) => m.status === 'PENDING' && m.bookable === false;

/**
 * Whether the list read needs the recommendations computed again
 * (docs/rules/matching.md#recommendations-at-read): a recommendation it
 * shows is no longer bookable, or it shows fewer than MATCH_LIMIT and a
 * therapist not recommended now ranks among the best candidates
 * (docs/rules/matching.md#a-short-list-grows-at-read, decision 500). A full
 * list of bookable recommendations is not scanned again.
 */
async function needsRecompute(
  db: Database,
  clientId: string,
  now: Date,
  rows: readonly ClientMatchRow[],
): Promise<boolean> {
  if (rows.some(unbookable)) return true;
  const recommended = rows.filter((m) => m.status === 'PENDING');
  if (recommended.length >= MATCH_LIMIT) return false;
  // A client without answers has none to score (the rows carry the client's answers when there are rows).
  if (rows.length > 0 && rows[0]!.clientAnswers.length === 0) return false;
  return hasNewCandidate(db, clientId, now, new Set(recommended.map((m) => m.providerId)));
}

/**
 * The client's rows as the list shows them (docs/rules/matching.md#recommendations-at-read):
 * a recommendation (PENDING) only of a therapist bookable now. When the read
 * finds one that is not, or a short list finds a new candidate among the
 * best, the client's recommendations are computed again (the one entry
 * point, `recomputeMatches`) and read once more, so the next best takes the
 * place or joins; ACTIVE and ENDED matches are never touched. A read of one
 * match (`matchId`) is not refreshed and shows a recommendation of a
 * therapist in good standing: the profile page stays while the client books.
 */
async function clientRowsShown(
  db: Database,
  clientId: string,
  now: Date,
  matchId: string | undefined,
): Promise<ClientMatchRow[]> {
  if (matchId !== undefined) {
    const rows = await clientMatchRows(db, clientId, now, matchId);
    return rows.filter((m) => m.status !== 'PENDING' || m.providerInStanding);
  }
  let rows = await clientMatchRows(db, clientId, now);
  if (await needsRecompute(db, clientId, now, rows)) {
    await recomputeMatches(db, clientId, now, 'AT_READ');
    rows = await clientMatchRows(db, clientId, now);
  }
  // Whatever changed meanwhile, a therapist not bookable now is never shown.
  return rows.filter((m) => !unbookable(m));
}

/**
 * A client's matches (every status), or one of them: the
 * therapist with profile, signed image URL, address, answers, the bookings,
 * the explanation; contact details only once a booking is confirmed. One
 * statement reads the matches with everything they show; a short list also
 * asks whether a new candidate ranks among the best, and a second statement
 * and the recomputation follow only when something changed.
 */
export async function clientMatches(
  db: Database,
  config: Config,
  clientId: string,
  now: number = Date.now(),
  matchId?: string,
): Promise<Match[]> {
  const rows = await clientRowsShown(db, clientId, new Date(now), matchId);
  // The questionnaire as the rows' statement saw its version: held per process.
  const questions = rows.length ? await questionnaireAt(db, rows[0]!.questionnaireVersion) : [];
  return rows.map((m): Match => {
    // docs/rules/matching.md#a-therapist-a-client-may-see-or-book: no profile, no photo URL.
    if (!m.providerInStanding) return pausedProviderMatch(m);
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
              profileImageSignedUrl: signedProfileImageUrl(config, profile.profileImageKey, now),
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
      bookings: m.bookings.map(bookingFromJson),
      overlaps: m.overlaps,
      explanation: explainMatch(
        m.clientAnswers.map(toRuleAnswer),
        m.providerAnswers.map(toRuleAnswer),
        questions,
      ),
      createdAt: new Date(m.createdAt).toISOString(),
      ...courseOf(m),
    };
  });
}

/** The fit check and the switch as a client's match shows them. */
function courseOf(m: ClientMatchRow): Pick<Match, 'fitCheckDue' | 'endedAt'> {
  return {
    fitCheckDue: isFitCheckDue({ status: m.status, bookings: m.bookings }, m.fitCheck),
    endedAt: m.endedAt === null ? null : new Date(m.endedAt).toISOString(),
  };
}

/**
 * The therapist's ACTIVE matches (those with a booking request) as a JSON
 * body in the list's view (contracts `providerMatchSummarySchema`): the
 * client's name and the bookings, no answers (decision 358), with the
 * fingerprint of the rows it was built from (null for an empty list: no row
 * carries it).
 */
export async function providerMatchesJson(
  db: Database,
  providerId: string,
): Promise<Built<Buffer>> {
  const rows = await providerMatchRows(db, providerId);
  return {
    value: Buffer.from(JSON.stringify(rows.map(providerSummary))),
    fingerprint: rows[0]?.fingerprint ?? null,
  };
}

/** A match as the therapist's list shows it (decision 514: only what the dashboard reads). */
function providerSummary(m: ProviderMatchRow): ProviderMatchSummary {
  return {
    id: m.id,
    status: m.status,
    client: { name: m.clientName },
    bookings: m.bookings.map(providerListBookingFromJson),
  };
}

/**
 * One ACTIVE match of the therapist in the provider's view (decision 210),
 * with the client's answers, each with its question as the client was asked
 * it (the client's text and options, so 'Vet inte / ingen preferens' reads
 * as such): this read is written to the client's access log in the same
 * transaction (decision 358), so no answer leaves without its row.
 */
async function providerMatch(
  db: Database,
  providerId: string,
  matchId: string,
  at: Date,
): Promise<ProviderMatch | undefined> {
  const [m, questions] = await Promise.all([
    db.transaction(async (tx) => {
      const row = await providerMatchRowWithAnswers(tx, providerId, matchId);
      if (!row) return undefined;
      // With a shared fit check the read shows it too, and the log says so.
      await recordAccess(
        tx,
        { id: providerId, type: 'PROVIDER' },
        [{ id: row.clientId, kind: row.fitCheck ? 'FIT_CHECK' : 'CLIENT_ANSWERS' }],
        at,
      );
      return row;
    }),
    listQuestions(db),
  ]);
  if (!m) return undefined;
  return {
    id: m.id,
    status: m.status,
    score: m.score,
    providerId: m.providerId,
    clientId: m.clientId,
    client: { name: m.clientName, answer: toAnswerDtos(m.clientAnswers, questions, 'CLIENT') },
    bookings: m.bookings.map(bookingFromJson),
    createdAt: new Date(m.createdAt).toISOString(),
    fitCheck: m.fitCheck
      ? { ...m.fitCheck, answeredAt: new Date(m.fitCheck.answeredAt).toISOString() }
      : null,
  };
}

/** One match of the caller, in their view; 404 when it is not theirs (never 403: that would say it exists). */
export async function matchFor(
  db: Database,
  config: Config,
  viewer: Viewer,
  matchId: string,
  now: number = Date.now(),
): Promise<Match | ProviderMatch> {
  let match: Match | ProviderMatch | undefined;
  if (viewer.type === 'CLIENT') {
    [match] = await clientMatches(db, config, viewer.id, now, matchId);
  } else if (viewer.type === 'PROVIDER') {
    match = await providerMatch(db, viewer.id, matchId, new Date(now));
  } else {
    throw new AppError('FORBIDDEN');
  }
  if (!match) throw new AppError('NOT_FOUND');
  return match;
}

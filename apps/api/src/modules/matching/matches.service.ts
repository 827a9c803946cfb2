import { inArray } from 'drizzle-orm';
import { explainMatch, type Booking, type Match, type UserType } from '@samtalsmatch/contracts';
import { bookings, providerProfiles, users, type Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import {
  answersOfUsers,
  listQuestions,
  type QuestionWithOptions,
} from '../questionnaire/questionnaire.repository';
import { toAnswerDtos, toRuleAnswer } from '../questionnaire/questionnaire.service';
import { matchesOf, type MatchRow } from './matching.repository';
import { signedProfileImageUrl } from './profile-image';

type BookingRow = typeof bookings.$inferSelect;

/** SPEC §3 Booking as a match carries it. */
export function toBookingDto(b: BookingRow): Booking {
  return {
    id: b.id,
    matchId: b.matchId,
    status: b.status,
    confirmedTime: b.confirmedTime?.toISOString() ?? null,
    suggestedTimes: b.suggestedTimes.map((t) => t.toISOString()),
    messageFromProvider: b.messageFromProvider,
    cancelledBy: b.cancelledBy,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    completedAt: b.completedAt?.toISOString() ?? null,
    // The history dates an expired request by its last suggested time (decision 170).
    expiresAt: b.expiresAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
  };
}

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

/**
 * The caller's matches (SPEC §3 Match): a client gets all of theirs, with
 * the therapist's profile, image URL, address, answers, bookings and the
 * explanation; a provider gets the ACTIVE ones (a booking was requested),
 * with the client's name and answers. Nobody else's.
 */
export async function matchesFor(
  db: Executor,
  config: Config,
  viewer: Viewer,
  matchId?: string,
): Promise<Match[]> {
  if (viewer.type !== 'CLIENT' && viewer.type !== 'PROVIDER') throw new AppError('FORBIDDEN');
  const rows = await matchesOf(db, { id: viewer.id, type: viewer.type }, matchId);
  if (rows.length === 0) return [];
  const ids = rows.map((m) => m.id);
  const people = [...new Set(rows.flatMap((m) => [m.clientId, m.providerId]))];
  const providerIds = [...new Set(rows.map((m) => m.providerId))];
  const [questions, userRows, profileRows, bookingRows, answers] = await Promise.all([
    listQuestions(db),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phoneNumber: users.phoneNumber,
        street: users.street,
        zip: users.zip,
        city: users.city,
      })
      .from(users)
      .where(inArray(users.id, people)),
    db.select().from(providerProfiles).where(inArray(providerProfiles.userId, providerIds)),
    db.select().from(bookings).where(inArray(bookings.matchId, ids)).orderBy(bookings.createdAt),
    answersOfUsers(db, people),
  ]);
  const userById = new Map(userRows.map((u) => [u.id, u]));
  const profileById = new Map(profileRows.map((p) => [p.userId, p]));
  const bookingsByMatch = new Map<string, BookingRow[]>();
  for (const b of bookingRows) {
    const list = bookingsByMatch.get(b.matchId) ?? [];
    list.push(b);
    bookingsByMatch.set(b.matchId, list);
  }
  return rows.map((m) =>
    toMatchDto(m, viewer, config, questions, {
      provider: userById.get(m.providerId)!,
      client: userById.get(m.clientId)!,
      profile: profileById.get(m.providerId),
      bookings: bookingsByMatch.get(m.id) ?? [],
      providerAnswers: answers.get(m.providerId) ?? [],
      clientAnswers: answers.get(m.clientId) ?? [],
    }),
  );
}

/** One match of the caller; 404 when it is not theirs (never 403: that would say it exists). */
export async function matchFor(
  db: Executor,
  config: Config,
  viewer: Viewer,
  matchId: string,
): Promise<Match> {
  const [match] = await matchesFor(db, config, viewer, matchId);
  if (!match) throw new AppError('NOT_FOUND');
  return match;
}

type UserPart = {
  id: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
};

function toMatchDto(
  m: MatchRow,
  viewer: Viewer,
  config: Config,
  questions: readonly QuestionWithOptions[],
  parts: {
    provider: UserPart;
    client: UserPart;
    profile: typeof providerProfiles.$inferSelect | undefined;
    bookings: BookingRow[];
    providerAnswers: Parameters<typeof toAnswerDtos>[0];
    clientAnswers: Parameters<typeof toAnswerDtos>[0];
  },
): Match {
  const isClient = viewer.type === 'CLIENT';
  const showContact = !isClient || contactVisible(parts.bookings);
  const { provider, client, profile } = parts;
  const answersAsSeen = (rows: Parameters<typeof toAnswerDtos>[0], type: UserType) =>
    toAnswerDtos(rows, questions, type).map(({ question: _q, ...a }) => a);
  return {
    id: m.id,
    status: m.status,
    score: m.score,
    providerId: m.providerId,
    clientId: m.clientId,
    provider: {
      name: provider.name,
      email: showContact ? provider.email : null,
      phoneNumber: showContact ? provider.phoneNumber : null,
      address: { street: provider.street, zip: provider.zip, city: provider.city },
      providerProfile: profile
        ? {
            title: profile.title,
            description: profile.description,
            price: profile.price,
            profileImageSignedUrl: signedProfileImageUrl(config, profile.profileImageKey),
            cancellationPolicy: profile.cancellationPolicy,
            education: profile.education,
            sessionDuration: profile.sessionDuration,
            personalAttributes: profile.personalAttributes,
          }
        : null,
      answer: answersAsSeen(parts.providerAnswers, 'PROVIDER'),
    },
    client: {
      name: client.name,
      answer: answersAsSeen(parts.clientAnswers, 'CLIENT'),
    },
    bookings: parts.bookings.map(toBookingDto),
    overlaps: m.overlaps,
    ...(isClient
      ? {
          explanation: explainMatch(
            parts.clientAnswers.map(toRuleAnswer),
            parts.providerAnswers.map(toRuleAnswer),
            questions,
          ),
        }
      : {}),
    createdAt: m.createdAt.toISOString(),
  };
}

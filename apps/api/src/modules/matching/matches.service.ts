import { inArray, sql } from 'drizzle-orm';
import { explainMatch, type Booking, type Match, type UserType } from '@samtalsmatch/contracts';
import { providerProfiles, type bookings, type Database, type Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import {
  cachedQuestions,
  type QuestionWithOptions,
} from '../questionnaire/questionnaire.repository';
import { toRuleAnswer } from '../questionnaire/questionnaire.service';
import { matchesOf, type MatchRow } from './matching.repository';
import { signedProfileImageUrl } from './profile-image';

type BookingRow = typeof bookings.$inferSelect;
/** The columns of a booking that SPEC §3 Booking shows. */
export type BookingDtoSource = Pick<
  BookingRow,
  | 'id'
  | 'matchId'
  | 'status'
  | 'confirmedTime'
  | 'suggestedTimes'
  | 'messageFromProvider'
  | 'cancelledBy'
  | 'cancelledAt'
  | 'completedAt'
  | 'expiresAt'
  | 'createdAt'
>;

/** SPEC §3 Booking as a match carries it. */
export function toBookingDto(b: BookingDtoSource): Booking {
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

type UserPart = {
  id: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
};

/** An answer as a match shows it (SPEC §3 Answer without the question). */
type AnswerPart = { questionId: string; value: string[]; importance: number | null };
type AnswerSource = {
  userId: string;
  questionId: string;
  value: string[];
  importance: number | null;
};

/*
 * The bulk reads of a provider's matches (hundreds of rows) go through
 * db.execute: node-postgres parses the rows, and drizzle's per-column
 * mapping (which dominated the CPU profile, decision 191) is skipped.
 */

async function usersById(db: Executor, ids: readonly string[]): Promise<Map<string, UserPart>> {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    email: string | null;
    phone_number: string | null;
    street: string | null;
    zip: string | null;
    city: string | null;
  }>(sql`select id, name, email, phone_number, street, zip, city from users
         where id = any(${sql.param([...ids])}::uuid[])`);
  return new Map(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        name: u.name,
        email: u.email,
        phoneNumber: u.phone_number,
        street: u.street,
        zip: u.zip,
        city: u.city,
      },
    ]),
  );
}

async function bookingsByMatch(
  db: Executor,
  matchIds: readonly string[],
): Promise<Map<string, BookingDtoSource[]>> {
  // drizzle leaves timestamps as Postgres text: epoch milliseconds (floored,
  // as Date parsing truncates) become Dates here without a text parser.
  const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::float8`);
  const { rows } = await db.execute<{
    id: string;
    match_id: string;
    status: BookingRow['status'];
    suggested_times: number[];
    confirmed_time: number | null;
    message_from_provider: string | null;
    cancelled_by: BookingRow['cancelledBy'];
    cancelled_at: number | null;
    completed_at: number | null;
    expires_at: number | null;
    created_at: number;
  }>(sql`select id, match_id, status,
                array(select ${ms('t')} from unnest(suggested_times) with ordinality as u(t, i)
                      order by i) as suggested_times,
                ${ms('confirmed_time')} as confirmed_time, message_from_provider, cancelled_by,
                ${ms('cancelled_at')} as cancelled_at, ${ms('completed_at')} as completed_at,
                ${ms('expires_at')} as expires_at,
                ${ms('created_at')} as created_at
         from bookings where match_id = any(${sql.param([...matchIds])}::uuid[])
         order by bookings.created_at`);
  const date = (v: number | null) => (v === null ? null : new Date(v));
  const out = new Map<string, BookingDtoSource[]>();
  for (const b of rows) {
    const list = out.get(b.match_id) ?? [];
    list.push({
      id: b.id,
      matchId: b.match_id,
      status: b.status,
      suggestedTimes: b.suggested_times.map((t) => new Date(t)),
      confirmedTime: date(b.confirmed_time),
      messageFromProvider: b.message_from_provider,
      cancelledBy: b.cancelled_by,
      cancelledAt: date(b.cancelled_at),
      completedAt: date(b.completed_at),
      expiresAt: date(b.expires_at),
      createdAt: new Date(b.created_at),
    });
    out.set(b.match_id, list);
  }
  return out;
}

async function answersByUser(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, AnswerSource[]>> {
  const { rows } = await db.execute<{
    user_id: string;
    question_id: string;
    value: string[];
    importance: number | null;
  }>(sql`select user_id, question_id, value, importance from answers
         where user_id = any(${sql.param([...userIds])}::uuid[])`);
  const out = new Map<string, AnswerSource[]>();
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push({
      userId: r.user_id,
      questionId: r.question_id,
      value: r.value,
      importance: r.importance,
    });
    out.set(r.user_id, list);
  }
  return out;
}

/**
 * The caller's matches (SPEC §3 Match): a client gets all of theirs, with
 * the therapist's profile, image URL, address, answers, bookings and the
 * explanation; a provider gets the ACTIVE ones (a booking was requested),
 * with the client's name and answers. Nobody else's. Whatever several
 * matches share (the therapist's part, a person's answers) is built once.
 */
export async function matchesFor(
  db: Database,
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
  const [questions, userById, profileRows, bookingRows, answers] = await Promise.all([
    cachedQuestions(db),
    usersById(db, people),
    db.select().from(providerProfiles).where(inArray(providerProfiles.userId, providerIds)),
    bookingsByMatch(db, ids),
    answersByUser(db, people),
  ]);
  const profileById = new Map(profileRows.map((p) => [p.userId, p]));
  const isClient = viewer.type === 'CLIENT';

  // Answers as a match shows them: known questions only, by question order.
  const orderOf = new Map(questions.map((q) => [q.id, q.order]));
  const seenAnswers = new Map<string, AnswerPart[]>();
  const answersAsSeen = (userId: string): AnswerPart[] => {
    let list = seenAnswers.get(userId);
    if (!list) {
      list = (answers.get(userId) ?? [])
        .filter((a) => orderOf.has(a.questionId))
        .sort((a, b) => orderOf.get(a.questionId)! - orderOf.get(b.questionId)!)
        .map((a) => ({ questionId: a.questionId, value: a.value, importance: a.importance }));
      seenAnswers.set(userId, list);
    }
    return list;
  };
  const providerParts = new Map<string, Match['provider']>();
  const providerPart = (providerId: string, showContact: boolean): Match['provider'] => {
    const key = `${providerId}:${showContact}`;
    let part = providerParts.get(key);
    if (!part) {
      const provider = userById.get(providerId)!;
      const profile = profileById.get(providerId);
      part = {
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
        answer: answersAsSeen(providerId) as Match['provider']['answer'],
      };
      providerParts.set(key, part);
    }
    return part;
  };

  return rows.map((m) => {
    const matchBookings = bookingRows.get(m.id) ?? [];
    const showContact = !isClient || contactVisible(matchBookings);
    return {
      id: m.id,
      status: m.status,
      score: m.score,
      providerId: m.providerId,
      clientId: m.clientId,
      provider: providerPart(m.providerId, showContact),
      client: {
        name: userById.get(m.clientId)!.name,
        answer: answersAsSeen(m.clientId) as Match['client']['answer'],
      },
      bookings: matchBookings.map(toBookingDto),
      overlaps: m.overlaps,
      ...(isClient ? { explanation: explanation(m, answers, questions) } : {}),
      createdAt: m.createdAt.toISOString(),
    };
  });
}

function explanation(
  m: MatchRow,
  answers: Map<string, AnswerSource[]>,
  questions: readonly QuestionWithOptions[],
) {
  const rule = (rows: AnswerSource[] | undefined) => (rows ?? []).map(toRuleAnswer);
  return explainMatch(rule(answers.get(m.clientId)), rule(answers.get(m.providerId)), questions);
}

/** One match of the caller; 404 when it is not theirs (never 403: that would say it exists). */
export async function matchFor(
  db: Database,
  config: Config,
  viewer: Viewer,
  matchId: string,
): Promise<Match> {
  const [match] = await matchesFor(db, config, viewer, matchId);
  if (!match) throw new AppError('NOT_FOUND');
  return match;
}

import { sql } from 'drizzle-orm';
import { bookableSlotWindow, type Importance } from '@samtalsmatch/contracts';
import {
  preparedSqlStatement,
  therapistBookableIn,
  therapistInStanding,
  type Executor,
  type matches,
  type providerProfiles,
} from '@samtalsmatch/db';
import type { BookingJson } from '../bookings/bookings.dto';
import { QUESTIONNAIRE_VERSION } from '../questionnaire/questionnaire.repository';

/*
 * Reading matches (GET /matches, GET /matches/{id}): each view is one
 * statement, with the JSON of the nested parts (answers, bookings, profile)
 * built by Postgres, so a list of any length is one round trip. Times are
 * epoch milliseconds (floored, as Date parsing truncates).
 */

type MatchRow = typeof matches.$inferSelect;
type ProfileRow = typeof providerProfiles.$inferSelect;

/** An answer as a match shows it: the Answer without the question (importance 1-3 by a check). */
export interface AnswerJson {
  questionId: string;
  value: string[];
  importance: Importance | null;
}

const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

/** The match's bookings, oldest first, as a JSON array of `BookingJson`. */
const BOOKINGS_JSON = sql.raw(`coalesce((
    select json_agg(json_build_object(
      'id', b.id, 'matchId', b.match_id, 'status', b.status, 'meetingFormat', b.meeting_format,
      'suggestedTimes', array(select ${ms('t')} from unnest(b.suggested_times) with ordinality as u(t, i) order by i),
      'confirmedTime', ${ms('b.confirmed_time')}, 'messageFromProvider', b.message_from_provider,
      'cancelledBy', b.cancelled_by, 'cancelledAt', ${ms('b.cancelled_at')},
      'completedAt', ${ms('b.completed_at')}, 'expiresAt', ${ms('b.expires_at')},
      'createdAt', ${ms('b.created_at')}, 'seriesId', b.series_id,
      'seriesInterval', (select s.interval from booking_series s where s.id = b.series_id))
      order by b.created_at, b.id)
    from bookings b where b.match_id = m.id), '[]'::json)`);

/** A person's answers to known questions, by question order, as a JSON array of `AnswerJson`. */
const answersJson = (userIdColumn: string) =>
  sql.raw(`coalesce((
    select json_agg(json_build_object(
      'questionId', a.question_id, 'value', a.value, 'importance', a.importance) order by q."order")
    from answers a join questions q on q.id = a.question_id where a.user_id = ${userIdColumn}), '[]'::json)`);

const CREATED_AT = sql.raw(ms('m.created_at'));
const CHECKED_AT = sql.raw(ms('lc.checked_at'));

export interface ClientMatchRow {
  id: string;
  status: MatchRow['status'];
  score: number;
  providerId: string;
  clientId: string;
  overlaps: Record<string, string[]>;
  createdAt: number;
  /**
   * The therapist is in good standing (docs/rules/matching.md#a-therapist-a-client-may-see-or-book);
   * false once an admin took the verification back.
   */
  providerInStanding: boolean;
  /**
   * A recommendation (PENDING) only: the therapist is bookable at the read's
   * clock (the rule's `therapistBookable`); null for any other status.
   */
  bookable: boolean | null;
  /** The therapist erased their account (decision 355): the row is a tombstone. */
  providerErased: boolean;
  provider: {
    name: string;
    email: string | null;
    phoneNumber: string | null;
    street: string | null;
    zip: string | null;
    city: string | null;
  };
  profile: {
    title: ProfileRow['title'];
    description: string;
    price: number;
    profileImageKey: string;
    cancellationPolicy: ProfileRow['cancellationPolicy'];
    education: ProfileRow['education'];
    sessionDuration: number;
    personalAttributes: string;
    meetingFormat: ProfileRow['meetingFormat'];
    /** Every licence check of the therapist (contracts' publicLicences picks what a client sees). */
    licenceChecks: { title: ProfileRow['title'][number]; registered: boolean; checkedAt: number }[];
  } | null;
  providerAnswers: AnswerJson[];
  clientName: string;
  clientAnswers: AnswerJson[];
  /** The questionnaire's version as this statement saw it (see QUESTIONNAIRE_VERSION). */
  questionnaireVersion: string;
  bookings: BookingJson[];
  /** The fit check's state (docs/rules/matching.md#fit-check), null before any. */
  fitCheck: { answeredAt: number | null; dismissedAt: number | null } | null;
  endedAt: number | null;
}

const CLIENT_ID = sql.placeholder('clientId');
const MATCH_ID = sql.placeholder('matchId');
/** The bookable window of the read's clock (contracts `bookableSlotWindow`), bound per execution. */
const WINDOW = {
  from: sql`${sql.placeholder('bookableFrom')}::timestamptz`,
  until: sql`${sql.placeholder('bookableUntil')}::timestamptz`,
};

/**
 * The statement of `clientMatchRows`: the whole list, or one match (two fixed
 * shapes, decision 440). `me` (the client's name, answers and the
 * questionnaire's version) is materialized: once per statement, not once per
 * match row, as Postgres would inline a CTE referenced once (decision 515).
 */
const clientMatchesSql = (oneMatch: boolean) => sql`
    with me as materialized (
      select u.name, ${answersJson('u.id')} as answers, ${QUESTIONNAIRE_VERSION} as qv from users u where u.id = ${CLIENT_ID}::uuid
    )
    select m.id, m.status, m.score, m.provider_id as "providerId", m.client_id as "clientId",
           m.overlaps, ${CREATED_AT} as "createdAt",
           json_build_object('name', p.name, 'email', p.email, 'phoneNumber', p.phone_number,
                             'street', p.street, 'zip', p.zip, 'city', p.city) as provider,
           standing.ok as "providerInStanding",
           case when m.status = 'PENDING' then ${therapistBookableIn(sql`m.provider_id`, WINDOW)} end as bookable,
           p.erased_at is not null as "providerErased",
           case when standing.ok then json_build_object(
             'title', pp.title, 'description', pp.description, 'price', pp.price,
             'profileImageKey', pp.profile_image_key, 'cancellationPolicy', pp.cancellation_policy,
             'education', pp.education, 'sessionDuration', pp.session_duration,
             'personalAttributes', pp.personal_attributes, 'meetingFormat', pp.meeting_format,
             'licenceChecks', (select coalesce(json_agg(json_build_object('title', lc.title,
                                 'registered', lc.registered,
                                 'checkedAt', ${CHECKED_AT})),
                               '[]')
                               from licence_checks lc where lc.provider_id = m.provider_id)
             ) end as profile,
           ${answersJson('m.provider_id')} as "providerAnswers",
           me.name as "clientName", me.answers as "clientAnswers", me.qv as "questionnaireVersion",
           ${BOOKINGS_JSON} as bookings,
           (select json_build_object('answeredAt', ${sql.raw(ms('f.answered_at'))},
                                     'dismissedAt', ${sql.raw(ms('f.dismissed_at'))})
              from fit_checks f where f.match_id = m.id) as "fitCheck",
           ${sql.raw(ms('m.ended_at'))} as "endedAt"
    from matches m
    cross join me
    join users p on p.id = m.provider_id
    left join provider_profiles pp on pp.user_id = m.provider_id
    cross join lateral (select ${therapistInStanding(sql`m.provider_id`)} as ok) standing
    where m.client_id = ${CLIENT_ID}::uuid ${oneMatch ? sql`and m.id = ${MATCH_ID}::uuid` : sql``}
    order by m.status = 'PENDING', m.score desc, m.rank, m.created_at, m.id`;
/** Built once per process, bound to the handle they run on (decision 441). */
const clientMatchesStatement = preparedSqlStatement<ClientMatchRow>(
  'client_matches',
  clientMatchesSql(false),
);
const clientMatchStatement = preparedSqlStatement<ClientMatchRow>(
  'client_match',
  clientMatchesSql(true),
);

/**
 * The client's matches (every status; each recommendation, PENDING, saying
 * whether its therapist is bookable at `now`: the caller drops those that
 * are not; the profile only of a therapist in good standing), or the one
 * with `matchId` if it is theirs: ACTIVE before PENDING, then by score, rank
 * (the ranking's order of equal scores) and age.
 */
export async function clientMatchRows(
  db: Executor,
  clientId: string,
  now: Date,
  matchId?: string,
): Promise<ClientMatchRow[]> {
  const { from, until } = bookableSlotWindow(now);
  const window = { bookableFrom: from.toISOString(), bookableUntil: until.toISOString() };
  const { rows } =
    matchId === undefined
      ? await clientMatchesStatement(db).execute({ clientId, ...window })
      : await clientMatchStatement(db).execute({ clientId, matchId, ...window });
  return rows;
}

/*
 * The fingerprint of a therapist's match list (GET /api/matches, kept by
 * lib/fingerprint-cache.ts): the number of rows and the sum of a 64-bit hash
 * of each row's xmin (the id of the transaction that wrote that row version),
 * read in one pass over the therapist's matches: each match with its client's
 * user row and each of its bookings (a match without bookings counts once).
 * Any committed insert, update or delete of a counted row changes it (but for
 * a 2^-64 coincidence); it formats nothing. It must cover, by itself, every
 * row the list shows:
 *   - the therapist's ACTIVE matches (id, status, client): m
 *   - their bookings, every column a booking shows: b
 *   - each match's client's user row (the name): c
 * The list carries no answers (they come with one match, GET /api/matches/{id},
 * read every time and logged; decision 358).
 * A column or table the provider's view starts to show is added here and to
 * the never-stale test (matches-read.integration.test.ts).
 */
const PROVIDER_ID = sql.placeholder('providerId');
const PROVIDER_FINGERPRINT = sql`(
    select count(*)::text || ':' || coalesce(sum(
             hashxidextended(fm.xmin, hashxidextended(fc.xmin, coalesce(hashxidextended(fb.xmin, 0), 1)))
           ), 0)::text
    from matches fm
    join users fc on fc.id = fm.client_id
    left join bookings fb on fb.match_id = fm.id
    where fm.provider_id = ${PROVIDER_ID}::uuid and fm.status <> 'PENDING'
  )`;
/** Built once per process, bound to the handle it runs on (decision 441). */
const providerMatchesFingerprintStatement = preparedSqlStatement<{ fingerprint: string }>(
  'provider_matches_fingerprint',
  sql`select ${PROVIDER_FINGERPRINT} as fingerprint`,
);

/**
 * The current fingerprint of the therapist's match list (see
 * PROVIDER_FINGERPRINT): read on every GET /api/matches of a therapist, so
 * prepared (decision 440).
 */
export async function providerMatchesFingerprint(
  db: Executor,
  providerId: string,
): Promise<string> {
  const { rows } = await providerMatchesFingerprintStatement(db).execute({ providerId });
  return rows[0]!.fingerprint;
}

/** A fit check the client shared (docs/rules/matching.md#fit-check); answeredAt in epoch ms. */
export interface SharedFitCheckJson {
  heard: number;
  goals: number;
  approach: number;
  continue: number;
  answeredAt: number;
}

export interface ProviderMatchRow {
  id: string;
  status: MatchRow['status'];
  score: number;
  providerId: string;
  clientId: string;
  createdAt: number;
  clientName: string;
  bookings: BookingJson[];
}

// A switch (ENDED) is the client's own: the therapist sees the match as ACTIVE
// (docs/rules/matching.md#switching-therapist).
const PROVIDER_MATCH_COLUMNS = sql`m.id, case when m.status = 'ENDED' then 'ACTIVE' else m.status end as status, m.score, m.provider_id as "providerId",
           m.client_id as "clientId", ${CREATED_AT} as "createdAt", c.name as "clientName",
           ${BOOKINGS_JSON} as bookings`;

/** Built once per process, bound to the handle it runs on (decision 441). */
const providerMatchesStatement = preparedSqlStatement<ProviderMatchRow & { fingerprint: string }>(
  'provider_matches',
  sql`
    select ${PROVIDER_FINGERPRINT} as fingerprint, ${PROVIDER_MATCH_COLUMNS}
    from matches m
    join users c on c.id = m.client_id
    where m.provider_id = ${PROVIDER_ID}::uuid and m.status <> 'PENDING'
    order by m.score desc, m.created_at, m.id`,
);

/**
 * The therapist's ACTIVE matches, best score first, without the clients'
 * answers, each row with the fingerprint of the whole list, read in the same
 * statement (one snapshot).
 */
export async function providerMatchRows(
  db: Executor,
  providerId: string,
): Promise<(ProviderMatchRow & { fingerprint: string })[]> {
  const { rows } = await providerMatchesStatement(db).execute({ providerId });
  return rows;
}

/** One ACTIVE match of the therapist with the client's answers by question order; undefined if not theirs. */
export async function providerMatchRowWithAnswers(
  db: Executor,
  providerId: string,
  matchId: string,
): Promise<
  | (ProviderMatchRow & { clientAnswers: AnswerJson[]; fitCheck: SharedFitCheckJson | null })
  | undefined
> {
  const { rows } = await db.execute<
    ProviderMatchRow & {
      clientAnswers: AnswerJson[];
      fitCheck: SharedFitCheckJson | null;
    } & Record<string, unknown>
  >(sql`
    select ${PROVIDER_MATCH_COLUMNS}, ${answersJson('m.client_id')} as "clientAnswers",
      (select json_build_object('heard', f.heard, 'goals', f.goals, 'approach', f.approach,
          'continue', f.continue_with, 'answeredAt', ${sql.raw(ms('f.answered_at'))})
        from fit_checks f
        where f.match_id = m.id and f.share_with_therapist and f.answered_at is not null) as "fitCheck"
    from matches m
    join users c on c.id = m.client_id
    where m.provider_id = ${providerId}::uuid and m.status <> 'PENDING' and m.id = ${matchId}::uuid`);
  return rows[0];
}

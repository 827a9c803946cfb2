import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Importance } from '@samtalsmatch/contracts';
import { matches, type bookings, type Executor, type providerProfiles } from '@samtalsmatch/db';

/**
 * One question the client answered, as the SQL scoring needs it (decision
 * 140): the position of the question in `matching_vectors.masks` (its
 * order), the bitmask of the client's values, their count and the weight.
 */
export interface ScoringTerm {
  questionOrder: number;
  mask: bigint;
  count: number;
  weight: number;
}

export interface TopCandidate {
  providerId: string;
  /** The SQL score (the exact fraction as a float); the service rescores it with the contracts rule. */
  score: number;
  earliestSlot: Date;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}

/** The single-bit masks (as signed 64-bit decimal text) of the bits set in `mask`. */
function maskBits(mask: bigint): string[] {
  const bits: string[] = [];
  for (let i = 0n; i < 64n; i += 1n) {
    if ((BigInt.asUintN(64, mask) >> i) & 1n) bits.push(BigInt.asIntN(64, 1n << i).toString());
  }
  // A term whose values are all unknown options has no bit: it never shares.
  return bits.length ? bits : ['0'];
}

/**
 * The best `limit` candidates for a client, filtered and scored in SQL over
 * `matching_vectors` alone (decisions 140, 190): candidates (verified
 * providers at ONBOARDING_COMPLETED) without an ACTIVE match with this client, not excluded by an importance-3 miss, with
 * an AVAILABLE slot in (from, until]; by score, ties on the earliest such
 * slot, then id. The score is DESIGN §4's Σ w·s / Σ w over bitmasks; only the
 * providers tied at or above the `limit`-th score look their slot up.
 */
export async function topCandidates(
  db: Executor,
  clientId: string,
  terms: readonly ScoringTerm[],
  window: { from: Date; until: Date },
  limit: number,
): Promise<TopCandidate[]> {
  const masked = (t: ScoringTerm) =>
    sql`(coalesce(v.masks[${t.questionOrder}::int], 0) & ${t.mask.toString()}::bigint)`;
  // Decision 190: the score Σ w·(shared/count) / Σ w as an exact integer
  // numerator over the common denominator lcm(counts)·Σ w, so the ordering
  // and the ties are those of the exact fractions (which is what the
  // contracts rule's rounding to 12 decimals gives), and every row costs a
  // few integer operations: `shared` is one bit test per value the client
  // chose, not a bit-string cast and count.
  const totalWeight = terms.reduce((s, t) => s + t.weight, 0);
  const common = terms.reduce((l, t) => lcm(l, t.count), 1);
  const numerator: SQL =
    totalWeight === 0
      ? sql`0::int8`
      : sql.join(
          terms.map(
            (t) =>
              sql`${(t.weight * common) / t.count}::int8 * (${sql.join(
                maskBits(t.mask).map(
                  (bit) =>
                    sql`((coalesce(v.masks[${t.questionOrder}::int], 0) & ${bit}::int8) <> 0)::int`,
                ),
                sql` + `,
              )})`,
          ),
          sql` + `,
        );
  const denominator = totalWeight === 0 ? 1 : common * totalWeight;
  const mustMatch = terms.filter((t) => t.weight === 3).map((t) => sql` and ${masked(t)} <> 0`);
  const from = window.from.toISOString();
  const until = window.until.toISOString();
  const result = await db.execute<{ provider_id: string; score: number; start_time: Date }>(sql`
    with scored as materialized (
      select v.user_id as provider_id, ${numerator} as score
      from matching_vectors v
      where v.candidate and v.user_id <> ${clientId}::uuid
        and not exists (
          select 1 from matches am
          where am.client_id = ${clientId}::uuid and am.provider_id = v.user_id and am.status = 'ACTIVE'
        )
        ${sql.join(mustMatch, sql``)}
    ),
    threshold as (
      select min(o.score) as score from (
        select s.score from (select * from scored order by score desc offset 0) s
        where exists (
          select 1 from availability_slots a1
          where a1.provider_id = s.provider_id and a1.status = 'AVAILABLE'
            and a1.start_time > ${from}::timestamptz and a1.start_time <= ${until}::timestamptz
        )
        limit ${limit}
      ) o
    )
    select s.provider_id, s.score, slot.start_time
    from scored s
    cross join lateral (
      select a2.start_time from availability_slots a2
      where a2.provider_id = s.provider_id and a2.status = 'AVAILABLE'
        and a2.start_time > ${from}::timestamptz and a2.start_time <= ${until}::timestamptz
      order by a2.start_time limit 1
    ) slot
    where s.score >= (select score from threshold)
    order by s.score desc, slot.start_time, s.provider_id
    limit ${limit}
  `);
  return result.rows.map((r) => ({
    providerId: r.provider_id,
    score: totalWeight === 0 ? 1 : Number(r.score) / denominator,
    earliestSlot: new Date(r.start_time),
  }));
}

/**
 * Replaces the client's PENDING matches with `best` (one statement each):
 * PENDING matches of providers no longer among the best (and without any
 * booking) go; the best are inserted, or updated when already PENDING, so a
 * match keeps its id while it stays recommended. ACTIVE matches are untouched.
 * Each carries its place in `best` (`rank`, 1 = best): the client's list orders
 * equal scores by it, as the ranking did (DESIGN §4, ties on the earliest slot).
 */
export async function replacePendingMatches(
  tx: Executor,
  clientId: string,
  best: readonly { providerId: string; score: number; overlaps: Record<string, string[]> }[],
): Promise<void> {
  const keep = best.map((b) => b.providerId);
  await tx
    .delete(matches)
    .where(
      and(
        eq(matches.clientId, clientId),
        eq(matches.status, 'PENDING'),
        keep.length ? notInArray(matches.providerId, keep) : undefined,
        sql`not exists (select 1 from bookings b where b.match_id = ${matches.id})`,
      ),
    );
  if (best.length === 0) return;
  await tx
    .insert(matches)
    .values(
      best.map((b, i) => ({
        clientId,
        providerId: b.providerId,
        status: 'PENDING' as const,
        score: b.score,
        overlaps: b.overlaps,
        rank: i + 1,
      })),
    )
    .onConflictDoUpdate({
      target: [matches.clientId, matches.providerId],
      set: {
        score: sql`excluded.score`,
        overlaps: sql`excluded.overlaps`,
        rank: sql`excluded.rank`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${matches.status} = 'PENDING'`,
    });
}

export type MatchRow = typeof matches.$inferSelect;

/*
 * Reading matches (GET /matches, GET /matches/{id}): each view is one
 * statement prepared once per pooled connection (decision 211), with the
 * JSON of the nested parts (answers, bookings, profile) built by Postgres.
 * Times are epoch milliseconds (floored, as Date parsing truncates).
 */

/** A booking as the match statements give it (times in epoch milliseconds). */
export interface BookingJson {
  id: string;
  matchId: string;
  status: BookingRow['status'];
  suggestedTimes: number[];
  confirmedTime: number | null;
  messageFromProvider: string | null;
  cancelledBy: BookingRow['cancelledBy'];
  cancelledAt: number | null;
  completedAt: number | null;
  expiresAt: number | null;
  createdAt: number;
}
type BookingRow = typeof bookings.$inferSelect;

/** An answer as a match shows it: SPEC §3 Answer without the question (importance 1-3 by a check). */
export interface AnswerJson {
  questionId: string;
  value: string[];
  importance: Importance | null;
}

const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

/** The match's bookings, oldest first, as a JSON array of `BookingJson`. */
const BOOKINGS_JSON = `coalesce((
    select json_agg(json_build_object(
      'id', b.id, 'matchId', b.match_id, 'status', b.status,
      'suggestedTimes', array(select ${ms('t')} from unnest(b.suggested_times) with ordinality as u(t, i) order by i),
      'confirmedTime', ${ms('b.confirmed_time')}, 'messageFromProvider', b.message_from_provider,
      'cancelledBy', b.cancelled_by, 'cancelledAt', ${ms('b.cancelled_at')},
      'completedAt', ${ms('b.completed_at')}, 'expiresAt', ${ms('b.expires_at')},
      'createdAt', ${ms('b.created_at')}) order by b.created_at, b.id)
    from bookings b where b.match_id = m.id), '[]'::json)`;

/** A person's answers to known questions, by question order, as a JSON array of `AnswerJson`. */
const answersJson = (userId: string) => `coalesce((
    select json_agg(json_build_object(
      'questionId', a.question_id, 'value', a.value, 'importance', a.importance) order by q."order")
    from answers a join questions q on q.id = a.question_id where a.user_id = ${userId}), '[]'::json)`;

export interface ClientMatchRow {
  id: string;
  status: MatchRow['status'];
  score: number;
  providerId: string;
  clientId: string;
  overlaps: Record<string, string[]>;
  createdAt: number;
  /** False once an admin took the verification back (only ACTIVE matches are read then). */
  providerVerified: boolean;
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
  bookings: BookingJson[];
}
type ProfileRow = typeof providerProfiles.$inferSelect;

/*
 * Decision 213: a fingerprint of everything a client's matches show, by the
 * xmin of each row they are built from (see FINGERPRINT below for why xmin):
 * the matches with their therapist's user row and profile, their bookings,
 * both parties' answers, the therapists' licence checks, the client's own
 * user row, and the questionnaire
 * (the answers' order, the explanation's labels). A client has a handful of
 * matches, so it reads a few dozen rows and formats nothing.
 */
const CLIENT_FINGERPRINT = `(
    select count(*)::text || ':' || coalesce(sum(hashxidextended(fm.xmin,
             hashxidextended(fp.xmin, coalesce(hashxidextended(fpp.xmin, 0), 1)))), 0)::text
    from matches fm
    join users fp on fp.id = fm.provider_id
    left join provider_profiles fpp on fpp.user_id = fm.provider_id
    where fm.client_id = $1::uuid
  ) || '/' || (
    select count(*)::text || ':' || coalesce(sum(hashxidextended(fb.xmin, 0)), 0)::text
    from matches fm join bookings fb on fb.match_id = fm.id where fm.client_id = $1::uuid
  ) || '/' || (
    select count(*)::text || ':' || coalesce(sum(hashxidextended(fa.xmin, 0)), 0)::text
    from (select a.xmin from answers a where a.user_id = $1::uuid
          union all
          select a.xmin from matches fm join answers a on a.user_id = fm.provider_id
          where fm.client_id = $1::uuid) fa
  ) || '/' || (
    select count(*)::text || ':' || coalesce(sum(hashxidextended(lc.xmin, 0)), 0)::text
    from matches fm join licence_checks lc on lc.provider_id = fm.provider_id
    where fm.client_id = $1::uuid
  ) || '/' || coalesce((select fu.xmin::text from users fu where fu.id = $1::uuid), '-')
  || '/' || (select coalesce(sum(hashxidextended(fq.xmin, 0)), 0)::text from questions fq)
  || '/' || (select coalesce(sum(hashxidextended(fo.xmin, 0)), 0)::text from question_options fo)`;

const CLIENT_MATCHES = `
  with me as (
    select u.name, ${answersJson('u.id')} as answers from users u where u.id = $1::uuid
  )
  select ${CLIENT_FINGERPRINT} as fingerprint,
         m.id, m.status, m.score, m.provider_id as "providerId", m.client_id as "clientId",
         m.overlaps, ${ms('m.created_at')} as "createdAt",
         json_build_object('name', p.name, 'email', p.email, 'phoneNumber', p.phone_number,
                           'street', p.street, 'zip', p.zip, 'city', p.city) as provider,
         coalesce(pp.is_verified, false) as "providerVerified",
         case when pp.user_id is null then null else json_build_object(
           'title', pp.title, 'description', pp.description, 'price', pp.price,
           'profileImageKey', pp.profile_image_key, 'cancellationPolicy', pp.cancellation_policy,
           'education', pp.education, 'sessionDuration', pp.session_duration,
           'personalAttributes', pp.personal_attributes, 'meetingFormat', pp.meeting_format,
           'licenceChecks', (select coalesce(json_agg(json_build_object('title', lc.title,
                               'registered', lc.registered, 'checkedAt', ${ms('lc.checked_at')})), '[]')
                             from licence_checks lc where lc.provider_id = m.provider_id)
           ) end as profile,
         ${answersJson('m.provider_id')} as "providerAnswers",
         me.name as "clientName", me.answers as "clientAnswers",
         ${BOOKINGS_JSON} as bookings
  from matches m
  cross join me
  join users p on p.id = m.provider_id
  left join provider_profiles pp on pp.user_id = m.provider_id
  where m.client_id = $1::uuid and ($2::uuid is null or m.id = $2::uuid)
    and (m.status <> 'PENDING' or coalesce(pp.is_verified, false))
  order by m.status = 'PENDING', m.score desc, m.rank, m.created_at, m.id`;

/**
 * The client's matches (every status; a recommendation, PENDING, only of a
 * verified therapist), or the one with `matchId` if it is theirs, with the fingerprint of all their matches read in the same
 * statement (one snapshot; null when there is no row).
 */
export async function clientMatchRows(
  pool: pg.Pool,
  clientId: string,
  matchId?: string,
): Promise<{ rows: ClientMatchRow[]; fingerprint: string | null }> {
  const { rows } = await pool.query<ClientMatchRow & { fingerprint: string }>({
    name: 'client_matches',
    text: CLIENT_MATCHES,
    values: [clientId, matchId ?? null],
  });
  return { rows, fingerprint: rows[0]?.fingerprint ?? null };
}

/** The current fingerprint of the client's matches (see CLIENT_FINGERPRINT). */
export async function clientMatchesFingerprint(pool: pg.Pool, clientId: string): Promise<string> {
  const { rows } = await pool.query<{ fingerprint: string }>({
    name: 'client_matches_fingerprint',
    text: `select ${CLIENT_FINGERPRINT} as fingerprint`,
    values: [clientId],
  });
  return rows[0]!.fingerprint;
}

/*
 * Decision 212: a fingerprint of what a therapist's match list shows. Every
 * row version in Postgres carries the id of the transaction that wrote it
 * (xmin), so the multiset of (match xmin, booking xmin) pairs of the
 * therapist's ACTIVE matches changes with any committed insert, update or
 * delete of those matches or their bookings. The client's answers and name
 * update the client's ACTIVE matches when they change (triggers, migration
 * 0008); the questions (whose order orders the answers) count too. Reading
 * it formats nothing.
 */
const FINGERPRINT = `(
    select count(*)::text || ':'
           || coalesce(sum(hashxidextended(fm.xmin, coalesce(hashxidextended(fb.xmin, 0), 1))), 0)::text
    from matches fm left join bookings fb on fb.match_id = fm.id
    where fm.provider_id = $1::uuid and fm.status = 'ACTIVE'
  ) || '/' || (select coalesce(sum(hashxidextended(fq.xmin, 0)), 0)::text from questions fq)`;

export interface ProviderMatchRow {
  id: string;
  status: MatchRow['status'];
  score: number;
  providerId: string;
  clientId: string;
  createdAt: number;
  clientName: string;
  clientAnswers: AnswerJson[];
  bookings: BookingJson[];
}

const PROVIDER_MATCHES = `
  select ${FINGERPRINT} as fingerprint,
         m.id, m.status, m.score, m.provider_id as "providerId", m.client_id as "clientId",
         ${ms('m.created_at')} as "createdAt",
         c.name as "clientName", ${answersJson('m.client_id')} as "clientAnswers",
         ${BOOKINGS_JSON} as bookings
  from matches m
  join users c on c.id = m.client_id
  where m.provider_id = $1::uuid and m.status = 'ACTIVE' and ($2::uuid is null or m.id = $2::uuid)
  order by m.score desc, m.created_at, m.id`;

/**
 * The therapist's ACTIVE matches (or the one with `matchId`), each row with
 * the fingerprint of the whole list, read in the same statement (one
 * snapshot; null when there is no row).
 */
export async function providerMatchRows(
  pool: pg.Pool,
  providerId: string,
  matchId?: string,
): Promise<{ rows: ProviderMatchRow[]; fingerprint: string | null }> {
  const { rows } = await pool.query<ProviderMatchRow & { fingerprint: string }>({
    name: 'provider_matches',
    text: PROVIDER_MATCHES,
    values: [providerId, matchId ?? null],
  });
  return { rows, fingerprint: rows[0]?.fingerprint ?? null };
}

/** The current fingerprint of the therapist's match list (see FINGERPRINT). */
export async function providerMatchesFingerprint(
  pool: pg.Pool,
  providerId: string,
): Promise<string> {
  const { rows } = await pool.query<{ fingerprint: string }>({
    name: 'provider_matches_fingerprint',
    text: `select ${FINGERPRINT} as fingerprint`,
    values: [providerId],
  });
  return rows[0]!.fingerprint;
}

import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  bookableSlot,
  hasBookableSlot,
  matches,
  therapistBookable,
  standingOfVectorsRow,
  type Executor,
} from '@samtalsmatch/db';

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
 * The therapists a client may be matched with, as conditions on
 * `matching_vectors v`: in good standing (the one rule,
 * docs/rules/matching.md#a-therapist-a-client-may-see-or-book), not the
 * client, without an ACTIVE match with this client nor one the client ended by
 * switching (docs/rules/matching.md#switching-therapist). The scoring and the empty
 * list's reason both read this and the rule's `bookableSlot`, so they count
 * the same therapists: those the rule calls bookable.
 */
function candidateFor(clientId: string): SQL {
  return sql`${standingOfVectorsRow('v')} and v.user_id <> ${clientId}::uuid
    and not exists (
      select 1 from matches am
      where am.client_id = ${clientId}::uuid and am.provider_id = v.user_id and am.status <> 'PENDING'
    )`;
}

/**
 * The best `limit` candidates for a client, filtered and scored in SQL over
 * `matching_vectors` alone (decisions 140, 190): bookable therapists
 * (`candidateFor` and the rule's `bookableSlot`) not excluded by an
 * importance-3 miss; by score, ties on the earliest bookable slot, then id.
 * The score is Σ w·s / Σ w over bitmasks (docs/rules/matching.md#score); only the
 * therapists tied at or above the `limit`-th score look their slot up, so the
 * rule's two halves are read at two stages here, and nowhere else.
 */
export async function topCandidates(
  db: Executor,
  clientId: string,
  terms: readonly ScoringTerm[],
  now: Date,
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
  const result = await db.execute<{ provider_id: string; score: number; start_time: Date }>(sql`
    with scored as materialized (
      select v.user_id as provider_id, ${numerator} as score
      from matching_vectors v
      where ${candidateFor(clientId)}
        ${sql.join(mustMatch, sql``)}
    ),
    threshold as (
      select min(o.score) as score from (
        select s.score from (select * from scored order by score desc offset 0) s
        where exists (
          select 1 from availability_slots a1
          where ${bookableSlot('a1', sql`s.provider_id`, now)}
        )
        limit ${limit}
      ) o
    )
    select s.provider_id, s.score, slot.start_time
    from scored s
    cross join lateral (
      select a2.start_time from availability_slots a2
      where ${bookableSlot('a2', sql`s.provider_id`, now)}
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

/** What `candidatePool` counts: see contracts `CandidatePool`. */
export interface CandidatePoolCounts {
  candidates: number;
  meetingAll: number;
  /** Per term of `veryImportant`, in its order: how many candidates share a value. */
  metBy: number[];
  /** The client's recommendations a list read now shows (PENDING, of a bookable therapist). */
  shown: number;
}

/**
 * Counts over the candidates `topCandidates` scores (`candidateFor`, with
 * the rule's `hasBookableSlot`): how many there are, how many share a
 * value with every one of the client's very important answers (`veryImportant`,
 * the importance-3 terms), and for each such answer how many do; and how
 * many recommendations the client's list shows now. One scan of
 * `matching_vectors`, read only; an empty or short match list says why from it.
 */
export async function candidatePool(
  db: Executor,
  clientId: string,
  veryImportant: readonly ScoringTerm[],
  now: Date,
): Promise<CandidatePoolCounts> {
  const shares = (t: ScoringTerm) =>
    sql`((coalesce(v.masks[${t.questionOrder}::int], 0) & ${t.mask.toString()}::bigint) <> 0)`;
  const all = veryImportant.length ? sql.join(veryImportant.map(shares), sql` and `) : sql`true`;
  const perTerm = veryImportant.map(
    (t, i) => sql`, (count(*) filter (where ${shares(t)}))::int as ${sql.identifier(`term_${i}`)}`,
  );
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select count(*)::int as candidates,
      (count(*) filter (where ${all}))::int as meeting_all,
      (select count(*)::int from matches shown
        where shown.client_id = ${clientId}::uuid and shown.status = 'PENDING'
          and ${therapistBookable(sql`shown.provider_id`, now)}) as shown
      ${sql.join(perTerm, sql``)}
    from matching_vectors v
    where ${candidateFor(clientId)}
      and ${hasBookableSlot(sql`v.user_id`, now)}
  `);
  const row = rows[0]!;
  return {
    candidates: Number(row.candidates),
    meetingAll: Number(row.meeting_all),
    metBy: veryImportant.map((_, i) => Number(row[`term_${i}`])),
    shown: Number(row.shown),
  };
}

/**
 * Replaces the client's PENDING matches with `best` (one statement each):
 * PENDING matches of providers no longer among the best (and without any
 * booking) go; the best are inserted, or updated when already PENDING, so a
 * match keeps its id while it stays recommended. ACTIVE matches are untouched.
 * Each carries its place in `best` (`rank`, 1 = best): the client's list orders
 * equal scores by it, as the ranking did (docs/rules/matching.md#ranking: ties on the earliest slot).
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

import {
  ANY_VALUE,
  emptyMatchesReason,
  EXCLUDING_IMPORTANCE,
  MATCH_LIMIT,
  rankCandidates,
  scoreProvider,
  type EmptyMatchesReason,
} from '@samtalsmatch/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@samtalsmatch/db';
import {
  answersOfUsers,
  listAnswers,
  listQuestions,
  lockUser,
  type AnswerRow,
  type QuestionWithOptions,
} from '../questionnaire/questionnaire.repository';
import { toRuleAnswer } from '../questionnaire/questionnaire.service';
import { hasCurrentConsent } from '../privacy/consents.repository';
import {
  candidatePool,
  replacePendingMatches,
  topCandidates,
  type ScoringTerm,
} from './matching.repository';

/** Options beyond bit 63 cannot be in a bigint mask (the seeded questions have at most 21). */
const MAX_MASK_BIT = 63;

/**
 * The client's answers as SQL scoring terms: per question answered (not free
 * text, not 'any'), the bitmask of the values, their number and the weight
 * (importance where the question has a scale, else 1), as scoreProvider reads them.
 */
function scoringTerms(
  clientAnswers: readonly AnswerRow[],
  questions: readonly QuestionWithOptions[],
): ScoringTerm[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const terms: ScoringTerm[] = [];
  for (const answer of clientAnswers) {
    const question = byId.get(answer.questionId);
    if (!question || question.type === 'TEXTAREA') continue;
    const values = [...new Set(answer.value)];
    if (values.length === 0 || values.includes(ANY_VALUE)) continue;
    let mask = 0n;
    for (const value of values) {
      const option = question.options.find((o) => o.value === value);
      if (option && option.order >= 1 && option.order <= MAX_MASK_BIT) {
        mask |= 1n << BigInt(option.order - 1);
      }
    }
    terms.push({
      questionOrder: question.order,
      mask: BigInt.asIntN(64, mask),
      count: values.length,
      weight: question.hasImportanceScale ? (answer.importance ?? 1) : 1,
    });
  }
  return terms;
}

/**
 * Why a recomputation runs. `AT_READ` is the one the client did not ask
 * for (a list read that found a recommendation no longer bookable, or a
 * short list with a new candidate): a therapist it adds is news for the
 * client's match alert, which the next round mails
 * (docs/rules/matching.md#the-match-alert-round). Every other path is the
 * client's own action (answers, a switch) or a tool.
 */
export type RecomputeCause = 'CLIENT' | 'AT_READ';

/**
 * The one entry point that computes a client's recommendations: every path
 * that needs them calls this (docs/rules/matching.md#when-recommendations-are-computed,
 * decisions 451 and 500), the background round too.
 *
 * Recomputes a client's PENDING matches (docs/rules/matching.md#recommendations) in one transaction that
 * locks the client's row, so two recomputations of one client run one after
 * the other (never failing, never duplicating). Candidates are filtered and
 * scored in SQL; the chosen ones are scored again by the contracts rule
 * (`scoreProvider`, which also gives the overlaps) and ranked by
 * `rankCandidates`; they replace the old PENDING matches, ACTIVE ones stay.
 * Answers the therapists the recommendations gained.
 */
export async function recomputeMatches(
  db: Database,
  clientId: string,
  now: Date = new Date(),
  cause: RecomputeCause = 'CLIENT',
): Promise<string[]> {
  const questions = await listQuestions(db);
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, clientId))) return [];
    const gained = await recomputeLocked(tx, clientId, questions, now);
    if (cause === 'AT_READ' && gained.length > 0) await noteGainForAlert(tx, clientId, now);
    return gained;
  });
}

/**
 * A gain the client did not ask for, written on their standing wish (none
 * written without one): the next round of the match alert mails for it even
 * though its own look finds nothing new (decision 500).
 */
async function noteGainForAlert(tx: Executor, clientId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update match_alerts set gained_at = ${now.toISOString()}::timestamptz
    where user_id = ${clientId}::uuid
  `);
}

/** The recompute, in a transaction that holds the client's row; answers the therapists gained. */
async function recomputeLocked(
  tx: Executor,
  clientId: string,
  questions: readonly QuestionWithOptions[],
  now: Date,
): Promise<string[]> {
  // No new recommendations from answers without a recorded consent (docs/rules/privacy.md#questionnaire-consent).
  if (!(await hasCurrentConsent(tx, clientId, 'QUESTIONNAIRE'))) return [];
  const before = await recommendedIds(tx, clientId);
  const clientAnswers = await listAnswers(tx, clientId);
  const top = await topCandidates(
    tx,
    clientId,
    scoringTerms(clientAnswers, questions),
    now,
    MATCH_LIMIT,
  );
  const providerAnswers = await answersOfUsers(
    tx,
    top.map((c) => c.providerId),
  );
  const rescored = top.map((c) => {
    const result = scoreProvider(
      clientAnswers.map(toRuleAnswer),
      (providerAnswers.get(c.providerId) ?? []).map(toRuleAnswer),
      questions,
    );
    return { ...c, ...result };
  });
  const best = rankCandidates(rescored, MATCH_LIMIT);
  await replacePendingMatches(tx, clientId, best);
  return best.map((b) => b.providerId).filter((id) => !before.has(id));
}

/** The therapists the client's recommendations (PENDING matches) hold now. */
async function recommendedIds(tx: Executor, clientId: string): Promise<Set<string>> {
  const rows = await tx.execute<{ provider_id: string }>(sql`
    select provider_id from matches where client_id = ${clientId}::uuid and status = 'PENDING'
  `);
  return new Set(rows.rows.map((r) => r.provider_id));
}

/**
 * Read only (no lock, no write): whether the best candidates now
 * (`topCandidates`, as the recompute would choose them) include a
 * therapist who is not among `recommended`. Without a recorded consent or
 * without answers no recommendation is made, so there is nothing to look
 * for. The match alert round and the read of a short list
 * (docs/rules/matching.md#a-short-list-grows-at-read) both ask this before
 * they recompute, so neither writes when nothing changed.
 */
export async function hasNewCandidate(
  db: Executor,
  clientId: string,
  now: Date,
  recommended: ReadonlySet<string>,
): Promise<boolean> {
  const [consent, clientAnswers] = await Promise.all([
    hasCurrentConsent(db, clientId, 'QUESTIONNAIRE'),
    listAnswers(db, clientId),
  ]);
  if (!consent || clientAnswers.length === 0) return false;
  const questions = await listQuestions(db);
  const top = await topCandidates(
    db,
    clientId,
    scoringTerms(clientAnswers, questions),
    now,
    MATCH_LIMIT,
  );
  return top.some((c) => !recommended.has(c.providerId));
}

/**
 * The match alert round's look at one client
 * (docs/rules/matching.md#the-match-alert-round), in the round's
 * transaction, which holds the client's row: the best candidates now are
 * read (no write); only when one of them is not among the client's
 * recommendations are the recommendations computed again. Answers the
 * therapists the recommendations gained (none: nothing was written).
 */
export async function recommendNewCandidates(
  tx: Executor,
  clientId: string,
  now: Date,
): Promise<string[]> {
  if (!(await hasNewCandidate(tx, clientId, now, await recommendedIds(tx, clientId)))) return [];
  return recomputeLocked(tx, clientId, await listQuestions(tx), now);
}

/**
 * GET /matches/empty-reason: why the client's list is empty or shorter than
 * five (docs/rules/matching.md#a-short-match-list), over the
 * candidates the matching would consider now (docs/rules/matching.md#candidates). Each answer marked
 * very important (importance 3, the one that excludes a therapist without
 * overlap) is checked against the candidates on its own; the answers that no
 * candidate meets (for a short list: fewer than five) are named with the
 * client's values and the question as the client was asked it. Without
 * answers or without a recorded consent there is nothing to explain (NONE):
 * no recommendations are made then.
 */
export async function emptyMatchesReasonFor(
  db: Executor,
  clientId: string,
  now: Date = new Date(),
): Promise<EmptyMatchesReason> {
  const [questions, clientAnswers, consent] = await Promise.all([
    listQuestions(db),
    listAnswers(db, clientId),
    hasCurrentConsent(db, clientId, 'QUESTIONNAIRE'),
  ]);
  if (!consent || clientAnswers.length === 0) return { kind: 'NONE', answers: [] };
  const byId = new Map(questions.map((q) => [q.id, q]));
  const veryImportant = clientAnswers
    .map((answer) => ({ answer, term: scoringTerms([answer], questions)[0] }))
    .filter(
      (x): x is { answer: AnswerRow; term: ScoringTerm } =>
        x.term !== undefined && x.term.weight === EXCLUDING_IMPORTANCE,
    )
    .sort((a, b) => a.term.questionOrder - b.term.questionOrder);
  const counts = await candidatePool(
    db,
    clientId,
    veryImportant.map((x) => x.term),
    now,
  );
  const { kind, unmetQuestionIds } = emptyMatchesReason(
    {
      candidates: counts.candidates,
      meetingAll: counts.meetingAll,
      veryImportant: veryImportant.map((x, i) => ({
        questionId: x.answer.questionId,
        metBy: counts.metBy[i]!,
      })),
    },
    counts.shown,
  );
  return {
    kind,
    answers: unmetQuestionIds.map((questionId) => {
      const question = byId.get(questionId)!;
      const answer = clientAnswers.find((a) => a.questionId === questionId)!;
      return {
        questionId,
        questionKey: question.key,
        question: question.clientText,
        values: question.options
          .filter((o) => answer.value.includes(o.value))
          .map((o) => ({ value: o.value, label: o.label })),
      };
    }),
  };
}

/**
 * Recommends for every client who has answered and has no match yet: the
 * demo data's answered client, right after the demo data is seeded, so a
 * fresh start shows them matches as a real client who saved answers sees
 * them (docs/rules/matching.md#recommendations). Returns how many clients.
 */
export async function recommendForAnsweredClients(db: Database): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select u.id from users u
    where u.type = 'CLIENT' and u.erased_at is null
      and exists (select 1 from answers a where a.user_id = u.id)
      and not exists (select 1 from matches m where m.client_id = u.id)
    order by u.id
  `);
  for (const { id } of rows) await recomputeMatches(db, id);
  return rows.length;
}

import type { Importance, QuestionType } from '../enums';
import { ANY_VALUE } from '../questions';
import { addStockholmDays, HOUR_MS, toDate, type DateInput } from '../time';
import { BOOKING_MIN_LEAD_HOURS } from './booking-time';

/** The best 5 candidates become PENDING matches. */
export const MATCH_LIMIT = 5;
/** A candidate needs an AVAILABLE slot more than 24 h ahead and within 8 weeks. */
export const MATCHING_SLOT_HORIZON_DAYS = 56;
/** Importance 3 with no overlap excludes the provider. */
export const EXCLUDING_IMPORTANCE = 3;

export interface MatchingAnswer {
  questionId: string;
  value: readonly string[];
  importance?: Importance | null;
}

export interface MatchingQuestion {
  id: string;
  key: string;
  hasImportanceScale: boolean;
  type?: QuestionType;
}

export interface ProviderScore {
  /** Σ weight·s / Σ weight, in [0, 1]. */
  score: number;
  /** A question answered with importance 3 had no overlap. */
  excluded: boolean;
  /** Per question key, the client's values the provider shares (only non-empty lists). */
  overlaps: Record<string, string[]>;
}

/**
 * The score (docs/rules/matching.md#score). For each question the client answered (skipping
 * 'any' and free-text questions), weight = the client's importance (1-3;
 * 1 where the question has no importance scale) and
 * s = |client ∩ provider| / |client|. A provider who answered 'any' covers
 * every value. With nothing to compare, the score is 1.
 */
export function scoreProvider(
  clientAnswers: readonly MatchingAnswer[],
  providerAnswers: readonly MatchingAnswer[],
  questions: readonly MatchingQuestion[],
): ProviderScore {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const providerById = new Map(providerAnswers.map((a) => [a.questionId, a]));
  let weighted = 0;
  let totalWeight = 0;
  let excluded = false;
  const overlaps: Record<string, string[]> = {};

  for (const answer of clientAnswers) {
    const question = byId.get(answer.questionId);
    if (!question || question.type === 'TEXTAREA') continue;
    const clientValues = [...new Set(answer.value)];
    if (clientValues.length === 0 || clientValues.includes(ANY_VALUE)) continue;

    const weight = question.hasImportanceScale ? (answer.importance ?? 1) : 1;
    const providerValues = new Set(providerById.get(answer.questionId)?.value ?? []);
    const shared = providerValues.has(ANY_VALUE)
      ? clientValues
      : clientValues.filter((v) => providerValues.has(v));
    const s = shared.length / clientValues.length;

    weighted += weight * s;
    totalWeight += weight;
    if (shared.length > 0) overlaps[question.key] = shared;
    if (weight === EXCLUDING_IMPORTANCE && shared.length === 0) excluded = true;
  }

  // Rounded to 12 decimals so that an exact 0.8 or 0.6 is stored as such, not as 0.7999999999999999.
  const raw = totalWeight === 0 ? 1 : weighted / totalWeight;
  const score = Math.min(1, Math.max(0, Math.round(raw * 1e12) / 1e12));
  return { score, excluded, overlaps };
}

export interface RankableCandidate {
  providerId: string;
  score: number;
  excluded: boolean;
  /** The earliest bookable slot; null sorts last. */
  earliestSlot: DateInput | null;
}

/**
 * Drops excluded candidates, sorts by score (highest first), ties by the
 * earliest bookable slot, then by providerId for a stable order; the best `limit`.
 */
export function rankCandidates<C extends RankableCandidate>(
  candidates: readonly C[],
  limit = MATCH_LIMIT,
): C[] {
  const slotMs = (c: C) => (c.earliestSlot === null ? Infinity : toDate(c.earliestSlot).getTime());
  return candidates
    .filter((c) => !c.excluded)
    .slice()
    .sort(
      (a, b) =>
        b.score - a.score ||
        slotMs(a) - slotMs(b) ||
        (a.providerId < b.providerId ? -1 : a.providerId > b.providerId ? 1 : 0),
    )
    .slice(0, Math.max(0, limit));
}

/** The earliest AVAILABLE slot more than 24 h ahead and within 8 weeks, or null. */
export function earliestBookableSlot(
  slots: readonly { startTime: DateInput; status: string }[],
  now: DateInput,
): Date | null {
  const n = toDate(now).getTime();
  const from = n + BOOKING_MIN_LEAD_HOURS * HOUR_MS;
  // The horizon in Stockholm calendar days, as bookableSlotWindow has it.
  const until = addStockholmDays(now, MATCHING_SLOT_HORIZON_DAYS).getTime();
  let best: number | null = null;
  for (const slot of slots) {
    if (slot.status !== 'AVAILABLE') continue;
    const t = toDate(slot.startTime).getTime();
    if (t > from && t <= until && (best === null || t < best)) best = t;
  }
  return best === null ? null : new Date(best);
}

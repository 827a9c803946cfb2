import { IMPORTANCE_LABELS } from '../labels.sv';
import type { EmptyMatchesReasonKind } from '../matches';
import { joinSwedish } from './match-explanation';
import { EXCLUDING_IMPORTANCE } from './matching';

/**
 * What the API counts over the matching's candidates (verified therapists at
 * ONBOARDING_COMPLETED with a bookable slot; docs/rules/matching.md#candidates) for a client with no
 * matches, to say why.
 */
export interface CandidatePool {
  /** How many candidates there are at all. */
  candidates: number;
  /** How many of them meet every answer the client marked very important, together. */
  meetingAll: number;
  /** Each answer marked very important (importance 3), and whether some candidate meets it. */
  veryImportant: readonly { questionId: string; metBySome: boolean }[];
}

/**
 * Why nobody matches, as honestly as the counts allow: no candidates at all;
 * else the very important answers that no candidate meets (each one alone
 * excludes everyone); else, when nobody meets all of them together, the
 * combination; else nothing that excludes everyone (NONE).
 */
export function emptyMatchesReason(pool: CandidatePool): {
  kind: EmptyMatchesReasonKind;
  unmetQuestionIds: string[];
} {
  if (pool.candidates === 0) return { kind: 'NO_CANDIDATES', unmetQuestionIds: [] };
  const unmet = pool.veryImportant.filter((a) => !a.metBySome).map((a) => a.questionId);
  if (unmet.length > 0) return { kind: 'VERY_IMPORTANT_UNMET', unmetQuestionIds: unmet };
  if (pool.veryImportant.length > 0 && pool.meetingAll === 0) {
    return { kind: 'COMBINATION', unmetQuestionIds: [] };
  }
  return { kind: 'NONE', unmetQuestionIds: [] };
}

const VERY_IMPORTANT = `”${IMPORTANCE_LABELS[EXCLUDING_IMPORTANCE]}”`;

/** The empty match list's reason, in Swedish (below 'Inga matchningar än'). */
export const EMPTY_MATCHES_TEXT = {
  unmetIntro: `Ingen av våra terapeuter med lediga tider uppfyller det här, som du har markerat som ${VERY_IMPORTANT}:`,
  /** The client's chosen options of one answer: 'Ditt svar: Somaliska eller Arabiska'. */
  yourAnswer: (labels: readonly string[]) => `Ditt svar: ${joinSwedish(labels, 'eller')}`,
  change: 'Ändra svaret',
  /** The change link's accessible name: which question it opens. */
  changeLabel: (question: string) => `Ändra svaret på frågan ”${question}”`,
  unmetHint:
    'Om du väljer fler alternativ eller markerar svaret som mindre viktigt kan fler terapeuter visas.',
  noCandidates:
    'Just nu har ingen av våra terapeuter lediga tider de närmaste åtta veckorna. Titta gärna in igen lite senare.',
  combination: `Varje svar som du har markerat som ${VERY_IMPORTANT} uppfylls av någon av våra terapeuter, men ingen uppfyller alla på en gång. Om du markerar något av dem som mindre viktigt kan fler terapeuter visas.`,
} as const;

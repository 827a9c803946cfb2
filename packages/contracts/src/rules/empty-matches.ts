import { IMPORTANCE_LABELS } from '../labels.sv';
import type { EmptyMatchesReasonKind } from '../matches';
import { joinSwedish } from './match-explanation';
import { EXCLUDING_IMPORTANCE, MATCH_LIMIT } from './matching';

/**
 * What the API counts over the matching's candidates (verified therapists at
 * ONBOARDING_COMPLETED with a bookable slot; docs/rules/matching.md#candidates) for a client whose
 * list is empty or shorter than five, to say why.
 */
export interface CandidatePool {
  /** How many candidates there are at all. */
  candidates: number;
  /**
   * How many of them meet every answer the client marked very important,
   * together: those the scoring keeps, so the list holds the best
   * min(5, meetingAll) of them.
   */
  meetingAll: number;
  /** Each answer marked very important (importance 3), and how many candidates meet it. */
  veryImportant: readonly { questionId: string; metBy: number }[];
}

/**
 * Why the list of `shown` recommendations is empty, or shorter than five
 * (docs/rules/matching.md#a-short-match-list), as honestly as the
 * counts allow. "Too few" is none for an empty list and fewer than five for a
 * short one: too few candidates at all; else the very important answers that
 * too few candidates meet, each on its own; else, when too few meet all of
 * them together, the combination; else nothing to say (NONE), and always for
 * a full list.
 */
export function emptyMatchesReason(
  pool: CandidatePool,
  shown = 0,
): {
  kind: EmptyMatchesReasonKind;
  unmetQuestionIds: string[];
} {
  if (shown >= MATCH_LIMIT) return { kind: 'NONE', unmetQuestionIds: [] };
  const wanted = shown === 0 ? 1 : MATCH_LIMIT;
  if (pool.candidates < wanted) return { kind: 'NO_CANDIDATES', unmetQuestionIds: [] };
  const unmet = pool.veryImportant.filter((a) => a.metBy < wanted).map((a) => a.questionId);
  if (unmet.length > 0) return { kind: 'VERY_IMPORTANT_UNMET', unmetQuestionIds: unmet };
  if (pool.veryImportant.length > 0 && pool.meetingAll < wanted) {
    return { kind: 'COMBINATION', unmetQuestionIds: [] };
  }
  return { kind: 'NONE', unmetQuestionIds: [] };
}

const VERY_IMPORTANT = `”${IMPORTANCE_LABELS[EXCLUDING_IMPORTANCE]}”`;

/**
 * The empty match list's reason, in Swedish (below 'Inga matchningar än'),
 * and a short list's (`few…`, under 'Rekommenderade terapeuter'): the same
 * reasons, said of few rather than none.
 */
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
  /** A short list's lead: how many fit now. */
  fewLead: (shown: number) =>
    shown === 1
      ? 'Just nu är det en terapeut som passar dina svar och har lediga tider.'
      : `Just nu är det ${shown} terapeuter som passar dina svar och har lediga tider.`,
  fewUnmetIntro: `Bara några av våra terapeuter med lediga tider uppfyller det här, som du har markerat som ${VERY_IMPORTANT}:`,
  fewCandidates:
    'Bara några av våra terapeuter har lediga tider de närmaste åtta veckorna. Titta gärna in igen lite senare.',
  fewCombination: `Varje svar som du har markerat som ${VERY_IMPORTANT} uppfylls av flera av våra terapeuter, men bara några uppfyller alla på en gång. Om du markerar något av dem som mindre viktigt kan fler terapeuter visas.`,
} as const;

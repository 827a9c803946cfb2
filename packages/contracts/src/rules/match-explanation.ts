import type { Importance, QuestionType } from '../enums';
import { ANY_VALUE, EXCLUSIVE_VALUES } from '../questions';

/**
 * "Varför den här matchningen?" (docs/rules/matching.md#why-this-match): per question the client answered,
 * which of the client's wishes the therapist meets and which not. The API
 * computes the items with `explainMatch` (the same comparison as
 * `scoreProvider`), the web turns them into Swedish sentences with
 * `explanationSentences`.
 */
export interface ExplanationValue {
  value: string;
  label: string;
}

export interface MatchExplanationItem {
  questionKey: string;
  /** The client's importance (1 where the question has no scale): orders the items. */
  importance: Importance;
  /** The client's values the therapist offers. */
  met: ExplanationValue[];
  /** The client's values the therapist does not offer. */
  unmet: ExplanationValue[];
}

export interface ExplainQuestion {
  id: string;
  key: string;
  order: number;
  type?: QuestionType;
  hasImportanceScale: boolean;
  options: readonly { value: string; label: string }[];
}

export interface ExplainAnswer {
  questionId: string;
  value: readonly string[];
  importance?: Importance | null;
}

function isExclusive(value: string): boolean {
  return (EXCLUSIVE_VALUES as readonly string[]).includes(value);
}

/**
 * The explanation of one match: for each question the client answered
 * (skipping free text, 'any' and the exclusive values, as scoring does), what
 * the therapist meets and what not. A therapist who answered 'any' meets
 * everything. Ordered by the client's importance (highest first), then by
 * question order; questions with nothing to say are left out.
 */
export function explainMatch(
  clientAnswers: readonly ExplainAnswer[],
  providerAnswers: readonly ExplainAnswer[],
  questions: readonly ExplainQuestion[],
): MatchExplanationItem[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const providerById = new Map(providerAnswers.map((a) => [a.questionId, a]));
  const items: (MatchExplanationItem & { order: number })[] = [];

  for (const answer of clientAnswers) {
    const question = byId.get(answer.questionId);
    if (!question || question.type === 'TEXTAREA') continue;
    if (answer.value.includes(ANY_VALUE)) continue;
    const wanted = [...new Set(answer.value)].filter((v) => !isExclusive(v));
    if (wanted.length === 0) continue;

    const offered = new Set(providerById.get(answer.questionId)?.value ?? []);
    const coversAll = offered.has(ANY_VALUE);
    const label = (value: string) =>
      question.options.find((o) => o.value === value)?.label ?? value;
    const met: ExplanationValue[] = [];
    const unmet: ExplanationValue[] = [];
    for (const value of wanted) {
      (coversAll || offered.has(value) ? met : unmet).push({ value, label: label(value) });
    }
    const importance: Importance = question.hasImportanceScale ? (answer.importance ?? 1) : 1;
    items.push({ questionKey: question.key, importance, met, unmet, order: question.order });
  }

  return items
    .sort((a, b) => b.importance - a.importance || a.order - b.order)
    .map(({ order: _order, ...item }) => item);
}

/** 'Svenska' → 'svenska', 'Ångest och oro' → 'ångest och oro'; 'KBT', 'EMDR', 'HBTQI+' stay. */
export function lowerFirst(label: string): string {
  const [first, second] = [...label];
  if (!first || !second || second !== second.toLowerCase()) return label;
  return first.toLowerCase() + label.slice(first.length);
}

/** 'a', 'a och b', 'a, b och c' (or with 'eller'). */
export function joinSwedish(parts: readonly string[], word: 'och' | 'eller' = 'och'): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} ${word} ${parts[parts.length - 1]}`;
}

/**
 * How each known question reads: what fits, and (neutrally, without
 * judging either side) what differs from the client's wish.
 */
const PHRASES: Record<string, { met: string; unmet: string; lower: boolean }> = {
  age: {
    met: 'Tar emot personer i åldern',
    unmet: 'Tar emot andra åldersgrupper än',
    lower: true,
  },
  language: { met: 'Talar', unmet: 'Har samtal på andra språk än', lower: true },
  therapy_methods: { met: 'Erbjuder', unmet: 'Arbetar med andra metoder än', lower: true },
  problem_areas: { met: 'Arbetar med', unmet: 'Har andra inriktningar än', lower: true },
  knowledge_areas: {
    met: 'Har särskild kunskap om',
    unmet: 'Har särskild kunskap om annat än',
    lower: true,
  },
};
const FALLBACK = { met: 'Matchar dina svar:', unmet: 'Skiljer sig från dina svar:', lower: false };

/** A difference is mentioned only for a question the client marked 'Viktig' or 'Väldigt viktig'. */
export const MISMATCH_MIN_IMPORTANCE: Importance = 2;

/** How many fits a match card shows. */
export const CARD_FITS = 3;

export interface ExplanationSentence {
  text: string;
  met: boolean;
  importance: Importance;
}

/**
 * "Varför den här matchningen?" as Swedish sentences ("Talar svenska och
 * engelska", "Arbetar med ångest och sömnproblem"): first every fit, in the
 * order of the items (the client's importance, highest first); then, for
 * the questions the client marked 'Viktig' or 'Väldigt viktig' only, what
 * differs, in neutral words ("Arbetar med andra metoder än EMDR").
 */
export function explanationSentences(
  items: readonly MatchExplanationItem[],
): ExplanationSentence[] {
  const fits: ExplanationSentence[] = [];
  const differences: ExplanationSentence[] = [];
  for (const item of items) {
    const phrase = PHRASES[item.questionKey] ?? FALLBACK;
    const list = (values: readonly ExplanationValue[]) =>
      joinSwedish(values.map((v) => (phrase.lower ? lowerFirst(v.label) : v.label)));
    if (item.met.length > 0) {
      fits.push({
        text: `${phrase.met} ${list(item.met)}`,
        met: true,
        importance: item.importance,
      });
    }
    if (item.unmet.length > 0 && item.importance >= MISMATCH_MIN_IMPORTANCE) {
      differences.push({
        text: `${phrase.unmet} ${list(item.unmet)}`,
        met: false,
        importance: item.importance,
      });
    }
  }
  return [...fits, ...differences];
}

/** The first `count` fits (a card shows three), most important to the client first. */
export function topFits(
  items: readonly MatchExplanationItem[],
  count: number = CARD_FITS,
): ExplanationSentence[] {
  return explanationSentences(items)
    .filter((s) => s.met)
    .slice(0, count);
}

import type { Importance } from '../enums';
import { IMPORTANCE_LABELS } from '../labels.sv';

/** What `answerInWords` needs of an answer: the chosen values, and its question if known. */
export interface WordsAnswer {
  value: readonly string[];
  importance: Importance | null;
  question?: {
    clientText: string;
    providerText: string;
    options: readonly { value: string; label: string }[];
  };
}

/** One answer as a person reads it: the question, the chosen options' labels, and the importance. */
export interface AnswerInWords {
  question: string;
  values: string[];
  /** IMPORTANCE_LABELS of the importance, or null when none was given. */
  importance: string | null;
}

/**
 * One answer in words, as the person who answered was asked it (`side`:
 * the client's or the therapist's text of the question). Each chosen value
 * is its option's label; a value without an option (free text) stays as
 * written. Without its question the text is empty and the values stay as
 * stored.
 */
export function answerInWords(answer: WordsAnswer, side: 'client' | 'provider'): AnswerInWords {
  const q = answer.question;
  const labels = new Map((q?.options ?? []).map((o) => [o.value, o.label]));
  return {
    question: q ? (side === 'client' ? q.clientText : q.providerText) : '',
    values: answer.value.map((v) => labels.get(v) ?? v),
    importance: answer.importance ? IMPORTANCE_LABELS[answer.importance] : null,
  };
}

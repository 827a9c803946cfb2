import type { BookingStatus, MatchStatus } from '../enums';

export type BadgeTone = 'success' | 'warning' | 'info' | 'destructive';
export interface MatchBadge {
  label: string;
  tone: BadgeTone;
}

export interface BadgeMatch {
  status: MatchStatus;
  score: number;
  bookings: readonly { status: BookingStatus }[];
}

export const MATCH_BADGES = {
  confirmed: { label: 'Bokning bekräftad', tone: 'success' },
  pending: { label: 'Inväntar svar', tone: 'warning' },
  completed: { label: 'Bokning genomförd', tone: 'info' },
  cancelled: { label: 'Bokning avbruten', tone: 'destructive' },
} as const satisfies Record<string, MatchBadge>;

export const SCORE_THRESHOLDS = { veryGood: 0.8, good: 0.6 } as const;
export const SCORE_LABELS = {
  veryGood: 'Väldigt bra match',
  good: 'Bra match',
  okay: 'Okej match',
} as const;

/** The badge of an ACTIVE match by priority; null for PENDING or no booking (docs/rules/matching.md#match-badge). */
export function matchBadge(match: Pick<BadgeMatch, 'status' | 'bookings'>): MatchBadge | null {
  if (match.status !== 'ACTIVE') return null;
  const has = (s: BookingStatus) => match.bookings.some((b) => b.status === s);
  if (has('CONFIRMED')) return MATCH_BADGES.confirmed;
  if (has('PENDING_PROVIDER_CONFIRMATION')) return MATCH_BADGES.pending;
  if (has('COMPLETED')) return MATCH_BADGES.completed;
  // An expired request (decision 170) ended without a session, like a cancellation.
  if (has('CANCELLED') || has('EXPIRED')) return MATCH_BADGES.cancelled;
  return null;
}

/**
 * Floating-point slack when comparing a score with a threshold: a score that
 * is 0.8 in exact arithmetic may arrive as 0.7999999999999999 (e.g. the mean of
 * 1, 1 and 2/5), and it must still read 'Väldigt bra match'.
 */
export const SCORE_EPSILON = 1e-9;

export type ScoreLevel = keyof typeof SCORE_LABELS;

/** ≥ 0.8 veryGood, ≥ 0.6 good, otherwise okay (both inclusive). */
export function scoreLevel(score: number): ScoreLevel {
  if (score + SCORE_EPSILON >= SCORE_THRESHOLDS.veryGood) return 'veryGood';
  if (score + SCORE_EPSILON >= SCORE_THRESHOLDS.good) return 'good';
  return 'okay';
}

/** ≥ 0.8 'Väldigt bra match', ≥ 0.6 'Bra match', otherwise 'Okej match' (both inclusive). */
export function scoreLabel(score: number): string {
  return SCORE_LABELS[scoreLevel(score)];
}

export type MatchDisplay =
  | { kind: 'badge'; label: string; tone: BadgeTone }
  | { kind: 'score'; label: string; level: ScoreLevel };

/** What a match card shows: the badge of an ACTIVE match, the score label of a PENDING one. */
export function matchDisplay(match: BadgeMatch): MatchDisplay | null {
  const badge = matchBadge(match);
  if (badge) return { kind: 'badge', ...badge };
  if (match.status === 'PENDING') {
    const level = scoreLevel(match.score);
    return { kind: 'score', label: SCORE_LABELS[level], level };
  }
  return null;
}

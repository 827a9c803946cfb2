/**
 * Query keys that more than one feature touches (decision 012: features do
 * not import each other). A booking changes the matches (status, badge,
 * bookings) and the therapist's slots, so the bookings feature invalidates
 * what the matching and availability features read.
 */
export const queryKeys = {
  /** GET /users/me: the signed-in user (auth reads it; privacy changes its preferences). */
  currentUser: ['users', 'me'] as const,
  /** GET /users/me/consents (privacy gives and withdraws; the questionnaire gives). */
  consents: ['users', 'me', 'consents'] as const,
  /** GET /answers (a withdrawn consent removes them), and under it the draft. */
  answers: ['answers'] as const,
  /** GET /answers/draft: the unfinished answers (a save or a withdrawn consent removes them). */
  answerDraft: ['answers', 'draft'] as const,
  /** GET /matches, and under it GET /matches/{matchId}. */
  matches: ['matches'] as const,
  /** GET /availabilities/{userId}. */
  availabilities: (userId: string) => ['availabilities', userId] as const,
  /** Every GET /availabilities/{userId} read. */
  allAvailabilities: ['availabilities'] as const,
} as const;

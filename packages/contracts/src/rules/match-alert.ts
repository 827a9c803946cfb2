import { DAY_MS, toDate, type DateInput } from '../time';

/*
 * The standing wish for new matches: see
 * docs/rules/matching.md#the-match-alert-round. Days here are elapsed days
 * (7 × 24 hours between two instants), so a daylight-saving change moves
 * nothing: the limit is about how often a person is mailed, not a date.
 */

/** How often the background round looks at each client with the wish on: within two minutes. */
export const MATCH_ALERT_ROUND_INTERVAL_MS = 60_000;

/** At most one "Nya terapeuter som passar dig" mail in this many days. */
export const MATCH_ALERT_MAIL_EVERY_DAYS = 7;

/** The last mail must be at or before this instant for a new one to go. */
export function matchAlertMailCutoff(now: DateInput): Date {
  return new Date(toDate(now).getTime() - MATCH_ALERT_MAIL_EVERY_DAYS * DAY_MS);
}

/** Whether a client last mailed at `mailedAt` (null: never) may get the mail now. */
export function matchAlertMailAllowed(mailedAt: DateInput | null, now: DateInput): boolean {
  return mailedAt === null || toDate(mailedAt).getTime() <= matchAlertMailCutoff(now).getTime();
}

/**
 * A client with the wish on is looked at again by the first round that
 * starts half an interval or more after the last look (null: never looked):
 * every round of one process takes them, a second process's round in
 * between does not repeat the look.
 */
export function matchAlertCheckCutoff(now: DateInput): Date {
  return new Date(toDate(now).getTime() - MATCH_ALERT_ROUND_INTERVAL_MS / 2);
}

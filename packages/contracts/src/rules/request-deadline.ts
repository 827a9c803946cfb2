import { HOUR_MS, toDate, type DateInput } from '../time';

/*
 * How long a therapist has to answer a client's request: see
 * docs/rules/bookings.md#a-request-is-answered-within-48-hours. Hours here
 * are elapsed hours (instants), so a deadline across a daylight-saving
 * change is still 48 real hours away, never "two calendar days".
 */

/** Hours a therapist has to answer a request, from the moment it was sent. */
export const REQUEST_ANSWER_HOURS = 48;
/** A request must be answered at least this many hours before its earliest suggested time. */
export const REQUEST_ANSWER_MARGIN_HOURS = 12;

/**
 * A new request's deadline: the earlier of `sentAt` + 48 h and 12 h before
 * its earliest suggested time. Unanswered by then, it expires.
 */
export function requestDeadline(sentAt: DateInput, suggestedTimes: readonly DateInput[]): Date {
  const byAnswerTime = toDate(sentAt).getTime() + REQUEST_ANSWER_HOURS * HOUR_MS;
  if (suggestedTimes.length === 0) return new Date(byAnswerTime);
  const earliest = Math.min(...suggestedTimes.map((t) => toDate(t).getTime()));
  return new Date(Math.min(byAnswerTime, earliest - REQUEST_ANSWER_MARGIN_HOURS * HOUR_MS));
}

/**
 * When the therapist is reminded of a request still unanswered: halfway
 * from sending to the deadline (24 hours after it was sent, for most).
 */
export function requestReminderAt(sentAt: DateInput, deadline: DateInput): Date {
  const sent = toDate(sentAt).getTime();
  return new Date(sent + Math.floor((toDate(deadline).getTime() - sent) / 2));
}

/**
 * The time a therapist has left to answer, in Swedish words ("1 dygn och 3
 * timmar kvar", "5 timmar kvar", "Mindre än en timme kvar"); null once the
 * deadline has come. Whole hours, rounded down: never more time than there is.
 */
export function requestTimeLeft(deadline: DateInput, now: DateInput): string | null {
  const ms = toDate(deadline).getTime() - toDate(now).getTime();
  if (!(ms > 0)) return null;
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 1) return 'Mindre än en timme kvar';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const hourWords = (n: number) => `${n} ${n === 1 ? 'timme' : 'timmar'}`;
  if (days === 0) return `${hourWords(rest)} kvar`;
  const dayWords = `${days} dygn`;
  return rest === 0 ? `${dayWords} kvar` : `${dayWords} och ${hourWords(rest)} kvar`;
}

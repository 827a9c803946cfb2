import type { OnboardingStep, SlotStatus, UserType } from '../enums';
import { addStockholmDays, HOUR_MS, toDate, type DateInput } from '../time';
import { BOOKING_MIN_LEAD_HOURS } from './booking-time';
import { MATCHING_SLOT_HORIZON_DAYS } from './matching';

/*
 * "A therapist a client may see or book" (docs/rules/matching.md#a-therapist-a-client-may-see-or-book),
 * as a TypeScript predicate. Its SQL twin is packages/db/src/rules/bookable-therapist.ts;
 * bookable-therapist.integration.test.ts feeds the same cases through both and
 * fails when they disagree. Change the two together.
 */

/** What the rule reads of a therapist's own state. */
export interface TherapistStandingFacts {
  type: UserType;
  onboardingStep: OnboardingStep;
  /** The profile's verification; false without a profile, and once an admin paused the therapist. */
  verified: boolean;
}

/** What the rule reads of one of the therapist's slots. */
export interface TherapistSlotFacts {
  status: SlotStatus;
  startTime: DateInput;
}

/**
 * In good standing: a therapist (PROVIDER) at ONBOARDING_COMPLETED whose
 * profile is verified (a paused therapist is not: pausing takes the
 * verification back; an erased one has no profile). A client sees such a
 * therapist's profile, photo and answers, and may send a request.
 */
export function isTherapistInStanding(t: TherapistStandingFacts): boolean {
  return t.type === 'PROVIDER' && t.onboardingStep === 'ONBOARDING_COMPLETED' && t.verified;
}

/**
 * The window a bookable slot starts in: (now + 24 h, now + 8 weeks]. The
 * 24 hours are elapsed time (the booking lead); the 8 weeks are 56 Stockholm
 * calendar days, the same wall-clock time 56 days later, so the horizon does
 * not move by an hour when it spans a daylight saving change.
 */
export function bookableSlotWindow(now: DateInput): { from: Date; until: Date } {
  const at = toDate(now);
  return {
    from: new Date(at.getTime() + BOOKING_MIN_LEAD_HOURS * HOUR_MS),
    until: addStockholmDays(at, MATCHING_SLOT_HORIZON_DAYS),
  };
}

/** A bookable slot: AVAILABLE, starting more than 24 h after `now` and at most 8 weeks after it. */
export function isBookableSlot(slot: TherapistSlotFacts, now: DateInput): boolean {
  const { from, until } = bookableSlotWindow(now);
  const start = toDate(slot.startTime).getTime();
  return slot.status === 'AVAILABLE' && start > from.getTime() && start <= until.getTime();
}

/**
 * Bookable: in good standing and with at least one bookable slot. Only such
 * a therapist is a candidate for a client's recommendations (and counted by
 * the empty list's reason).
 */
export function isTherapistBookable(
  t: TherapistStandingFacts,
  slots: readonly TherapistSlotFacts[],
  now: DateInput,
): boolean {
  return isTherapistInStanding(t) && slots.some((s) => isBookableSlot(s, now));
}

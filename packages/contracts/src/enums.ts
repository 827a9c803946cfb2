import { z } from 'zod';

export const UserType = ['CLIENT', 'PROVIDER', 'ADMIN'] as const;
export type UserType = (typeof UserType)[number];
export const userTypeSchema = z.enum(UserType);

export const OnboardingStep = [
  'USER_CREATED',
  'PROFILE_COMPLETED',
  'QUESTIONS_COMPLETED',
  'ONBOARDING_COMPLETED',
] as const;
export type OnboardingStep = (typeof OnboardingStep)[number];
export const onboardingStepSchema = z.enum(OnboardingStep);

export const ProviderTitle = [
  'PSYKOLOG',
  'PSYKOTERAPEUT',
  'KURATOR',
  'SOCIONOM',
  'SEXOLOG',
] as const;
export type ProviderTitle = (typeof ProviderTitle)[number];
export const providerTitleSchema = z.enum(ProviderTitle);

/** How a therapist meets clients (decision 311): shown as 'Mötesform'. */
export const MeetingFormat = ['VIDEO', 'IN_PERSON', 'BOTH'] as const;
export type MeetingFormat = (typeof MeetingFormat)[number];
export const meetingFormatSchema = z.enum(MeetingFormat);

export const Education = ['BACHELOR', 'MASTER', 'MAGISTER', 'COURSES'] as const;
export type Education = (typeof Education)[number];
export const educationSchema = z.enum(Education);

export const CancellationPolicy = [
  'TWELVE_HOURS',
  'TWENTY_FOUR_HOURS',
  'FORTY_EIGHT_HOURS',
  'NO_CANCELLATION',
] as const;
export type CancellationPolicy = (typeof CancellationPolicy)[number];
export const cancellationPolicySchema = z.enum(CancellationPolicy);
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'TWENTY_FOUR_HOURS';

export const QuestionType = ['SINGLE_CHOICE', 'MULTISELECT', 'TEXTAREA'] as const;
export type QuestionType = (typeof QuestionType)[number];
export const questionTypeSchema = z.enum(QuestionType);

export const BookingStatus = [
  'PENDING_PROVIDER_CONFIRMATION',
  'CONFIRMED',
  'CANCELLED',
  'COMPLETED',
  /** A request nobody answered before its deadline (decision 450). */
  'EXPIRED',
] as const;
export type BookingStatus = (typeof BookingStatus)[number];
export const bookingStatusSchema = z.enum(BookingStatus);

/** How often a series' sessions come (docs/rules/bookings.md#a-series-of-sessions). */
export const SeriesInterval = ['WEEKLY', 'BIWEEKLY'] as const;
export type SeriesInterval = (typeof SeriesInterval)[number];
export const seriesIntervalSchema = z.enum(SeriesInterval);

export const SlotStatus = ['AVAILABLE', 'PENDING', 'BOOKED'] as const;
export type SlotStatus = (typeof SlotStatus)[number];
export const slotStatusSchema = z.enum(SlotStatus);

/**
 * PENDING: a recommendation; ACTIVE: the client has written to the therapist;
 * ENDED: the client switched therapist (docs/rules/matching.md#switching-therapist).
 */
export const MatchStatus = ['PENDING', 'ACTIVE', 'ENDED'] as const;
export type MatchStatus = (typeof MatchStatus)[number];
export const matchStatusSchema = z.enum(MatchStatus);

/**
 * Who ended a booking. SYSTEM: Samtalsmatch itself, when the other party can
 * no longer take part (a therapist no longer verified, an account erased).
 */
export const CancelledBy = ['PROVIDER', 'CLIENT', 'SYSTEM'] as const;
export type CancelledBy = (typeof CancelledBy)[number];
export const cancelledBySchema = z.enum(CancelledBy);

export const Importance = [1, 2, 3] as const;
export type Importance = (typeof Importance)[number];
/** Built from the tuple, so a new level cannot be added without the schema (and its label) following. */
export const importanceSchema = z.literal(Importance);

export const OptionUserType = ['CLIENT', 'PROVIDER', 'BOTH'] as const;
export type OptionUserType = (typeof OptionUserType)[number];
export const optionUserTypeSchema = z.enum(OptionUserType);

import { pgEnum } from 'drizzle-orm/pg-core';
import {
  AccessKind,
  BookingStatus,
  CancellationPolicy,
  CancelledBy,
  ConsentKind,
  Education,
  MatchStatus,
  MeetingFormat,
  OnboardingStep,
  OptionUserType,
  ProviderTitle,
  QuestionType,
  SeriesInterval,
  SlotStatus,
  UserType,
} from '@samtalsmatch/contracts';

// Every database enum takes its values from packages/contracts: one definition.
export const userTypeEnum = pgEnum('user_type', UserType);
export const onboardingStepEnum = pgEnum('onboarding_step', OnboardingStep);
export const providerTitleEnum = pgEnum('provider_title', ProviderTitle);
export const meetingFormatEnum = pgEnum('meeting_format', MeetingFormat);
export const educationEnum = pgEnum('education', Education);
export const cancellationPolicyEnum = pgEnum('cancellation_policy', CancellationPolicy);
export const questionTypeEnum = pgEnum('question_type', QuestionType);
export const optionUserTypeEnum = pgEnum('option_user_type', OptionUserType);
export const bookingStatusEnum = pgEnum('booking_status', BookingStatus);
export const slotStatusEnum = pgEnum('slot_status', SlotStatus);
export const seriesIntervalEnum = pgEnum('series_interval', SeriesInterval);
export const matchStatusEnum = pgEnum('match_status', MatchStatus);
export const cancelledByEnum = pgEnum('cancelled_by', CancelledBy);
export const tokenPurposeEnum = pgEnum('token_purpose', [
  'EMAIL_VERIFICATION',
  'PASSWORD_RESET',
  'EMAIL_CHANGE',
  // The link mailed to the old address after a change: restores it (docs/rules/accounts.md#e-mail-change).
  'EMAIL_CHANGE_UNDO',
]);
export const mailStatusEnum = pgEnum('mail_status', ['PENDING', 'SENT', 'FAILED']);
export const consentKindEnum = pgEnum('consent_kind', ConsentKind);
export const accessKindEnum = pgEnum('access_kind', AccessKind);

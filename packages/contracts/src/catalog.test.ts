import { describe, expect, it } from 'vitest';
import { ErrorCode, apiErrorFor, apiErrorSchema, errorCatalog, isErrorCode } from './error-codes';
import {
  BOOKING_STATUS_LABELS,
  CANCELLATION_POLICY_LABELS,
  CANCELLED_BY_LABELS,
  EDUCATION_LABELS,
  IMPORTANCE_LABELS,
  PROVIDER_TITLE_LABELS,
  SHORT_CANCELLATION_POLICIES,
  verificationLabel,
} from './labels.sv';
import { MSG, formatCity, formatPrice, wordsRemainingText } from './messages.sv';
import * as enums from './enums';
import * as labels from './labels.sv';
import * as privacy from './privacy';

describe('errorCatalog', () => {
  it('maps codes to status and Swedish message', () => {
    expect(errorCatalog.VALIDATION).toEqual({ status: 400, message: 'Ogiltiga uppgifter.' });
    expect(errorCatalog.UNAUTHENTICATED).toEqual({ status: 401, message: 'Du måste logga in.' });
    expect(errorCatalog.CSRF_INVALID).toEqual({
      status: 403,
      message: 'Ogiltig eller saknad säkerhetstoken. Ladda om sidan och försök igen.',
    });
    expect(errorCatalog.EMAIL_TAKEN).toEqual({
      status: 409,
      message: 'E-postadressen är redan registrerad.',
    });
    expect(errorCatalog.INVALID_CREDENTIALS).toEqual({
      status: 401,
      message: 'Fel e-postadress eller lösenord.',
    });
    expect(errorCatalog.TOKEN_INVALID).toEqual({
      status: 400,
      message: 'Länken kan ha gått ut eller så är den ogiltig.',
    });
    expect(errorCatalog.BOOKING_TOO_SOON).toEqual({
      status: 422,
      message: 'Måste boka minst 24 timmar i förväg',
    });
    expect(errorCatalog.RATE_LIMITED).toEqual({
      status: 429,
      message:
        'För många försök, försök igen om en stund eller kontakta support om problemet kvarstår',
    });
    expect(errorCatalog.INTERNAL).toEqual({
      status: 500,
      message: 'Något gick fel, försök igen senare eller kontakta support om problemet kvarstår',
    });
  });
  it('uses the statuses of docs/rules/accounts.md#errors', () => {
    const byStatus = (s: number) => ErrorCode.filter((c) => errorCatalog[c].status === s);
    expect(byStatus(409)).toEqual([
      'PROVIDER_PROFILE_MISSING',
      'EMAIL_TAKEN',
      'BOOKING_ALREADY_OPEN',
      'SLOT_TAKEN',
      'STATE_CONFLICT',
      'SERIES_CONFLICT',
      'BOOKING_EXPIRED',
      'FIT_CHECK_NOT_DUE',
      'FIT_CHECK_ANSWERED',
      'MATCH_NOT_ACTIVE',
      'MATCH_NOT_ENDED',
      'NOT_A_VIDEO_SESSION',
      'SLOT_NOT_REMOVABLE',
      'DIALOG_TEXT_OUTDATED',
      'CONSENT_REQUIRED',
    ]);
    expect(byStatus(422)).toEqual([
      'LICENCE_TITLE_NOT_CLAIMED',
      'LICENCE_NOT_CHECKED',
      'EMAIL_NOT_VERIFIED',
      'BOOKING_TIME_PAST',
      'BOOKING_TOO_SOON',
      'BOOKING_OUTSIDE_HOURS',
      'BOOKING_TOO_FAR',
      'CANCEL_NOT_ALLOWED',
      'MOVE_NOT_ALLOWED',
      'COMPLETE_TOO_EARLY',
      'MEETING_FORMAT_NOT_OFFERED',
      'SLOT_IN_PAST',
      'SLOT_TOO_FAR',
    ]);
  });
  it('builds and validates the error body', () => {
    expect(apiErrorFor('SLOT_TAKEN')).toEqual({
      message: 'En eller flera av tiderna är inte längre lediga. Välj andra tider.',
      status: 409,
      code: 'SLOT_TAKEN',
    });
    expect(
      apiErrorSchema.safeParse({ message: 'x', status: 400, fieldErrors: { email: ['y'] } })
        .success,
    ).toBe(true);
    expect(apiErrorSchema.safeParse({ message: 'x', status: 400, code: 'NOPE' }).success).toBe(
      false,
    );
    expect(isErrorCode('FORBIDDEN')).toBe(true);
    expect(isErrorCode('forbidden')).toBe(false);
  });
});

describe('labels', () => {
  it('are the product texts', () => {
    expect(Object.values(PROVIDER_TITLE_LABELS)).toEqual([
      'Psykolog',
      'Psykoterapeut',
      'Kurator',
      'Socionom',
      'Sexolog',
    ]);
    expect(EDUCATION_LABELS.MAGISTER).toBe('Magisterexamen');
    expect(CANCELLATION_POLICY_LABELS).toEqual({
      TWELVE_HOURS: '12 timmar innan',
      TWENTY_FOUR_HOURS: '24 timmar innan',
      FORTY_EIGHT_HOURS: '48 timmar innan',
      NO_CANCELLATION: 'Ingen avbokningspolicy',
    });
    expect(SHORT_CANCELLATION_POLICIES).toEqual([
      'NO_CANCELLATION',
      'TWENTY_FOUR_HOURS',
      'FORTY_EIGHT_HOURS',
    ]);
    expect(BOOKING_STATUS_LABELS).toEqual({
      PENDING_PROVIDER_CONFIRMATION: 'Väntar på bekräftelse',
      CONFIRMED: 'Bekräftad',
      CANCELLED: 'Avbokad',
      COMPLETED: 'Slutförd',
      EXPIRED: 'Utgången',
    });
    expect(IMPORTANCE_LABELS).toEqual({ 1: 'Inte så viktig', 2: 'Viktig', 3: 'Väldigt viktig' });
    expect(CANCELLED_BY_LABELS).toEqual({
      PROVIDER: 'Terapeut',
      CLIENT: 'Klient',
      SYSTEM: 'Samtalsmatch',
    });
    expect([verificationLabel(true), verificationLabel(false)]).toEqual([
      'Verifierad',
      'Ej verifierad',
    ]);
  });
});

describe('messages', () => {
  it('copies the fixed texts letter for letter', () => {
    expect(MSG.forgotPasswordNeutral).toBe(
      'Om ett konto existerar för den angivna e-posten har en återställningslänk skickats.',
    );
    expect(MSG.answersSaveFailed).toBe('Det uppstod ett fel när vi försökte spara dina svar.');
    expect(MSG.verifyFailed).toBe('Något gick fel. Försök igen senare.');
    expect(MSG.verifyNoToken).toBe('Ingen verifieringslänk hittades.');
    expect(MSG.userLoadFailed).toBe('Kunde inte ladda användardata.');
    expect(MSG.providerNotFound).toBe('Vårdgivare hittades inte');
    expect(MSG.authFailedHeading).toBe('Ett fel uppstod');
    expect(MSG.authFailed).toBe('Failed to complete authentication');
    expect(MSG.rebookAfterCancel).toBe(
      'Du kan skicka en ny tid via fliken Historik efter att du har avbokat.',
    );
  });
  it('formats price and city with fallbacks', () => {
    expect(formatPrice(850)).toBe('Från 850 SEK / session');
    expect(formatPrice(null)).toBe('Pris ej specificerat');
    expect(formatCity('  Malmö ')).toBe('Malmö');
    expect(formatCity('')).toBe('Plats ej specificerat');
    expect(wordsRemainingText(-3)).toBe('0 ord kvar');
    expect(wordsRemainingText(12)).toBe('12 ord kvar');
  });
});

describe('enums', () => {
  it('hold exactly the product values', () => {
    expect(enums.UserType).toEqual(['CLIENT', 'PROVIDER', 'ADMIN']);
    expect(enums.OnboardingStep).toEqual([
      'USER_CREATED',
      'PROFILE_COMPLETED',
      'QUESTIONS_COMPLETED',
      'ONBOARDING_COMPLETED',
    ]);
    expect(enums.ProviderTitle).toEqual([
      'PSYKOLOG',
      'PSYKOTERAPEUT',
      'KURATOR',
      'SOCIONOM',
      'SEXOLOG',
    ]);
    expect(enums.Education).toEqual(['BACHELOR', 'MASTER', 'MAGISTER', 'COURSES']);
    expect(enums.CancellationPolicy).toEqual([
      'TWELVE_HOURS',
      'TWENTY_FOUR_HOURS',
      'FORTY_EIGHT_HOURS',
      'NO_CANCELLATION',
    ]);
    expect(enums.DEFAULT_CANCELLATION_POLICY).toBe('TWENTY_FOUR_HOURS');
    expect(enums.QuestionType).toEqual(['SINGLE_CHOICE', 'MULTISELECT', 'TEXTAREA']);
    expect(enums.BookingStatus).toEqual([
      'PENDING_PROVIDER_CONFIRMATION',
      'CONFIRMED',
      'CANCELLED',
      'COMPLETED',
      'EXPIRED',
    ]);
    expect(labels.BOOKING_STATUS_LABELS.EXPIRED).toBe('Utgången');
    expect(enums.SlotStatus).toEqual(['AVAILABLE', 'PENDING', 'BOOKED']);
    expect(enums.MatchStatus).toEqual(['PENDING', 'ACTIVE', 'ENDED']);
    expect(enums.Importance).toEqual([1, 2, 3]);
    expect(enums.MeetingFormat).toEqual(['VIDEO', 'IN_PERSON', 'BOTH']);
    expect(labels.MEETING_FORMAT_LABELS).toEqual({
      VIDEO: 'Video',
      IN_PERSON: 'På mottagningen',
      BOTH: 'Video eller på mottagningen',
    });
  });

  it.each([
    [enums.UserType, enums.userTypeSchema, labels.USER_TYPE_LABELS],
    [enums.OnboardingStep, enums.onboardingStepSchema, labels.ONBOARDING_STEP_LABELS],
    [enums.ProviderTitle, enums.providerTitleSchema, labels.PROVIDER_TITLE_LABELS],
    [enums.Education, enums.educationSchema, labels.EDUCATION_LABELS],
    [enums.CancellationPolicy, enums.cancellationPolicySchema, labels.CANCELLATION_POLICY_LABELS],
    [enums.QuestionType, enums.questionTypeSchema, labels.QUESTION_TYPE_LABELS],
    [enums.BookingStatus, enums.bookingStatusSchema, labels.BOOKING_STATUS_LABELS],
    [enums.SlotStatus, enums.slotStatusSchema, labels.SLOT_STATUS_LABELS],
    [enums.MatchStatus, enums.matchStatusSchema, labels.MATCH_STATUS_LABELS],
    [enums.CancelledBy, enums.cancelledBySchema, labels.CANCELLED_BY_LABELS],
    [enums.Importance, enums.importanceSchema, labels.IMPORTANCE_LABELS],
    [enums.MeetingFormat, enums.meetingFormatSchema, labels.MEETING_FORMAT_LABELS],
    [privacy.AccessKind, privacy.accessKindSchema, privacy.ACCESS_KIND_LABELS],
  ] as const)(
    '%j: the schema takes exactly these values, each has a label',
    (values, schema, map) => {
      for (const v of values) expect(schema.safeParse(v).success).toBe(true);
      expect(schema.safeParse('UNKNOWN').success).toBe(false);
      expect(schema.safeParse(0).success).toBe(false);
      expect(Object.keys(map).sort()).toEqual(values.map(String).sort());
      for (const label of Object.values(map) as string[]) expect(label.trim()).not.toBe('');
    },
  );
});

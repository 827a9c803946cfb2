import type {
  BookingStatus,
  CancellationPolicy,
  CancelledBy,
  Education,
  Importance,
  MatchStatus,
  MeetingFormat,
  OnboardingStep,
  ProviderTitle,
  QuestionType,
  SeriesInterval,
  SlotStatus,
  UserType,
} from './enums';

/**
 * Swedish labels, keyed by enum: a new enum value does not compile until it
 * has its label here.
 */
export const PROVIDER_TITLE_LABELS: Record<ProviderTitle, string> = {
  PSYKOLOG: 'Psykolog',
  PSYKOTERAPEUT: 'Psykoterapeut',
  KURATOR: 'Kurator',
  SOCIONOM: 'Socionom',
  SEXOLOG: 'Sexolog',
};

export const MEETING_FORMAT_LABELS: Record<MeetingFormat, string> = {
  VIDEO: 'Video',
  IN_PERSON: 'På mottagningen',
  BOTH: 'Video eller på mottagningen',
};

export const EDUCATION_LABELS: Record<Education, string> = {
  BACHELOR: 'Kandidatexamen',
  MASTER: 'Masterexamen',
  MAGISTER: 'Magisterexamen',
  COURSES: 'Kurser',
};

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, string> = {
  TWELVE_HOURS: '12 timmar innan',
  TWENTY_FOUR_HOURS: '24 timmar innan',
  FORTY_EIGHT_HOURS: '48 timmar innan',
  NO_CANCELLATION: 'Ingen avbokningspolicy',
};

/** The short list one view shows; the profile form offers the full set. */
export const SHORT_CANCELLATION_POLICIES = [
  'NO_CANCELLATION',
  'TWENTY_FOUR_HOURS',
  'FORTY_EIGHT_HOURS',
] as const satisfies readonly CancellationPolicy[];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  PENDING_PROVIDER_CONFIRMATION: 'Väntar på bekräftelse',
  CONFIRMED: 'Bekräftad',
  CANCELLED: 'Avbokad',
  COMPLETED: 'Slutförd',
  EXPIRED: 'Utgången',
};

export const IMPORTANCE_LABELS: Record<Importance, string> = {
  1: 'Inte så viktig',
  2: 'Viktig',
  3: 'Väldigt viktig',
};

export const CANCELLED_BY_LABELS: Record<CancelledBy, string> = {
  PROVIDER: 'Terapeut',
  CLIENT: 'Klient',
  SYSTEM: 'Samtalsmatch',
};

/** A series as both dashboards name it. */
export const SERIES_INTERVAL_LABELS: Record<SeriesInterval, string> = {
  WEEKLY: 'Varje vecka',
  BIWEEKLY: 'Varannan vecka',
};

export const SLOT_STATUS_LABELS: Record<SlotStatus, string> = {
  AVAILABLE: 'Ledig',
  PENDING: 'Väntar på bekräftelse',
  BOOKED: 'Bokad',
};

export const USER_TYPE_LABELS: Record<UserType, string> = {
  CLIENT: 'Klient',
  PROVIDER: 'Terapeut',
  ADMIN: 'Administratör',
};

export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  PENDING: 'Rekommenderad terapeut',
  ACTIVE: 'Pågående process',
  ENDED: 'Tidigare terapeut',
};

export const ONBOARDING_STEP_LABELS: Record<OnboardingStep, string> = {
  USER_CREATED: 'Konto skapat',
  PROFILE_COMPLETED: 'Profil ifylld',
  QUESTIONS_COMPLETED: 'Frågeformulär besvarat',
  ONBOARDING_COMPLETED: 'Klar',
};

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  SINGLE_CHOICE: 'Ett svar',
  MULTISELECT: 'Flera svar',
  TEXTAREA: 'Fritext',
};

/** 'Verifierad' / 'Ej verifierad' (docs/rules/admin.md#therapist-list). */
export function verificationLabel(isVerified: boolean): string {
  return isVerified ? 'Verifierad' : 'Ej verifierad';
}

/** Labels of a provider's titles, in the given order. */
export function titleLabels(titles: readonly ProviderTitle[]): string[] {
  return titles.map((t) => PROVIDER_TITLE_LABELS[t]);
}

/** Where to turn in an emergency: on the questionnaire and the client's dashboard (docs/rules/accounts.md#public-pages). */
export const CRISIS_TEXTS = {
  title: 'Behöver du hjälp nu?',
  lines: [
    'Samtalsmatch är inte en akutverksamhet. Är du eller någon annan i fara: ring 112.',
    'Råd om vård dygnet runt: ring 1177 Vårdguiden.',
    'Tankar på att ta ditt liv: ring Självmordslinjen 90101.',
  ],
} as const;

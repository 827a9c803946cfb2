import { z } from 'zod';
import { MSG } from './messages.sv';

/**
 * Domain error codes with ONE mapping to HTTP status and Swedish user
 * message (docs/rules/accounts.md#errors). Services throw a code; one middleware turns
 * it into `{ message, status, code }`; the web can react to the code.
 */
export const ErrorCode = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_INVALID',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'PROVIDER_NOT_FOUND',
  'PROVIDER_PROFILE_MISSING',
  'LICENCE_TITLE_NOT_CLAIMED',
  'LICENCE_NOT_CHECKED',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  'EMAIL_NOT_VERIFIED',
  'BOOKING_ALREADY_OPEN',
  'SLOT_TAKEN',
  'STATE_CONFLICT',
  'SERIES_CONFLICT',
  'BOOKING_TIME_PAST',
  'BOOKING_TOO_SOON',
  'BOOKING_OUTSIDE_HOURS',
  'BOOKING_TOO_FAR',
  'CANCEL_NOT_ALLOWED',
  'MOVE_NOT_ALLOWED',
  'COMPLETE_TOO_EARLY',
  'BOOKING_EXPIRED',
  'FIT_CHECK_NOT_DUE',
  'FIT_CHECK_ANSWERED',
  'MATCH_NOT_ACTIVE',
  'MATCH_NOT_ENDED',
  'MEETING_FORMAT_NOT_OFFERED',
  'NOT_A_VIDEO_SESSION',
  'PROVIDER_NOT_VERIFIED',
  'PROVIDER_PAUSED',
  'SLOT_IN_PAST',
  'SLOT_TOO_FAR',
  'SLOT_NOT_REMOVABLE',
  'IMAGE_INVALID',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_LINK_INVALID',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'PASSWORD_TOO_WEAK',
  'CURRENT_PASSWORD_INVALID',
  'REAUTHENTICATION_REQUIRED',
  'DIALOG_TEXT_OUTDATED',
  'CONSENT_REQUIRED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ErrorCode)[number];
export const errorCodeSchema = z.enum(ErrorCode);

export interface ErrorCatalogEntry {
  status: number;
  message: string;
}

export const errorCatalog: Record<ErrorCode, ErrorCatalogEntry> = {
  VALIDATION: { status: 400, message: 'Ogiltiga uppgifter.' },
  UNAUTHENTICATED: { status: 401, message: 'Du måste logga in.' },
  FORBIDDEN: { status: 403, message: 'Du har inte behörighet att göra detta.' },
  CSRF_INVALID: {
    status: 403,
    message: 'Ogiltig eller saknad säkerhetstoken. Ladda om sidan och försök igen.',
  },
  NOT_FOUND: { status: 404, message: 'Det du letade efter kunde inte hittas.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Adressen finns inte.' },
  PROVIDER_NOT_FOUND: { status: 404, message: MSG.providerNotFound },
  PROVIDER_PROFILE_MISSING: {
    status: 409,
    message: 'Terapeuten har inte fyllt i sin profil än och kan inte verifieras.',
  },
  LICENCE_TITLE_NOT_CLAIMED: {
    status: 422,
    message:
      'Terapeuten anger inte den titeln i sin profil. Kontrollera bara titlar som terapeuten anger.',
  },
  // The message names the title and what is missing (contracts' licenceVerificationBlock).
  LICENCE_NOT_CHECKED: {
    status: 422,
    message: 'Legitimationen behöver kontrolleras innan terapeuten kan verifieras.',
  },
  EMAIL_TAKEN: { status: 409, message: MSG.emailTaken },
  INVALID_CREDENTIALS: { status: 401, message: 'Fel e-postadress eller lösenord.' },
  TOKEN_INVALID: { status: 400, message: MSG.resetFailed },
  EMAIL_NOT_VERIFIED: {
    status: 422,
    message:
      'Du behöver bekräfta din e-postadress innan du kan boka. Vi kan skicka ett nytt bekräftelsemejl.',
  },
  BOOKING_ALREADY_OPEN: {
    status: 409,
    message: 'Du har redan en pågående bokning hos den här terapeuten.',
  },
  SLOT_TAKEN: {
    status: 409,
    message: 'En eller flera av tiderna är inte längre lediga. Välj andra tider.',
  },
  STATE_CONFLICT: {
    status: 409,
    message: 'Bokningen har redan ändrats. Ladda om sidan och försök igen.',
  },
  // The answer lists the taken hours as `conflicts` (docs/rules/bookings.md#a-series-of-sessions).
  SERIES_CONFLICT: {
    status: 409,
    message:
      'En eller flera av tiderna i serien är redan bokade. Välj en annan tid, eller boka bara de lediga tiderna.',
  },
  BOOKING_TIME_PAST: { status: 422, message: MSG.bookingTimePast },
  BOOKING_TOO_SOON: { status: 422, message: MSG.bookingTooSoon },
  BOOKING_OUTSIDE_HOURS: { status: 422, message: MSG.bookingOutsideHours },
  BOOKING_TOO_FAR: { status: 422, message: MSG.bookingTooFar },
  CANCEL_NOT_ALLOWED: {
    status: 422,
    message: 'Bokningen kan inte avbokas enligt terapeutens avbokningspolicy.',
  },
  MOVE_NOT_ALLOWED: {
    status: 422,
    message: 'Bokningen kan inte flyttas enligt terapeutens avbokningspolicy.',
  },
  COMPLETE_TOO_EARLY: {
    status: 422,
    message: 'Bokningen kan slutföras först när tiden har passerat.',
  },
  FIT_CHECK_NOT_DUE: {
    status: 409,
    message: 'Frågorna om hur det känns kommer efter ert första genomförda samtal.',
  },
  FIT_CHECK_ANSWERED: { status: 409, message: 'Du har redan svarat på frågorna.' },
  MATCH_NOT_ACTIVE: {
    status: 409,
    message: 'Det går bara med en terapeut som du har en pågående process med.',
  },
  MATCH_NOT_ENDED: { status: 409, message: 'Det finns inget byte att ångra.' },
  BOOKING_EXPIRED: {
    status: 409,
    message: 'Förfrågan har gått ut eftersom ingen av de föreslagna tiderna besvarades i tid.',
  },
  MEETING_FORMAT_NOT_OFFERED: {
    status: 422,
    message: 'Terapeuten erbjuder inte den mötesformen. Välj en annan.',
  },
  // GET /api/video/{bookingId} for a booking that is not a confirmed video session.
  NOT_A_VIDEO_SESSION: {
    status: 409,
    message: 'Det här är inte ett bekräftat videosamtal.',
  },
  // Never verified yet: the account is under review.
  PROVIDER_NOT_VERIFIED: {
    status: 403,
    message: 'Ditt konto granskas. Du kan hantera bokningar när kontot har verifierats.',
  },
  // Verified once, and an admin took the verification back (profile.pausedAt).
  PROVIDER_PAUSED: {
    status: 403,
    message:
      'Ditt konto är pausat. Så länge kontot är pausat kan du inte hantera bokningar eller se klienters uppgifter.',
  },
  SLOT_IN_PAST: { status: 422, message: MSG.slotInPast },
  SLOT_TOO_FAR: { status: 422, message: MSG.slotTooFar },
  SLOT_NOT_REMOVABLE: { status: 409, message: MSG.slotNotRemovable },
  IMAGE_INVALID: { status: 400, message: MSG.profileImageType },
  IMAGE_TOO_LARGE: { status: 413, message: MSG.profileImageTooLarge },
  IMAGE_TOO_MANY_PIXELS: { status: 400, message: MSG.profileImageTooManyPixels },
  IMAGE_LINK_INVALID: { status: 403, message: MSG.imageLinkInvalid },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Förfrågan är för stor.' },
  RATE_LIMITED: { status: 429, message: MSG.tooManyRequests },
  PASSWORD_TOO_WEAK: { status: 400, message: MSG.passwordTooWeak },
  // 400, not 401/403: the session is fine (a 401 would sign the web out) and
  // the message is for the user (the web shows the server's text for 400).
  CURRENT_PASSWORD_INVALID: { status: 400, message: MSG.currentPasswordWrong },
  REAUTHENTICATION_REQUIRED: { status: 400, message: MSG.bankIdReauthRequired },
  // The client read an older wording of a dialog than the one in force (docs/rules/privacy.md#discreet-mails).
  DIALOG_TEXT_OUTDATED: {
    status: 409,
    message: 'Texten har ändrats sedan du läste den. Läs den nya texten och försök igen.',
  },
  // A client's answers are health data: none are saved without a recorded consent (docs/rules/privacy.md#questionnaire-consent).
  CONSENT_REQUIRED: {
    status: 409,
    message:
      'Du behöver samtycka till att vi använder dina svar innan de kan sparas. Gå tillbaka till första steget i frågeformuläret.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Tjänsten är inte tillgänglig just nu. Försök igen om en stund.',
  },
  INTERNAL: { status: 500, message: MSG.genericError },
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ErrorCode as readonly string[]).includes(value);
}

/** The error body every API error response has (docs/rules/accounts.md#errors). */
export const apiErrorSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  code: errorCodeSchema.optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** SERIES_CONFLICT: the series' hours that are taken (ISO). */
  conflicts: z.array(z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The body for a code: `{ message, status, code }`. */
export function apiErrorFor(code: ErrorCode, message?: string): ApiError {
  const entry = errorCatalog[code];
  return { message: message ?? entry.message, status: entry.status, code };
}

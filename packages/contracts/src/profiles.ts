import { z } from 'zod';
import { emailSchema, nameSchema } from './auth';
import {
  CancellationPolicy,
  DEFAULT_CANCELLATION_POLICY,
  Education,
  MeetingFormat,
  ProviderTitle,
  cancellationPolicySchema,
  educationSchema,
  meetingFormatSchema,
  providerTitleSchema,
} from './enums';
import { MSG } from './messages.sv';
import { isoDateTimeSchema } from './common';
import { WITHIN_BOUND, freeText } from './text';

export const DESCRIPTION_MIN_WORDS = 200;
export const DESCRIPTION_MAX_CHARS = 5000;
export const PRICE_MAX = 100_000;
export const SESSION_DURATION_MAX = 480;
export const PERSONAL_ATTRIBUTES_MAX_CHARS = 200;
/** +46 or 0, then 9 digits of which the first is 1-9 (docs/rules/accounts.md#provider-profile). */
export const PHONE_PATTERN = /^(\+46|0)[1-9]\d{8}$/;
/** The longest phone number the pattern accepts (+46 and 9 digits). */
const PHONE_MAX_CHARS = 12;

export const PROFILE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const PROFILE_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** At most 40 megapixels (width × height), checked from the header before decoding. */
export const PROFILE_IMAGE_MAX_PIXELS = 40_000_000;
/** The stored image's longest side, in pixels (larger images are scaled down). */
export const PROFILE_IMAGE_MAX_SIDE = 1024;
/** How long a profileImageSignedUrl stays valid. */
export const IMAGE_URL_TTL_MS = 15 * 60 * 1000;
/** The multipart field name of POST /profiles/upload. */
export const PROFILE_IMAGE_FIELD = 'profileImage';

/** True for a jpg/jpeg/png file name (and, if given, a matching MIME type). */
export function isAllowedProfileImage(fileName: string, mimeType?: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  const extOk = (PROFILE_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  const mimeOk =
    mimeType === undefined || (PROFILE_IMAGE_MIME_TYPES as readonly string[]).includes(mimeType);
  return extOk && mimeOk && fileName.includes('.');
}

/**
 * The words of a text: runs between whitespace that hold at least one letter
 * or digit (a lone dash, an emoji or a row of dots is not a word).
 */
export function countWords(text: string | null | undefined): number {
  return (text ?? '').split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Words still needed to reach the 200-word minimum (never negative). */
export function wordsRemaining(text: string | null | undefined): number {
  return Math.max(0, DESCRIPTION_MIN_WORDS - countWords(text));
}

/** The provider profile as the API sends it. */
export const providerProfileSchema = z.object({
  title: z.array(providerTitleSchema),
  description: z.string(),
  education: z.array(educationSchema),
  price: z.number(),
  sessionDuration: z.number(),
  profileImageUrl: z.string().nullable(),
  profileImageSignedUrl: z.string().nullable(),
  personalAttributes: z.string(),
  cancellationPolicy: cancellationPolicySchema,
  /** Null for a profile saved before the field existed. */
  meetingFormat: meetingFormatSchema.nullable(),
  isVerified: z.boolean(),
  /**
   * When an admin took the verification back (the account is paused); null
   * while verified or never verified yet. Only in the therapist's own view.
   */
  pausedAt: isoDateTimeSchema.nullable().optional(),
});
export type ProviderProfile = z.infer<typeof providerProfileSchema>;

const phoneSchema = z
  .string({ error: MSG.phoneRequired })
  .trim()
  .min(1, MSG.phoneRequired)
  .max(PHONE_MAX_CHARS, { message: MSG.phoneFormat, abort: true })
  .regex(PHONE_PATTERN, MSG.phoneFormat);

function positiveInt(message: string, max: number, maxMessage: string) {
  return z.number({ error: message }).int(message).positive(message).max(max, maxMessage);
}

function requiredField(message: string, max: number, multiline = false) {
  return freeText(z.string({ error: message }).trim().min(1, message).max(max, MSG.fieldTooLong), {
    multiline,
  });
}

/** The fields PATCH /profiles/provider saves, with every rule of docs/rules/accounts.md#provider-profile. */
const profileFields = {
  name: nameSchema,
  email: emailSchema,
  phoneNumber: phoneSchema,
  street: requiredField(MSG.streetRequired, 200),
  city: requiredField(MSG.cityRequired, 100),
  zip: requiredField(MSG.zipRequired, 20),
  title: z
    .array(providerTitleSchema, { error: MSG.titleRequired })
    .min(1, MSG.titleRequired)
    .max(ProviderTitle.length)
    .refine((v) => new Set(v).size === v.length, MSG.duplicateChoice),
  description: freeText(
    z
      .string({ error: MSG.descriptionMinWords })
      .trim()
      .max(DESCRIPTION_MAX_CHARS, MSG.descriptionTooLong),
    { multiline: true },
  ).refine((v) => countWords(v) >= DESCRIPTION_MIN_WORDS, {
    message: MSG.descriptionMinWords,
    ...WITHIN_BOUND,
  }),
  education: z
    .array(educationSchema, { error: MSG.educationRequired })
    .min(1, MSG.educationRequired)
    .max(Education.length)
    .refine((v) => new Set(v).size === v.length, MSG.duplicateChoice),
  price: positiveInt(MSG.pricePositive, PRICE_MAX, MSG.priceTooHigh),
  sessionDuration: positiveInt(
    MSG.sessionDurationPositive,
    SESSION_DURATION_MAX,
    MSG.sessionDurationTooLong,
  ),
  personalAttributes: requiredField(
    MSG.personalAttributesRequired,
    PERSONAL_ATTRIBUTES_MAX_CHARS,
    true,
  ),
  cancellationPolicy: z
    .enum(CancellationPolicy, { error: MSG.cancellationPolicyInvalid })
    .default(DEFAULT_CANCELLATION_POLICY),
};

const meetingFormatField = z.enum(MeetingFormat, { error: MSG.meetingFormatRequired });

/**
 * PATCH /profiles/provider payload (the image is uploaded separately).
 * `meetingFormat` is optional here so that callers from before it existed
 * keep working (left out: the saved value stays); the form requires it.
 */
export const updateProviderProfileSchema = z.object({
  ...profileFields,
  meetingFormat: meetingFormatField.optional(),
});
export type UpdateProviderProfileInput = z.infer<typeof updateProviderProfileSchema>;

/** The profile form: the payload plus the uploaded image ('Profilbild är obligatorisk'). */
export const providerProfileFormSchema = z.object({
  ...profileFields,
  meetingFormat: meetingFormatField,
  profileImageUrl: z
    .string({ error: MSG.profileImageRequired })
    .trim()
    .min(1, MSG.profileImageRequired)
    .max(2048, MSG.fieldTooLong),
});
export type ProviderProfileFormValues = z.infer<typeof providerProfileFormSchema>;

/** POST /profiles/upload answer. */
export const uploadProfileImageResponseSchema = z.object({
  profileImageUrl: z.string(),
  profileImageSignedUrl: z.string(),
});
export type UploadProfileImageResponse = z.infer<typeof uploadProfileImageResponseSchema>;

import { z } from 'zod';
import { answerSchema } from './answers';
import { sharedFitCheckSchema } from './fit-check';
import { questionSchema } from './questions';
import { bookingSchema } from './bookings';
import { idSchema, isoDateTimeSchema } from './common';
import { publicLicenceSchema } from './licence';
import {
  cancellationPolicySchema,
  educationSchema,
  importanceSchema,
  matchStatusSchema,
  meetingFormatSchema,
  providerTitleSchema,
} from './enums';

/** The provider's address as a match shows it (for the maps view). */
export const matchAddressSchema = z.object({
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
});

export const matchProviderProfileSchema = z.object({
  title: z.array(providerTitleSchema),
  description: z.string(),
  price: z.number().nullable(),
  profileImageSignedUrl: z.string().nullable(),
  cancellationPolicy: cancellationPolicySchema.nullable(),
  // The therapist's page (/provider/{matchId}) shows these too.
  education: z.array(educationSchema).optional(),
  sessionDuration: z.number().nullable().optional(),
  personalAttributes: z.string().nullable().optional(),
  meetingFormat: meetingFormatSchema.nullable().optional(),
  /** The labels of the therapist's languages (their answer to the language question). */
  languages: z.array(z.string()).optional(),
  /** Per licensed title with a registered check younger than 12 months: the day it was checked. */
  licences: z.array(publicLicenceSchema).optional(),
});
export type MatchProviderProfile = z.infer<typeof matchProviderProfileSchema>;

/** The provider side of a match. Contact details may be withheld (null) until a booking is confirmed. */
export const matchProviderSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: matchAddressSchema.nullable(),
  providerProfile: matchProviderProfileSchema.nullable(),
  answer: z.array(answerSchema),
  /**
   * True when the therapist cannot take bookings now (an admin took the
   * verification back): the match is history, shown by the name only.
   */
  paused: z.boolean().optional(),
  /** True when the therapist erased their account (decision 355): "Borttagen terapeut". */
  erased: z.boolean().optional(),
});
export type MatchProvider = z.infer<typeof matchProviderSchema>;

export const matchClientSchema = z.object({
  name: z.string(),
  answer: z.array(answerSchema),
});
export type MatchClient = z.infer<typeof matchClientSchema>;

const explanationValueSchema = z.object({ value: z.string(), label: z.string() });

/** One question of "Varför den här matchningen?": see rules/match-explanation.ts (`explainMatch`). */
export const matchExplanationItemSchema = z.object({
  questionKey: z.string(),
  importance: importanceSchema,
  met: z.array(explanationValueSchema),
  unmet: z.array(explanationValueSchema),
});
export type MatchExplanationItemDto = z.infer<typeof matchExplanationItemSchema>;

/** A client's Match. `overlaps`: per question key, the values both answered (why it matched). */
export const matchSchema = z.object({
  id: idSchema,
  status: matchStatusSchema,
  score: z.number().min(0).max(1),
  providerId: idSchema,
  clientId: idSchema.optional(),
  provider: matchProviderSchema,
  client: matchClientSchema,
  bookings: z.array(bookingSchema),
  overlaps: z.record(z.string(), z.array(z.string())).optional(),
  /** Why it matched, ordered by the client's importance (client side only; see `explainMatch`). */
  explanation: z.array(matchExplanationItemSchema).optional(),
  createdAt: isoDateTimeSchema.optional(),
  /** The fit check after the first completed session waits for an answer (docs/rules/matching.md#fit-check). */
  fitCheckDue: z.boolean().optional(),
  /** When the client switched away from this therapist (status ENDED). */
  endedAt: isoDateTimeSchema.nullable().optional(),
});
export type Match = z.infer<typeof matchSchema>;

export const matchesResponseSchema = z.array(matchSchema);

/**
 * A client's answer as their therapist reads it in one match: with the
 * question as the client was asked it (its client text, and every option a
 * client can choose, 'Vet inte / ingen preferens' included), so the answer
 * can be shown in words without the therapist's own questionnaire.
 */
export const clientAnswerSchema = answerSchema.extend({ question: questionSchema });
export type ClientAnswer = z.infer<typeof clientAnswerSchema>;

/**
 * The client's answers as their therapist reads them in the booking dialogs
 * (GET /matches/{id}, a read the client sees under "Vem har läst mina
 * uppgifter"). The review dialog loads them when it opens; the details
 * dialog of a past booking only when asked to.
 */
export const CLIENT_ANSWERS_TEXTS = {
  title: 'Klientens svar',
  loading: 'Hämtar klientens svar',
  error: 'Kunde inte hämta klientens svar.',
  retry: 'Försök igen',
  none: 'Klienten har inga svar på frågeformuläret just nu.',
  show: 'Visa klientens svar',
  hide: 'Dölj klientens svar',
  /** After the chosen options: how much the question matters to the client. */
  importance: (label: string) => `(${label.toLowerCase()})`,
} as const;

/**
 * A match as its therapist sees it (GET /matches/{id} for a provider): the
 * client's name and answers (each with its question) and the bookings.
 * Deliberately
 * without the client view's `provider` part, which would repeat the therapist's own
 * profile, contact details, address and image URL in every match
 * (decision 210).
 */
export const providerMatchSchema = z
  .object({
    id: idSchema,
    status: matchStatusSchema,
    score: z.number().min(0).max(1),
    providerId: idSchema,
    clientId: idSchema,
    client: z.object({ name: z.string(), answer: z.array(clientAnswerSchema) }).strict(),
    bookings: z.array(bookingSchema),
    createdAt: isoDateTimeSchema,
    /** The client's fit check, only when the client shared it (a logged read). */
    fitCheck: sharedFitCheckSchema.nullable().optional(),
  })
  .strict();
export type ProviderMatch = z.infer<typeof providerMatchSchema>;

/**
 * A booking as the therapist's list carries it: the Booking without what the
 * list and its dialogs never read (decision 514): its match's id (the match
 * around it says it), the Stockholm date and clock times (the web formats
 * `confirmedTime` itself) and when the request was made. One match's read
 * (GET /matches/{id}) and every booking answer keep the whole Booking.
 */
export const providerListBookingSchema = bookingSchema
  .omit({ matchId: true, date: true, startTime: true, endTime: true, createdAt: true })
  .strict();
export type ProviderListBooking = z.infer<typeof providerListBookingSchema>;

/**
 * A match in the therapist's list (GET /matches for a provider): the client's
 * name and the bookings, never the answers. The list is read to fill the
 * dashboard's tables, so it must not count as reading a client's answers
 * (docs/rules/privacy.md#access-log); the answers come with GET /matches/{id}, which the
 * review dialog reads and which is written to the client's access log. Only
 * what the dashboard reads (decision 514): no score, no ids of the two
 * parties, no creation time; a therapist's list of hundreds of bookings is
 * read on every visit and after every change.
 */
export const providerMatchSummarySchema = z
  .object({
    id: idSchema,
    status: matchStatusSchema,
    client: z.object({ name: z.string() }).strict(),
    bookings: z.array(providerListBookingSchema),
  })
  .strict();
export type ProviderMatchSummary = z.infer<typeof providerMatchSummarySchema>;

export const providerMatchesResponseSchema = z.array(providerMatchSummarySchema);

/** GET /matches/:matchId params. */
export const matchIdParamsSchema = z.object({ matchId: idSchema });

/**
 * Why a client has no matches, or fewer than five recommendations (GET
 * /matches/empty-reason), worked out by the API over the same candidates as
 * the matching (`emptyMatchesReason`); for a short list "no" reads "fewer than five":
 * - VERY_IMPORTANT_UNMET: answers marked 'Väldigt viktig' that no candidate
 *   meets (`answers`, in question order, with the client's own values);
 * - NO_CANDIDATES: no verified therapist has a bookable time;
 * - COMBINATION: each very important answer is met by some therapist, but
 *   none meets all of them at once;
 * - NONE: nothing excludes everyone (no answers to match on, or the list is
 *   simply not recomputed yet).
 */
export const EmptyMatchesReasonKind = [
  'VERY_IMPORTANT_UNMET',
  'NO_CANDIDATES',
  'COMBINATION',
  'NONE',
] as const;
export type EmptyMatchesReasonKind = (typeof EmptyMatchesReasonKind)[number];

export const unmetAnswerSchema = z.object({
  questionId: idSchema,
  questionKey: z.string(),
  /** The question as the client was asked it. */
  question: z.string(),
  /** The client's values with their labels, in the question's option order. */
  values: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type UnmetAnswer = z.infer<typeof unmetAnswerSchema>;

export const emptyMatchesReasonSchema = z.object({
  kind: z.enum(EmptyMatchesReasonKind),
  answers: z.array(unmetAnswerSchema),
});
export type EmptyMatchesReason = z.infer<typeof emptyMatchesReasonSchema>;

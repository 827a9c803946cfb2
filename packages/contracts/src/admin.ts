import { z } from 'zod';
import { answerSchema } from './answers';
import { bookingSchema } from './bookings';
import { idSchema, isoDateTimeSchema } from './common';
import { matchStatusSchema, onboardingStepSchema } from './enums';
import { licenceCheckSchema } from './licence';
import { MSG } from './messages.sv';
import { providerProfileSchema } from './profiles';
import { WITHIN_BOUND, hasForbiddenControlChars } from './text';
import { addressSchema } from './users';

/** One row of GET /admin/providers. */
export const adminProviderListItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  isVerified: z.boolean(),
  onboardingStep: onboardingStepSchema.optional(),
  createdAt: isoDateTimeSchema.optional(),
  /** A claimed licensed title's newest check is 12 months old or more: check it again. */
  licenceCheckExpired: z.boolean().optional(),
});
export type AdminProviderListItem = z.infer<typeof adminProviderListItemSchema>;

/** "Sida 2 av 7": where the /admin table's pages are. */
export function adminPageOf(page: number, pages: number): string {
  return `Sida ${page} av ${Math.max(1, pages)}`;
}

/** Longest page GET /admin/providers answers. */
export const ADMIN_PROVIDERS_PAGE_SIZE_MAX = 100;
/** The page the /admin table asks for. */
export const ADMIN_PROVIDERS_PAGE_SIZE = 50;

/**
 * GET /admin/providers?q=&verified=&page=&pageSize= : a search in name or
 * e-mail (empty: every therapist), verified or not (empty: both), a page.
 * The term is trimmed and bounded, and control characters and bidirectional
 * controls are refused (a NUL would reach PostgreSQL, which refuses it). It
 * is not stored or shown to anyone, so a term of invisible characters only
 * is simply a search that finds nothing.
 */
export const adminProvidersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, MSG.adminSearchTooLong)
    .refine((v) => !hasForbiddenControlChars(v), {
      message: MSG.controlCharacters,
      ...WITHIN_BOUND,
    })
    .default(''),
  verified: z
    .enum(['true', 'false', ''], { error: MSG.adminFilterInvalid })
    .default('')
    .transform((v) => (v === '' ? undefined : v === 'true')),
  page: z.coerce
    .number({ error: MSG.adminPageInvalid })
    .int(MSG.adminPageInvalid)
    .min(1, MSG.adminPageInvalid)
    .max(1_000_000, MSG.adminPageInvalid)
    .default(1),
  pageSize: z.coerce
    .number({ error: MSG.adminPageSizeInvalid })
    .int(MSG.adminPageSizeInvalid)
    .min(1, MSG.adminPageSizeInvalid)
    .max(ADMIN_PROVIDERS_PAGE_SIZE_MAX, MSG.adminPageSizeInvalid)
    .default(ADMIN_PROVIDERS_PAGE_SIZE),
});
export type AdminProvidersQuery = z.output<typeof adminProvidersQuerySchema>;

/** GET /admin/providers answer: one page of the review-queue order, and how many match in all. */
export const adminProvidersPageSchema = z.object({
  items: z.array(adminProviderListItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminProvidersPage = z.infer<typeof adminProvidersPageSchema>;

/** A provider's match as the admin detail shows it: client, bookings and answers. */
export const adminProviderMatchSchema = z.object({
  id: idSchema,
  status: matchStatusSchema,
  score: z.number().min(0).max(1),
  client: z.object({ id: idSchema.optional(), name: z.string(), answer: z.array(answerSchema) }),
  bookings: z.array(bookingSchema),
});
export type AdminProviderMatch = z.infer<typeof adminProviderMatchSchema>;

/** GET /admin/providers/:id: ssn, contact details, profile, answers, matches with bookings. */
export const adminProviderDetailSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** YYYYMMDD-XXXX; each read is written to the audit log. */
  ssn: z.string().nullable(),
  /**
   * Bookings that still lie ahead (requests, confirmed sessions not yet
   * begun): what unverifying would cancel, for the dialog to say before.
   */
  bookingsAhead: z.number().int().nonnegative(),
  isVerified: z.boolean(),
  onboardingStep: onboardingStepSchema,
  createdAt: isoDateTimeSchema.optional(),
  address: addressSchema.nullable(),
  profile: providerProfileSchema.nullable(),
  answers: z.array(answerSchema),
  matches: z.array(adminProviderMatchSchema),
  /** Every licence check of the provider, newest first. */
  licenceChecks: z.array(licenceCheckSchema),
});
export type AdminProviderDetail = z.infer<typeof adminProviderDetailSchema>;

/**
 * PATCH /admin/providers/:id/verify payload: `{ isVerified: boolean }` sets
 * that state, and the same state again changes nothing (no audit row, no
 * mail), so a repeated request never undoes the first; an empty object or
 * no body toggles. A stray field is dropped
 * (docs/rules/admin.md#verification-by-state).
 */
export const adminVerifySchema = z
  .object({
    isVerified: z
      .boolean({ error: 'Ange om terapeuten ska vara verifierad (true eller false).' })
      .optional(),
  })
  .optional()
  .transform((body): { isVerified: boolean | undefined } => ({ isVerified: body?.isVerified }));
export type AdminVerifyInput = z.input<typeof adminVerifySchema>;

/** PATCH /admin/providers/:id/verify answer: the state after the request. */
export const adminVerifyResponseSchema = z.object({
  id: idSchema,
  isVerified: z.boolean(),
  verifiedAt: isoDateTimeSchema.nullable().optional(),
});
export type AdminVerifyResponse = z.infer<typeof adminVerifyResponseSchema>;

/** /admin/providers/:id params. */
export const providerIdParamsSchema = z.object({ id: idSchema });

/** What the audit log records (docs/rules/admin.md#audit-log). */
export const AuditAction = [
  'SSN_READ',
  'PROVIDER_VIEWED',
  'PROVIDER_VERIFIED',
  'PROVIDER_UNVERIFIED',
  'LICENCE_CHECKED',
  /** The person erased their own account (docs/rules/privacy.md#erasure): the row keeps the id only. */
  'ACCOUNT_ERASED',
] as const;
export type AuditAction = (typeof AuditAction)[number];
export const auditActionSchema = z.enum(AuditAction);

/** The 'Historik' list of the admin detail: who looked, who changed what, when. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  SSN_READ: 'Visade uppgifterna med personnummer',
  PROVIDER_VIEWED: 'Visade uppgifterna',
  PROVIDER_VERIFIED: 'Verifierade terapeuten',
  PROVIDER_UNVERIFIED: 'Tog bort verifieringen',
  LICENCE_CHECKED: 'Kontrollerade legitimationen',
  ACCOUNT_ERASED: 'Raderade sitt konto',
};

/** One entry of GET /admin/providers/:id/history (newest first). */
export const adminHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  action: auditActionSchema,
  actor: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type AdminHistoryEntry = z.infer<typeof adminHistoryEntrySchema>;
export const adminHistoryResponseSchema = z.array(adminHistoryEntrySchema);

/**
 * The groups of the admin list, in order (GET /admin/providers sorts by them
 * in SQL, admin.repository.ts): the review queue first (unverified therapists
 * who finished onboarding, then therapists with a licence check due, decision
 * 310), then the rest (other unverified, then verified); within a group by
 * name, then id.
 */
export const ADMIN_QUEUE_GROUPS = [
  'AWAITING_REVIEW',
  'LICENCE_CHECK_DUE',
  'UNFINISHED',
  'VERIFIED',
] as const;
export type AdminQueueGroup = (typeof ADMIN_QUEUE_GROUPS)[number];

/** Which group of the admin list a therapist is in (a missing onboarding step counts as unfinished). */
export function adminQueueGroup(
  p: Pick<AdminProviderListItem, 'isVerified' | 'onboardingStep' | 'licenceCheckExpired'>,
): AdminQueueGroup {
  if (!p.isVerified && p.onboardingStep === 'ONBOARDING_COMPLETED') return 'AWAITING_REVIEW';
  if (p.licenceCheckExpired) return 'LICENCE_CHECK_DUE';
  return p.isVerified ? 'VERIFIED' : 'UNFINISHED';
}

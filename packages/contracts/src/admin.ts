import { z } from 'zod';
import { answerSchema } from './answers';
import { bookingSchema } from './bookings';
import { idSchema, isoDateTimeSchema } from './common';
import { matchStatusSchema, onboardingStepSchema } from './enums';
import { providerProfileSchema } from './profiles';
import { addressSchema } from './users';

/** One row of GET /admin/providers. */
export const adminProviderListItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  isVerified: z.boolean(),
  onboardingStep: onboardingStepSchema.optional(),
  createdAt: isoDateTimeSchema.optional(),
});
export type AdminProviderListItem = z.infer<typeof adminProviderListItemSchema>;

export const adminProvidersResponseSchema = z.array(adminProviderListItemSchema);

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
  ssn: z.string().nullable(),
  onboardingStep: onboardingStepSchema,
  address: addressSchema.nullable(),
  profile: providerProfileSchema.nullable(),
  answers: z.array(answerSchema),
  matches: z.array(adminProviderMatchSchema),
});
export type AdminProviderDetail = z.infer<typeof adminProviderDetailSchema>;

/** PATCH /admin/providers/:id/verify answer: the new state. */
export const adminVerifyResponseSchema = z.object({ id: idSchema, isVerified: z.boolean() });
export type AdminVerifyResponse = z.infer<typeof adminVerifyResponseSchema>;

/** /admin/providers/:id params. */
export const providerIdParamsSchema = z.object({ id: idSchema });

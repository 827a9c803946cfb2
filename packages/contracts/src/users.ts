import { z } from 'zod';
import { emailSchema } from './auth';
import { idSchema } from './common';
import { onboardingStepSchema, userTypeSchema } from './enums';
import { providerProfileSchema } from './profiles';

/** Street, city and zip; each may still be missing (a new BankID provider has none). */
export const addressSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

/** SPEC §3 User as GET /users/me returns it. `ssn` is filled only in the admin view. */
export const userSchema = z.object({
  id: idSchema,
  type: userTypeSchema,
  name: z.string(),
  // Nullable: a provider created by BankID has no e-mail until the profile is saved.
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  ssn: z.string().nullable().optional(),
  onboardingStep: onboardingStepSchema,
  address: addressSchema.nullable(),
  profile: providerProfileSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** PATCH /users/email payload. */
export const changeEmailSchema = z.object({ email: emailSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** POST /auth/login answer: the user and the new session's CSRF token. */
export const loginResponseSchema = z.object({ user: userSchema, csrfToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * PATCH /profiles/provider answer. `name` in the payload is ignored: it is
 * BankID's and never changes. A new e-mail for an account that already
 * has one is not used until the link mailed to it is opened: `user.email`
 * stays the old address and `pendingEmail` says where the link went (null
 * when nothing waits). A provider's first address is saved at once,
 * unverified, and a verification link is mailed to it.
 */
export const updateProviderProfileResponseSchema = z.object({
  user: userSchema,
  pendingEmail: z.string().nullable(),
});
export type UpdateProviderProfileResponse = z.infer<typeof updateProviderProfileResponseSchema>;

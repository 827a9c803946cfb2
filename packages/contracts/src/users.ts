import { z } from 'zod';
import { emailSchema, PASSWORD_MAX_LENGTH, tokenSchema } from './auth';
import { MSG } from './messages.sv';
import { idSchema } from './common';
import { onboardingStepSchema, userTypeSchema } from './enums';
import { preferencesSchema } from './privacy';
import { providerProfileSchema } from './profiles';

/** Street, city and zip; each may still be missing (a new BankID provider has none). */
export const addressSchema = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

/** The User as GET /users/me returns it. `ssn` is filled only in the admin view. */
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
  /**
   * The account can confirm an e-mail change with its password (a client or
   * therapist who has one; never an admin). Otherwise a fresh BankID sign-in.
   */
  hasPassword: z.boolean().optional(),
  /** The user's own privacy settings (docs/rules/privacy.md#discreet-mails); defaults until changed. */
  preferences: preferencesSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * How recent a BankID sign-in in the session must be to change the e-mail
 * address of an account without a password (docs/rules/accounts.md#e-mail-change).
 */
export const EMAIL_CHANGE_BANKID_MAX_AGE_MS = 10 * 60_000;

/** The current password, to confirm an e-mail change. */
export const currentPasswordSchema = z
  .string({ error: MSG.currentPasswordRequired })
  .min(1, MSG.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, MSG.passwordMax);

/**
 * PATCH /users/email payload: the new address, and the current password for
 * an account that has one (without it: a BankID sign-in in the last
 * EMAIL_CHANGE_BANKID_MAX_AGE_MS). The server decides which is needed.
 */
export const changeEmailSchema = z.object({
  email: emailSchema,
  currentPassword: currentPasswordSchema.optional(),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** The change-email form of an account with a password: both fields required. */
export const changeEmailFormSchema = z.object({
  email: emailSchema,
  currentPassword: currentPasswordSchema,
});
export type ChangeEmailFormValues = z.infer<typeof changeEmailFormSchema>;

/** POST /auth/undo-email-change payload: the token of the link mailed to the old address. */
export const undoEmailChangeSchema = z.object({ token: tokenSchema });
export type UndoEmailChangeInput = z.infer<typeof undoEmailChangeSchema>;

/** POST /auth/login answer: the user and the new session's CSRF token. */
export const loginResponseSchema = z.object({ user: userSchema, csrfToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * PATCH /profiles/provider answer. `name` in the payload must be the account's: it is
 * BankID's and never changes (another name is 400 on `name`). A new e-mail for an account that already
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

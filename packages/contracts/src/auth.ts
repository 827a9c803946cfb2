import { z } from 'zod';
import { MSG } from './messages.sv';
import { BANKID_ACR_VALUES, BANKID_ROLES } from './bankid';
import { WITHIN_BOUND, containsFormatCharacter, containsLinkOrAddress, freeText } from './text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

/** One lowercase, one uppercase, and one digit or special character (any non-letter). */
export const PASSWORD_RULES = {
  lowercase: /\p{Ll}/u,
  uppercase: /\p{Lu}/u,
  digitOrSpecial: /[^\p{L}]/u,
} as const;

export function meetsPasswordComplexity(password: string): boolean {
  return (
    PASSWORD_RULES.lowercase.test(password) &&
    PASSWORD_RULES.uppercase.test(password) &&
    PASSWORD_RULES.digitOrSpecial.test(password)
  );
}

/**
 * A trimmed, valid e-mail address ('Ogiltig e-postadress'). Case is kept:
 * the API lower-cases addresses itself. The length is checked first: the
 * address pattern reads only an address within the bound.
 */
export const emailSchema = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, MSG.emailTooLong)
  .pipe(z.email(MSG.invalidEmail));

/**
 * A person's name: one line, no control characters, no link or e-mail
 * address (it is mailed to whatever address registered it), and no
 * invisible format character anywhere, so it cannot imitate another name
 * (docs/rules/accounts.md#names-show-what-they-hold).
 */
export const nameSchema = freeText(
  z
    .string({ error: MSG.nameRequired })
    .trim()
    .min(1, MSG.nameRequired)
    .max(NAME_MAX_LENGTH, MSG.nameTooLong),
)
  .refine((v) => !containsLinkOrAddress(v), { message: MSG.nameNoLinks, ...WITHIN_BOUND })
  .refine((v) => !containsFormatCharacter(v), {
    message: MSG.nameInvisibleCharacters,
    ...WITHIN_BOUND,
  });

/** The register password: 8-128 characters, lowercase, uppercase, digit or special (docs/rules/accounts.md#passwords). */
export const passwordSchema = z
  .string({ error: MSG.passwordMin })
  .min(PASSWORD_MIN_LENGTH, MSG.passwordMin)
  .max(PASSWORD_MAX_LENGTH, MSG.passwordMax)
  .refine(meetsPasswordComplexity, { message: MSG.passwordComplexity, ...WITHIN_BOUND });

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MSG.passwordMax),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /auth/register payload. */
export const registerSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the payload plus confirmPassword, which is not sent. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string({ error: MSG.passwordsMismatch }) })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterFormValues = z.infer<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resendVerificationSchema = z.object({ email: emailSchema });
export type ResendVerificationInput = z.infer<typeof resendVerificationSchema>;

export const tokenSchema = z
  .string({ error: MSG.resetFailed })
  .min(1, MSG.resetFailed)
  .max(512, MSG.resetFailed);

/** POST /auth/reset-password payload: the same password rules as register. */
export const resetPasswordSchema = z.object({
  password: passwordSchema,
  token: tokenSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * POST /auth/reset-password/check payload: may this reset link still set a
 * password? Nothing is used up; 200 `{ valid: true }` or 400 TOKEN_INVALID.
 */
export const resetPasswordCheckSchema = z.object({ token: tokenSchema });
export type ResetPasswordCheckInput = z.infer<typeof resetPasswordCheckSchema>;
export const resetPasswordCheckResponseSchema = z.object({ valid: z.literal(true) });
export type ResetPasswordCheckResponse = z.infer<typeof resetPasswordCheckResponseSchema>;

/**
 * The reset form (docs/rules/accounts.md#forgot-and-reset-password): 'Lösenordet måste vara minst 8 tecken.' and
 * 'Lösenorden matchar inte.'; the register complexity rule too, so the form
 * never sends what the API refuses.
 */
export const resetPasswordFormSchema = z
  .object({
    password: z
      .string({ error: MSG.resetPasswordMin })
      .min(PASSWORD_MIN_LENGTH, MSG.resetPasswordMin)
      .max(PASSWORD_MAX_LENGTH, MSG.passwordMax)
      .refine(meetsPasswordComplexity, { message: MSG.passwordComplexity, ...WITHIN_BOUND }),
    confirmPassword: z.string({ error: MSG.resetPasswordsMismatch }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.resetPasswordsMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

/** GET /auth/verify-email/:token params. */
export const verifyEmailParamsSchema = z.object({ token: tokenSchema });

/** GET /csrf-token answer. */
export const csrfTokenResponseSchema = z.object({ csrfToken: z.string().min(1) });
export type CsrfTokenResponse = z.infer<typeof csrfTokenResponseSchema>;

/** The header every non-GET/HEAD/OPTIONS request carries the token in. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * GET /auth/bankid/initiate query. `role` decides what a first sign-in of an
 * unknown personnummer creates (a PROVIDER by default); a known one always
 * signs in to its own account.
 */
export const bankIdInitiateQuerySchema = z.object({
  acrValues: z.enum(BANKID_ACR_VALUES, { message: MSG.bankIdMethodInvalid }).optional(),
  role: z.enum(BANKID_ROLES, { message: MSG.bankIdRoleInvalid }).default('provider'),
});
export type BankIdInitiateQuery = z.infer<typeof bankIdInitiateQuerySchema>;

/** GET /auth/bankid/initiate answer: the browser is redirected to it. */
export const bankIdInitiateResponseSchema = z.object({ authorizationUrl: z.url() });
export type BankIdInitiateResponse = z.infer<typeof bankIdInitiateResponseSchema>;

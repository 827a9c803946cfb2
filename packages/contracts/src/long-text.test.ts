import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminProvidersQuerySchema } from './admin';
import { answerInputSchema } from './answers';
import {
  emailSchema,
  loginSchema,
  nameSchema,
  passwordSchema,
  resetPasswordFormSchema,
  tokenSchema,
} from './auth';
import {
  confirmBookingFormSchema,
  confirmBookingSchema,
  rebookFormSchema,
  rebookSchema,
} from './bookings';
import { erasePasswordSchema } from './data-rights';
import { MSG } from './messages.sv';
import { providerProfileFormSchema, updateProviderProfileSchema } from './profiles';
import { containsLinkOrAddress, hasForbiddenControlChars, isInvisibleOnly } from './text';
import { changeEmailSchema, currentPasswordSchema } from './users';

// A request may carry a text far over its bound. Each validator refuses it on the
// length alone: no pattern or refinement reads it (docs/rules/accounts.md#text-length-is-checked-first),
// and every pattern is linear anyway (docs/rules/accounts.md#every-pattern-is-linear).
// The shapes are the ones that make a backtracking pattern retry from every position.
const LENGTH = 100_000;
const SHAPES: Record<string, string> = {
  'x…': 'x'.repeat(LENGTH),
  'a.a.a…': 'a.'.repeat(LENGTH / 2),
  '@@@…': '@'.repeat(LENGTH),
  ':::…': ':'.repeat(LENGTH),
};

const profile = updateProviderProfileSchema.shape;
const form = providerProfileFormSchema.shape;

/** Every validator of a text a person types, with the message its length bound gives. */
const VALIDATORS: [string, z.ZodType, (text: string) => unknown, string][] = [
  ['name', nameSchema, (t) => t, MSG.nameTooLong],
  ['e-mail', emailSchema, (t) => t, MSG.emailTooLong],
  ['new e-mail', changeEmailSchema.shape.email, (t) => t, MSG.emailTooLong],
  ['password', passwordSchema, (t) => t, MSG.passwordMax],
  ['login password', loginSchema.shape.password, (t) => t, MSG.passwordMax],
  ['reset form password', resetPasswordFormSchema.shape.password, (t) => t, MSG.passwordMax],
  ['current password', currentPasswordSchema, (t) => t, MSG.passwordMax],
  [
    'erasure password',
    erasePasswordSchema,
    (t) => t,
    erasePasswordSchema.safeParse('x'.repeat(200)).error!.issues[0]!.message,
  ],
  ['token', tokenSchema, (t) => t, MSG.resetFailed],
  ['profile name', profile.name, (t) => t, MSG.nameTooLong],
  ['profile e-mail', profile.email, (t) => t, MSG.emailTooLong],
  ['phone number', profile.phoneNumber, (t) => t, MSG.phoneFormat],
  ['street', profile.street, (t) => t, MSG.fieldTooLong],
  ['city', profile.city, (t) => t, MSG.fieldTooLong],
  ['zip', profile.zip, (t) => t, MSG.fieldTooLong],
  ['description', profile.description, (t) => t, MSG.descriptionTooLong],
  ['personal attributes', profile.personalAttributes, (t) => t, MSG.fieldTooLong],
  ['profile image in the form', form.profileImageUrl, (t) => t, MSG.fieldTooLong],
  ['confirm message', confirmBookingSchema.shape.messageFromProvider, (t) => t, MSG.messageTooLong],
  ['rebook message', rebookSchema.shape.messageFromProvider, (t) => t, MSG.messageTooLong],
  [
    'confirm form message',
    confirmBookingFormSchema.shape.messageFromProvider,
    (t) => t,
    MSG.messageTooLong,
  ],
  ['rebook form message', rebookFormSchema.shape.messageFromProvider, (t) => t, MSG.messageTooLong],
  ['answer text', answerInputSchema.shape.value, (t) => [t], MSG.answerTooLong],
  [
    'admin search',
    adminProvidersQuerySchema.shape.q,
    (t) => t,
    'Sökningen får vara högst 200 tecken.',
  ],
];

describe('a text far over its bound', () => {
  describe.each(Object.entries(SHAPES))('of the shape %s', (_, text) => {
    it.each(VALIDATORS)('is refused by the %s on its length alone', (_, schema, wrap, message) => {
      const result = schema.safeParse(wrap(text));
      expect(result.success).toBe(false);
      // Only the length bound spoke: no refinement ran on the text.
      expect(result.error!.issues.map((i) => i.message)).toEqual([message]);
    });

    it('is read by the text rules in one pass', () => {
      // No timing: a pattern that backtracks here holds the test past its time limit.
      expect(containsLinkOrAddress(text)).toBe(text.startsWith('@'));
      expect(hasForbiddenControlChars(text)).toBe(false);
      expect(hasForbiddenControlChars(text, true)).toBe(false);
      expect(isInvisibleOnly(text)).toBe(false);
    });
  });

  it('the rebook form refuses a long date and time', () => {
    for (const text of Object.values(SHAPES)) {
      const result = rebookFormSchema.safeParse({
        date: text,
        time: text,
        messageFromProvider: '',
      });
      expect(result.success).toBe(false);
    }
  });
});

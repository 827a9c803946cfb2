import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bankIdInitiateQuerySchema,
  bankIdInitiateResponseSchema,
  emailSchema,
  loginSchema,
  passwordSchema,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from './auth';
import { BANKID_ACR_QR, BANKID_ACR_SAME_DEVICE, bankIdAcrFor } from './bankid';
import { changeEmailSchema, userSchema } from './users';

/** The messages per path of a failed parse ('' for the root). */
function errors(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('emailSchema', () => {
  it('trims and keeps case', () => {
    expect(emailSchema.parse('  Alva@Example.SE ')).toBe('Alva@Example.SE');
  });
  it("refuses an invalid address with 'Ogiltig e-postadress'", () => {
    expect(errors(emailSchema, 'fel@')).toEqual({ '': ['Ogiltig e-postadress'] });
    expect(errors(changeEmailSchema, { email: '' })).toEqual({ email: ['Ogiltig e-postadress'] });
  });
});

describe('loginSchema', () => {
  it('needs a password', () => {
    expect(errors(loginSchema, { email: 'a@b.se', password: '' })).toEqual({
      password: ['Lösenord är obligatoriskt'],
    });
  });
  it('accepts a valid login', () => {
    expect(loginSchema.parse({ email: ' a@b.se', password: 'x' })).toEqual({
      email: 'a@b.se',
      password: 'x',
    });
  });
});

describe('passwordSchema', () => {
  it('needs 8 characters', () => {
    expect(errors(passwordSchema, 'Ab1')['']).toContain('Lösenord måste vara minst 8 tecken');
  });
  it('needs lowercase, uppercase and a digit or special character', () => {
    const msg =
      'Lösenordet måste innehålla minst en stor bokstav, en liten bokstav och en siffra eller specialtecken.';
    expect(errors(passwordSchema, 'abcdefgh1')).toEqual({ '': [msg] });
    expect(errors(passwordSchema, 'ABCDEFGH1')).toEqual({ '': [msg] });
    expect(errors(passwordSchema, 'Abcdefghi')).toEqual({ '': [msg] });
    expect(passwordSchema.safeParse('Abcdefg!').success).toBe(true);
    expect(passwordSchema.safeParse('NyttLösen1').success).toBe(true);
  });
  it('allows 128 characters, not 129', () => {
    expect(passwordSchema.safeParse('Aa1' + 'x'.repeat(125)).success).toBe(true);
    expect(errors(passwordSchema, 'Aa1' + 'x'.repeat(126))).toEqual({
      '': ['Lösenordet får vara högst 128 tecken.'],
    });
  });
});

describe('register', () => {
  it('the API payload is email, name, password', () => {
    expect(registerSchema.parse({ email: 'a@b.se', name: ' Alva ', password: 'Hemligt1' })).toEqual(
      {
        email: 'a@b.se',
        name: 'Alva',
        password: 'Hemligt1',
      },
    );
    expect(errors(registerSchema, { email: 'a@b.se', name: ' ', password: 'Hemligt1' })).toEqual({
      name: ['Namn är obligatoriskt'],
    });
  });
  it("the form refines confirmPassword with 'Lösenorden matchar inte'", () => {
    expect(
      errors(registerFormSchema, {
        email: 'a@b.se',
        name: 'Alva',
        password: 'Hemligt1',
        confirmPassword: 'Hemligt2',
      }),
    ).toEqual({ confirmPassword: ['Lösenorden matchar inte'] });
  });
});

describe('missing form fields get the Swedish messages, never a zod default', () => {
  it('register and reset forms', () => {
    expect(
      errors(registerFormSchema, { email: 'a@b.se', name: 'Alva', password: 'Hemligt1' }),
    ).toEqual({ confirmPassword: ['Lösenorden matchar inte'] });
    expect(errors(resetPasswordFormSchema, {})).toEqual({
      password: ['Lösenordet måste vara minst 8 tecken.'],
      confirmPassword: ['Lösenorden matchar inte.'],
    });
    expect(errors(loginSchema, {})).toEqual({
      email: ['Ogiltig e-postadress'],
      password: ['Lösenord är obligatoriskt'],
    });
    expect(errors(registerSchema, {})).toEqual({
      email: ['Ogiltig e-postadress'],
      name: ['Namn är obligatoriskt'],
      password: ['Lösenord måste vara minst 8 tecken'],
    });
  });
});

describe('reset password', () => {
  it('the form uses the reset texts', () => {
    expect(errors(resetPasswordFormSchema, { password: 'kort', confirmPassword: 'annat' })).toEqual(
      {
        password: [
          'Lösenordet måste vara minst 8 tecken.',
          'Lösenordet måste innehålla minst en stor bokstav, en liten bokstav och en siffra eller specialtecken.',
        ],
        confirmPassword: ['Lösenorden matchar inte.'],
      },
    );
    expect(
      errors(resetPasswordFormSchema, { password: 'NyttLösen1', confirmPassword: 'NyttLösen2' }),
    ).toEqual({ confirmPassword: ['Lösenorden matchar inte.'] });
  });
  it('the API payload needs a token', () => {
    expect(errors(resetPasswordSchema, { password: 'NyttLösen1', token: '' })).toEqual({
      token: ['Länken kan ha gått ut eller så är den ogiltig.'],
    });
  });
});

describe('BankID', () => {
  it('has the two acr values', () => {
    expect(BANKID_ACR_SAME_DEVICE).toBe('urn:grn:authn:se:bankid:same-device');
    expect(BANKID_ACR_QR).toBe('urn:grn:authn:se:bankid:another-device:qr');
    expect(bankIdAcrFor(true)).toBe(BANKID_ACR_SAME_DEVICE);
    expect(bankIdAcrFor(false)).toBe(BANKID_ACR_QR);
  });
  it('accepts only those in the query', () => {
    expect(bankIdInitiateQuerySchema.parse({})).toEqual({ role: 'provider' });
    expect(bankIdInitiateQuerySchema.parse({ role: 'client' })).toEqual({ role: 'client' });
    expect(bankIdInitiateQuerySchema.safeParse({ role: 'admin' }).success).toBe(false);
    expect(bankIdInitiateQuerySchema.safeParse({ acrValues: BANKID_ACR_QR }).success).toBe(true);
    expect(bankIdInitiateQuerySchema.safeParse({ acrValues: 'urn:other' }).success).toBe(false);
    expect(
      bankIdInitiateResponseSchema.safeParse({ authorizationUrl: 'https://idp.example/auth?x=1' })
        .success,
    ).toBe(true);
  });
});

describe('userSchema', () => {
  it('parses the user the API sends', () => {
    const user = {
      id: '0b9e2c6e-55a3-4c1a-9d3c-6b1f2a3c4d5e',
      type: 'PROVIDER',
      name: 'Eva',
      email: null,
      emailVerified: false,
      phoneNumber: null,
      ssn: null,
      onboardingStep: 'USER_CREATED',
      address: { street: null, city: null, zip: null },
      profile: null,
    };
    expect(userSchema.parse(user)).toEqual(user);
    expect(userSchema.safeParse({ ...user, type: 'ROBOT' }).success).toBe(false);
  });
});

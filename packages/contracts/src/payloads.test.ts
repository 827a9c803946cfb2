import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminVerifyResponseSchema, providerIdParamsSchema } from './admin';
import { saveAnswersSchema } from './answers';
import {
  availabilitySlotInputSchema,
  availabilityUserParamsSchema,
  createManySlotsSchema,
  deleteManySlotsSchema,
} from './availability';
import {
  bankIdInitiateQuerySchema,
  csrfTokenResponseSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailParamsSchema,
} from './auth';
import {
  bookingIdParamsSchema,
  confirmBookingSchema,
  createBookingSchema,
  rebookSchema,
} from './bookings';
import { emptyBodySchema, idParamsSchema } from './common';
import { matchIdParamsSchema } from './matches';
import { updateProviderProfileSchema } from './profiles';
import { PASSWORD_MAX_LENGTH } from './auth';
import { MSG } from './messages.sv';
import { changeEmailFormSchema, changeEmailSchema } from './users';

const id = '0b9e2c6e-55a3-4c1a-9d3c-6b1f2a3c4d5e';
const time = '2026-05-12T05:00:00.000Z';
const keys = (schema: z.ZodObject) => Object.keys(schema.shape).sort();

/** Every call that sends a payload, with the fields the table names. */
describe('request payloads', () => {
  it.each([
    ['POST /auth/login', loginSchema, ['email', 'password']],
    ['POST /auth/register', registerSchema, ['email', 'name', 'password']],
    ['POST /auth/forgot-password', forgotPasswordSchema, ['email']],
    ['POST /auth/reset-password', resetPasswordSchema, ['password', 'token']],
    ['GET /auth/bankid/initiate (query)', bankIdInitiateQuerySchema, ['acrValues', 'role']],
    // Plus how the session happens, when the therapist offers both (docs/rules/video.md).
    ['POST /bookings', createBookingSchema, ['matchId', 'meetingFormat', 'suggestedTimes']],
    [
      'PATCH /bookings/confirm/{bookingId}',
      confirmBookingSchema,
      ['confirmedTime', 'messageFromProvider'],
    ],
    [
      'POST /bookings/rebook',
      rebookSchema,
      ['confirmedTime', 'matchId', 'meetingFormat', 'messageFromProvider'],
    ],
    // Plus the current password that proves the owner (decision 196).
    ['PATCH /users/email', changeEmailSchema, ['currentPassword', 'email']],
    [
      'PATCH /profiles/provider',
      updateProviderProfileSchema,
      [
        'name',
        'email',
        'phoneNumber',
        'street',
        'city',
        'zip',
        'title',
        'description',
        'education',
        'price',
        'sessionDuration',
        'personalAttributes',
        'cancellationPolicy',
        'meetingFormat',
      ],
    ],
    ['POST /availabilities/many', createManySlotsSchema, ['slots']],
    ['POST /availabilities/delete-many', deleteManySlotsSchema, ['ids']],
  ] as const)('%s has the fields of the table', (_call, schema, fields) => {
    expect(keys(schema)).toEqual([...fields].sort());
  });

  it('POST /availabilities is startTime and endTime', () => {
    expect(
      availabilitySlotInputSchema.parse({ startTime: time, endTime: '2026-05-12T06:00:00Z' }),
    ).toEqual({ startTime: time, endTime: '2026-05-12T06:00:00Z' });
  });

  it('POST /answers is a list of {questionId, value, importance}', () => {
    expect(saveAnswersSchema.parse([{ questionId: id, value: ['sv'], importance: 2 }])).toEqual([
      { questionId: id, value: ['sv'], importance: 2 },
    ]);
    expect(saveAnswersSchema.safeParse({ questionId: id, value: ['sv'] }).success).toBe(false);
  });

  it('the empty payloads (logout, cancel, complete, verify) take {} or no body', () => {
    expect(emptyBodySchema.parse({})).toEqual({});
    expect(emptyBodySchema.parse(undefined)).toEqual({});
    expect(emptyBodySchema.parse({ stray: 1 })).toEqual({});
    expect(emptyBodySchema.safeParse('x').success).toBe(false);
    expect(emptyBodySchema.safeParse([]).success).toBe(false);
  });

  it('the path parameters are ids', () => {
    expect(bookingIdParamsSchema.parse({ bookingId: id })).toEqual({ bookingId: id });
    expect(bookingIdParamsSchema.safeParse({ bookingId: '1' }).success).toBe(false);
    expect(idParamsSchema.safeParse({ id }).success).toBe(true);
    expect(matchIdParamsSchema.safeParse({ matchId: id }).success).toBe(true);
    expect(providerIdParamsSchema.safeParse({ id }).success).toBe(true);
    expect(availabilityUserParamsSchema.safeParse({ userId: id }).success).toBe(true);
    expect(verifyEmailParamsSchema.safeParse({ token: 'abc' }).success).toBe(true);
    expect(verifyEmailParamsSchema.safeParse({ token: '' }).success).toBe(false);
  });

  it('reads csrfToken and the verify toggle answer', () => {
    expect(csrfTokenResponseSchema.parse({ csrfToken: 't' })).toEqual({ csrfToken: 't' });
    expect(adminVerifyResponseSchema.parse({ id, isVerified: true })).toEqual({
      id,
      isVerified: true,
    });
  });
});

describe('PATCH /users/email proof', () => {
  it('takes the current password as optional, refuses an empty or over-long one in Swedish', () => {
    expect(changeEmailSchema.parse({ email: 'a@exempel.se' })).toEqual({ email: 'a@exempel.se' });
    expect(
      changeEmailSchema.parse({ email: 'a@exempel.se', currentPassword: 'Hemligt-1' }),
    ).toEqual({ email: 'a@exempel.se', currentPassword: 'Hemligt-1' });
    const empty = changeEmailSchema.safeParse({ email: 'a@exempel.se', currentPassword: '' });
    expect(empty.error?.issues[0]?.message).toBe(MSG.currentPasswordRequired);
    const long = changeEmailSchema.safeParse({
      email: 'a@exempel.se',
      currentPassword: 'x'.repeat(PASSWORD_MAX_LENGTH + 1),
    });
    expect(long.error?.issues[0]?.message).toBe(MSG.passwordMax);
  });

  it('the form of a password account requires both fields', () => {
    const result = changeEmailFormSchema.safeParse({ email: '', currentPassword: '' });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(
      [MSG.currentPasswordRequired, MSG.invalidEmail].sort(),
    );
  });
});

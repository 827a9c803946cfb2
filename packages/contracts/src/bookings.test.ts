import { describe, expect, it } from 'vitest';
import { saveAnswersSchema } from './answers';
import {
  availabilitySlotInputSchema,
  createManySlotsSchema,
  deleteManySlotsSchema,
} from './availability';
import { confirmBookingSchema, createBookingSchema, rebookSchema } from './bookings';

const matchId = '0b9e2c6e-55a3-4c1a-9d3c-6b1f2a3c4d5e';
const qid = '7f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message ?? null;

describe('createBookingSchema', () => {
  const times = [
    '2026-05-12T05:00:00.000Z',
    '2026-05-12T06:00:00.000Z',
    '2026-05-13T18:00:00.000Z',
  ];
  it('accepts exactly three distinct ISO times', () => {
    expect(createBookingSchema.parse({ matchId, suggestedTimes: times })).toEqual({
      matchId,
      suggestedTimes: times,
    });
  });
  it('refuses two or four', () => {
    expect(first(createBookingSchema.safeParse({ matchId, suggestedTimes: times.slice(1) }))).toBe(
      'Välj exakt 3 tider.',
    );
    expect(
      first(createBookingSchema.safeParse({ matchId, suggestedTimes: [...times, times[0]] })),
    ).toBe('Välj exakt 3 tider.');
  });
  it('refuses the same instant twice', () => {
    expect(
      first(
        createBookingSchema.safeParse({
          matchId,
          suggestedTimes: [times[0], '2026-05-12T07:00:00+02:00', times[2]],
        }),
      ),
    ).toBe('Välj tre olika tider.');
  });
  it('refuses a non-ISO time and a bad id', () => {
    expect(
      first(
        createBookingSchema.safeParse({
          matchId,
          suggestedTimes: [times[0], times[1], 'i morgon'],
        }),
      ),
    ).toBe('Ogiltig tidpunkt.');
    expect(first(createBookingSchema.safeParse({ matchId: '42', suggestedTimes: times }))).toBe(
      'Ogiltigt id.',
    );
  });
});

describe('confirm and rebook', () => {
  it('confirm needs a time; the message is optional', () => {
    expect(confirmBookingSchema.parse({ confirmedTime: '2026-05-12T05:00:00.000Z' })).toEqual({
      confirmedTime: '2026-05-12T05:00:00.000Z',
    });
    expect(first(confirmBookingSchema.safeParse({}))).toBe('Välj en av de föreslagna tiderna.');
    expect(
      first(
        confirmBookingSchema.safeParse({
          confirmedTime: '2026-05-12T05:00:00.000Z',
          messageFromProvider: 'x'.repeat(1001),
        }),
      ),
    ).toBe('Meddelandet får vara högst 1000 tecken.');
  });
  it('rebook takes matchId, confirmedTime and an optional message', () => {
    expect(
      rebookSchema.parse({
        matchId,
        confirmedTime: '2026-05-12T05:00:00.000Z',
        messageFromProvider: ' Välkommen ',
      }),
    ).toEqual({
      matchId,
      confirmedTime: '2026-05-12T05:00:00.000Z',
      messageFromProvider: 'Välkommen',
    });
  });
});

describe('availability payloads', () => {
  it('a slot is exactly one hour on the hour', () => {
    expect(
      availabilitySlotInputSchema.safeParse({
        startTime: '2026-05-12T05:00:00.000Z',
        endTime: '2026-05-12T06:00:00.000Z',
      }).success,
    ).toBe(true);
    const msg = 'En tid måste vara exakt en timme lång och börja på hel timme.';
    expect(
      first(
        availabilitySlotInputSchema.safeParse({
          startTime: '2026-05-12T05:00:00.000Z',
          endTime: '2026-05-12T07:00:00.000Z',
        }),
      ),
    ).toBe(msg);
    expect(
      first(
        availabilitySlotInputSchema.safeParse({
          startTime: '2026-05-12T05:30:00.000Z',
          endTime: '2026-05-12T06:30:00.000Z',
        }),
      ),
    ).toBe(msg);
  });
  it('many: at least one, no start twice', () => {
    const slot = { startTime: '2026-05-12T05:00:00.000Z', endTime: '2026-05-12T06:00:00.000Z' };
    expect(createManySlotsSchema.safeParse({ slots: [slot] }).success).toBe(true);
    expect(first(createManySlotsSchema.safeParse({ slots: [] }))).toBe('Välj minst en tid.');
    expect(first(createManySlotsSchema.safeParse({ slots: [slot, slot] }))).toBe(
      'Samma tid får bara finnas en gång.',
    );
    expect(deleteManySlotsSchema.safeParse({ ids: [matchId] }).success).toBe(true);
    expect(first(deleteManySlotsSchema.safeParse({ ids: [] }))).toBe('Välj minst en tid.');
  });
});

describe('saveAnswersSchema', () => {
  it('takes a non-empty list with optional importance', () => {
    expect(
      saveAnswersSchema.parse([
        { questionId: qid, value: ['sv'], importance: 3 },
        { questionId: matchId, value: ['any'] },
      ]),
    ).toEqual([
      { questionId: qid, value: ['sv'], importance: 3 },
      { questionId: matchId, value: ['any'] },
    ]);
    expect(first(saveAnswersSchema.safeParse([]))).toBe('Svara på minst en fråga.');
  });
  it('refuses importance 4, empty values and a question twice', () => {
    expect(
      saveAnswersSchema.safeParse([{ questionId: qid, value: ['sv'], importance: 4 }]).success,
    ).toBe(false);
    expect(first(saveAnswersSchema.safeParse([{ questionId: qid, value: [] }]))).toBe(
      'Välj minst ett svar.',
    );
    expect(
      first(
        saveAnswersSchema.safeParse([
          { questionId: qid, value: ['sv'] },
          { questionId: qid, value: ['en'] },
        ]),
      ),
    ).toBe('Varje fråga får bara besvaras en gång.');
  });
});

import { describe, expect, it } from 'vitest';
import { earliestBookableSlot, rankCandidates, scoreProvider } from './matching';

const questions = [
  { id: 'q1', key: 'language', hasImportanceScale: true, type: 'MULTISELECT' as const },
  { id: 'q2', key: 'problem_areas', hasImportanceScale: true, type: 'MULTISELECT' as const },
  { id: 'q3', key: 'age', hasImportanceScale: false, type: 'SINGLE_CHOICE' as const },
  { id: 'q4', key: 'notes', hasImportanceScale: false, type: 'TEXTAREA' as const },
];

describe('scoreProvider', () => {
  it('weights overlap shares by importance', () => {
    const client = [
      { questionId: 'q1', value: ['sv', 'en'], importance: 2 as const }, // s = 1/2
      { questionId: 'q2', value: ['anxiety'], importance: 1 as const }, // s = 1
    ];
    const provider = [
      { questionId: 'q1', value: ['sv', 'de'] },
      { questionId: 'q2', value: ['anxiety', 'stress'] },
    ];
    const result = scoreProvider(client, provider, questions);
    expect(result.score).toBeCloseTo((2 * 0.5 + 1 * 1) / 3, 12);
    expect(result.excluded).toBe(false);
    expect(result.overlaps).toEqual({ language: ['sv'], problem_areas: ['anxiety'] });
  });
  it('uses weight 1 where the question has no importance scale', () => {
    const client = [
      { questionId: 'q1', value: ['sv'], importance: 3 as const }, // s = 1, weight 3
      { questionId: 'q3', value: ['adult'], importance: 3 as const }, // s = 0, weight 1 (no scale)
    ];
    const provider = [{ questionId: 'q1', value: ['sv'] }];
    const result = scoreProvider(client, provider, questions);
    expect(result.score).toBe(0.75);
    expect(result.excluded).toBe(false);
  });
  it('excludes on importance 3 with no overlap', () => {
    const client = [{ questionId: 'q1', value: ['fi'], importance: 3 as const }];
    const result = scoreProvider(client, [{ questionId: 'q1', value: ['sv'] }], questions);
    expect(result).toEqual({ score: 0, excluded: true, overlaps: {} });
  });
  it("skips 'any', free text and unknown questions; nothing to compare scores 1", () => {
    const client = [
      { questionId: 'q1', value: ['any'], importance: 3 as const },
      { questionId: 'q4', value: ['lite text'] },
      { questionId: 'zz', value: ['x'], importance: 3 as const },
    ];
    expect(scoreProvider(client, [], questions)).toEqual({
      score: 1,
      excluded: false,
      overlaps: {},
    });
  });
  it("treats a provider's 'any' as covering every value", () => {
    const client = [{ questionId: 'q1', value: ['sv', 'en'], importance: 3 as const }];
    expect(scoreProvider(client, [{ questionId: 'q1', value: ['any'] }], questions)).toEqual({
      score: 1,
      excluded: false,
      overlaps: { language: ['sv', 'en'] },
    });
  });
  it('scores 0.6 exactly when 3 of 5 values overlap', () => {
    const client = [{ questionId: 'q2', value: ['a', 'b', 'c', 'd', 'e'], importance: 1 as const }];
    const result = scoreProvider(client, [{ questionId: 'q2', value: ['a', 'b', 'c'] }], questions);
    expect(result.score).toBe(0.6);
  });
  it('scores an exact 0.8 as 0.8, not 0.7999999999999999 (shares 1, 1 and 2/5)', () => {
    const client = [
      { questionId: 'q1', value: ['sv'], importance: 1 as const },
      { questionId: 'q2', value: ['a', 'b', 'c', 'd', 'e'], importance: 1 as const },
      { questionId: 'q3', value: ['adult'] },
    ];
    const provider = [
      { questionId: 'q1', value: ['sv'] },
      { questionId: 'q2', value: ['a', 'b'] },
      { questionId: 'q3', value: ['adult'] },
    ];
    expect(scoreProvider(client, provider, questions).score).toBe(0.8);
  });
});

describe('rankCandidates', () => {
  it('drops excluded, sorts by score, breaks ties on the earliest slot, keeps 5', () => {
    const c = (
      providerId: string,
      score: number,
      earliestSlot: string | null,
      excluded = false,
    ) => ({
      providerId,
      score,
      earliestSlot,
      excluded,
    });
    const ranked = rankCandidates([
      c('a', 0.5, '2026-05-20T08:00:00Z'),
      c('b', 0.9, '2026-05-21T08:00:00Z'),
      c('c', 0.9, '2026-05-19T08:00:00Z'),
      c('d', 1, '2026-05-19T08:00:00Z', true),
      c('e', 0.7, null),
      c('f', 0.7, '2026-06-01T08:00:00Z'),
      c('g', 0.2, '2026-05-18T08:00:00Z'),
      c('h', 0.1, '2026-05-18T08:00:00Z'),
    ]);
    expect(ranked.map((x) => x.providerId)).toEqual(['c', 'b', 'f', 'e', 'a']);
  });
});

describe('earliestBookableSlot', () => {
  it('takes the first AVAILABLE slot more than 24 h ahead within 8 weeks', () => {
    const now = new Date('2026-05-10T10:00:00.000Z');
    expect(
      earliestBookableSlot(
        [
          { startTime: '2026-05-11T10:00:00.000Z', status: 'AVAILABLE' }, // exactly 24 h
          { startTime: '2026-05-11T11:00:00.000Z', status: 'BOOKED' },
          { startTime: '2026-05-12T11:00:00.000Z', status: 'AVAILABLE' },
          { startTime: '2026-05-11T12:00:00.000Z', status: 'AVAILABLE' },
        ],
        now,
      )?.toISOString(),
    ).toBe('2026-05-11T12:00:00.000Z');
    expect(
      earliestBookableSlot([{ startTime: '2026-07-06T10:00:00.000Z', status: 'AVAILABLE' }], now),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_MATCHES_TEXT, emptyMatchesReason } from './empty-matches';

describe('emptyMatchesReason', () => {
  it('no candidates at all comes first, whatever the answers', () => {
    expect(
      emptyMatchesReason({
        candidates: 0,
        meetingAll: 0,
        veryImportant: [{ questionId: 'q-lang', metBySome: false }],
      }),
    ).toEqual({ kind: 'NO_CANDIDATES', unmetQuestionIds: [] });
  });

  it('names each very important answer that no candidate meets', () => {
    expect(
      emptyMatchesReason({
        candidates: 4,
        meetingAll: 0,
        veryImportant: [
          { questionId: 'q-lang', metBySome: false },
          { questionId: 'q-method', metBySome: true },
          { questionId: 'q-area', metBySome: false },
        ],
      }),
    ).toEqual({ kind: 'VERY_IMPORTANT_UNMET', unmetQuestionIds: ['q-lang', 'q-area'] });
  });

  it('says so when each is met by someone but nobody meets all of them together', () => {
    expect(
      emptyMatchesReason({
        candidates: 2,
        meetingAll: 0,
        veryImportant: [
          { questionId: 'q-lang', metBySome: true },
          { questionId: 'q-area', metBySome: true },
        ],
      }),
    ).toEqual({ kind: 'COMBINATION', unmetQuestionIds: [] });
  });

  it('claims nothing when nothing excludes everyone', () => {
    expect(
      emptyMatchesReason({
        candidates: 3,
        meetingAll: 1,
        veryImportant: [{ questionId: 'q-lang', metBySome: true }],
      }),
    ).toEqual({ kind: 'NONE', unmetQuestionIds: [] });
    expect(emptyMatchesReason({ candidates: 3, meetingAll: 3, veryImportant: [] })).toEqual({
      kind: 'NONE',
      unmetQuestionIds: [],
    });
  });
});

describe('EMPTY_MATCHES_TEXT', () => {
  it("names 'Väldigt viktig' and the client's choices", () => {
    expect(EMPTY_MATCHES_TEXT.unmetIntro).toContain('”Väldigt viktig”');
    expect(EMPTY_MATCHES_TEXT.yourAnswer(['Somaliska'])).toBe('Ditt svar: Somaliska');
    expect(EMPTY_MATCHES_TEXT.yourAnswer(['Somaliska', 'Arabiska', 'Tigrinja'])).toBe(
      'Ditt svar: Somaliska, Arabiska eller Tigrinja',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_MATCHES_TEXT, emptyMatchesReason } from './empty-matches';

describe('emptyMatchesReason', () => {
  it('no candidates at all comes first, whatever the answers', () => {
    expect(
      emptyMatchesReason({
        candidates: 0,
        meetingAll: 0,
        veryImportant: [{ questionId: 'q-lang', metBy: 0 }],
      }),
    ).toEqual({ kind: 'NO_CANDIDATES', unmetQuestionIds: [] });
  });

  it('names each very important answer that no candidate meets', () => {
    expect(
      emptyMatchesReason({
        candidates: 4,
        meetingAll: 0,
        veryImportant: [
          { questionId: 'q-lang', metBy: 0 },
          { questionId: 'q-method', metBy: 1 },
          { questionId: 'q-area', metBy: 0 },
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
          { questionId: 'q-lang', metBy: 1 },
          { questionId: 'q-area', metBy: 1 },
        ],
      }),
    ).toEqual({ kind: 'COMBINATION', unmetQuestionIds: [] });
  });

  it('claims nothing when nothing excludes everyone', () => {
    expect(
      emptyMatchesReason({
        candidates: 3,
        meetingAll: 1,
        veryImportant: [{ questionId: 'q-lang', metBy: 1 }],
      }),
    ).toEqual({ kind: 'NONE', unmetQuestionIds: [] });
    expect(emptyMatchesReason({ candidates: 3, meetingAll: 3, veryImportant: [] })).toEqual({
      kind: 'NONE',
      unmetQuestionIds: [],
    });
  });
});

describe('emptyMatchesReason for a list shorter than five', () => {
  it('says few candidates can be booked at all when fewer than five can', () => {
    expect(emptyMatchesReason({ candidates: 3, meetingAll: 3, veryImportant: [] }, 3)).toEqual({
      kind: 'NO_CANDIDATES',
      unmetQuestionIds: [],
    });
  });

  it('names each very important answer that fewer than five candidates meet', () => {
    expect(
      emptyMatchesReason(
        {
          candidates: 40,
          meetingAll: 2,
          veryImportant: [
            { questionId: 'q-lang', metBy: 2 },
            { questionId: 'q-method', metBy: 30 },
            { questionId: 'q-area', metBy: 4 },
          ],
        },
        2,
      ),
    ).toEqual({ kind: 'VERY_IMPORTANT_UNMET', unmetQuestionIds: ['q-lang', 'q-area'] });
  });

  it('says it is the combination when each is met by five or more, but not all together', () => {
    expect(
      emptyMatchesReason(
        {
          candidates: 40,
          meetingAll: 3,
          veryImportant: [
            { questionId: 'q-lang', metBy: 12 },
            { questionId: 'q-area', metBy: 9 },
          ],
        },
        3,
      ),
    ).toEqual({ kind: 'COMBINATION', unmetQuestionIds: [] });
  });

  it('has nothing to say of a full list, nor when the counts would fill the list', () => {
    const few = { candidates: 2, meetingAll: 2, veryImportant: [] };
    expect(emptyMatchesReason(few, 5)).toEqual({ kind: 'NONE', unmetQuestionIds: [] });
    expect(
      emptyMatchesReason(
        {
          candidates: 40,
          meetingAll: 5,
          veryImportant: [{ questionId: 'q-lang', metBy: 5 }],
        },
        4,
      ),
    ).toEqual({ kind: 'NONE', unmetQuestionIds: [] });
  });

  it('reads none, not few, for an empty list', () => {
    const pool = {
      candidates: 3,
      meetingAll: 0,
      veryImportant: [{ questionId: 'q-lang', metBy: 2 }],
    };
    expect(emptyMatchesReason(pool)).toEqual({ kind: 'COMBINATION', unmetQuestionIds: [] });
    expect(emptyMatchesReason(pool, 0)).toEqual(emptyMatchesReason(pool));
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

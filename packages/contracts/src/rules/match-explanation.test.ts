import { describe, expect, it } from 'vitest';
import {
  explainMatch,
  explanationSentences,
  joinSwedish,
  lowerFirst,
  type ExplainQuestion,
} from './match-explanation';

const questions: ExplainQuestion[] = [
  {
    id: 'q-age',
    key: 'age',
    order: 1,
    type: 'SINGLE_CHOICE',
    hasImportanceScale: false,
    options: [{ value: '25-34', label: '25–34 år' }],
  },
  {
    id: 'q-lang',
    key: 'language',
    order: 2,
    type: 'MULTISELECT',
    hasImportanceScale: true,
    options: [
      { value: 'sv', label: 'Svenska' },
      { value: 'en', label: 'Engelska' },
      { value: 'ar', label: 'Arabiska' },
    ],
  },
  {
    id: 'q-method',
    key: 'therapy_methods',
    order: 3,
    type: 'MULTISELECT',
    hasImportanceScale: true,
    options: [
      { value: 'kbt', label: 'KBT (kognitiv beteendeterapi)' },
      { value: 'emdr', label: 'EMDR' },
      { value: 'any', label: 'Vet inte / ingen preferens' },
    ],
  },
  {
    id: 'q-problem',
    key: 'problem_areas',
    order: 4,
    type: 'MULTISELECT',
    hasImportanceScale: true,
    options: [
      { value: 'angest', label: 'Ångest' },
      { value: 'somn', label: 'Sömnproblem' },
      { value: 'other', label: 'Något annat' },
    ],
  },
  {
    id: 'q-text',
    key: 'free',
    order: 5,
    type: 'TEXTAREA',
    hasImportanceScale: false,
    options: [],
  },
];

describe('explainMatch', () => {
  it('splits each answered question into met and unmet, ordered by importance then question order', () => {
    const items = explainMatch(
      [
        { questionId: 'q-age', value: ['25-34'] },
        { questionId: 'q-lang', value: ['sv', 'en', 'ar'], importance: 2 },
        { questionId: 'q-method', value: ['kbt', 'emdr'], importance: 1 },
        { questionId: 'q-problem', value: ['angest', 'somn'], importance: 3 },
        { questionId: 'q-text', value: ['Jag vill prata'] },
      ],
      [
        { questionId: 'q-age', value: ['18-24', '25-34'] },
        { questionId: 'q-lang', value: ['sv', 'en'] },
        { questionId: 'q-method', value: ['kbt'] },
        { questionId: 'q-problem', value: ['angest', 'somn', 'sorg'] },
      ],
      questions,
    );
    expect(items.map((i) => i.questionKey)).toEqual([
      'problem_areas',
      'language',
      'age',
      'therapy_methods',
    ]);
    expect(items[1]).toEqual({
      questionKey: 'language',
      importance: 2,
      met: [
        { value: 'sv', label: 'Svenska' },
        { value: 'en', label: 'Engelska' },
      ],
      unmet: [{ value: 'ar', label: 'Arabiska' }],
    });
    expect(items[3]!.unmet).toEqual([{ value: 'emdr', label: 'EMDR' }]);
  });

  it("skips a client's 'any', drops 'other' from the lists, and a therapist's 'any' meets everything", () => {
    const items = explainMatch(
      [
        { questionId: 'q-method', value: ['any'], importance: 3 },
        { questionId: 'q-problem', value: ['other'], importance: 3 },
        { questionId: 'q-lang', value: ['sv', 'ar'], importance: 2 },
      ],
      [{ questionId: 'q-lang', value: ['any'] }],
      questions,
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.met.map((v) => v.value)).toEqual(['sv', 'ar']);
    expect(items[0]!.unmet).toEqual([]);
  });

  it('a question without a scale weighs 1 whatever importance was sent; unknown questions are skipped', () => {
    const items = explainMatch(
      [
        { questionId: 'q-age', value: ['25-34'], importance: 3 },
        { questionId: 'nope', value: ['x'], importance: 3 },
      ],
      [],
      questions,
    );
    expect(items).toEqual([
      {
        questionKey: 'age',
        importance: 1,
        met: [],
        unmet: [{ value: '25-34', label: '25–34 år' }],
      },
    ]);
  });
});

describe('explanationSentences', () => {
  it('reads as Swedish sentences, met first, keeping acronyms', () => {
    const sentences = explanationSentences([
      {
        questionKey: 'language',
        importance: 3,
        met: [
          { value: 'sv', label: 'Svenska' },
          { value: 'en', label: 'Engelska' },
        ],
        unmet: [],
      },
      {
        questionKey: 'problem_areas',
        importance: 2,
        met: [
          { value: 'angest', label: 'Ångest' },
          { value: 'somn', label: 'Sömnproblem' },
        ],
        unmet: [],
      },
      {
        questionKey: 'therapy_methods',
        importance: 1,
        met: [{ value: 'kbt', label: 'KBT (kognitiv beteendeterapi)' }],
        unmet: [{ value: 'emdr', label: 'EMDR' }],
      },
      {
        questionKey: 'okand',
        importance: 1,
        met: [{ value: 'x', label: 'X-värde' }],
        unmet: [],
      },
    ]);
    expect(sentences.map((s) => s.text)).toEqual([
      'Talar svenska och engelska',
      'Arbetar med ångest och sömnproblem',
      'Erbjuder KBT (kognitiv beteendeterapi)',
      'Erbjuder inte EMDR',
      'Matchar dina svar: X-värde',
    ]);
    expect(sentences.map((s) => s.met)).toEqual([true, true, true, false, true]);
  });

  it('helpers: lowerFirst keeps all-caps words, joinSwedish lists with commas and och', () => {
    expect(lowerFirst('Svenska')).toBe('svenska');
    expect(lowerFirst('Ångest och oro')).toBe('ångest och oro');
    expect(lowerFirst('HBTQI+')).toBe('HBTQI+');
    expect(lowerFirst('EMDR')).toBe('EMDR');
    expect(joinSwedish([])).toBe('');
    expect(joinSwedish(['a'])).toBe('a');
    expect(joinSwedish(['a', 'b', 'c'])).toBe('a, b och c');
  });
});

import { describe, expect, it } from 'vitest';
import {
  explainMatch,
  explanationSentences,
  joinSwedish,
  lowerFirst,
  topFits,
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
  const items = [
    {
      questionKey: 'language',
      importance: 3 as const,
      met: [
        { value: 'sv', label: 'Svenska' },
        { value: 'en', label: 'Engelska' },
      ],
      unmet: [{ value: 'ar', label: 'Arabiska' }],
    },
    {
      questionKey: 'problem_areas',
      importance: 2 as const,
      met: [
        { value: 'angest', label: 'Ångest' },
        { value: 'somn', label: 'Sömnproblem' },
      ],
      unmet: [{ value: 'sorg', label: 'Sorg' }],
    },
    {
      questionKey: 'therapy_methods',
      importance: 1 as const,
      met: [{ value: 'kbt', label: 'KBT (kognitiv beteendeterapi)' }],
      unmet: [{ value: 'emdr', label: 'EMDR' }],
    },
    {
      questionKey: 'okand',
      importance: 1 as const,
      met: [{ value: 'x', label: 'X-värde' }],
      unmet: [],
    },
  ];

  it('leads with every fit in the order of importance, keeping acronyms', () => {
    const sentences = explanationSentences(items);
    expect(sentences.map((s) => s.text)).toEqual([
      'Talar svenska och engelska',
      'Arbetar med ångest och sömnproblem',
      'Erbjuder KBT (kognitiv beteendeterapi)',
      'Matchar dina svar: X-värde',
      'Har samtal på andra språk än arabiska',
      'Har andra inriktningar än sorg',
    ]);
    expect(sentences.map((s) => s.met)).toEqual([true, true, true, true, false, false]);
  });

  it("mentions a difference only for 'Viktig' and 'Väldigt viktig', after every fit, in neutral words", () => {
    const sentences = explanationSentences(items);
    const firstDifference = sentences.findIndex((s) => !s.met);
    expect(sentences.slice(firstDifference).every((s) => !s.met)).toBe(true);
    // 'Inte så viktig' (1): EMDR is not mentioned.
    expect(sentences.some((s) => s.text.includes('EMDR'))).toBe(false);
    expect(sentences.filter((s) => !s.met).map((s) => s.importance)).toEqual([3, 2]);
    for (const s of sentences.filter((x) => !x.met)) {
      expect(s.text).not.toMatch(/\binte\b|Matchar inte/);
    }
    // Every known question has a neutral phrase for a difference.
    const keys = ['age', 'language', 'therapy_methods', 'problem_areas', 'knowledge_areas'];
    for (const key of keys) {
      const [only] = explanationSentences([
        { questionKey: key, importance: 3, met: [], unmet: [{ value: 'v', label: 'Värde' }] },
      ]);
      expect(only!.text, key).not.toMatch(/\binte\b/);
      expect(only!.met).toBe(false);
    }
  });

  it('a card shows the top three fits, never a difference', () => {
    expect(topFits(items).map((s) => s.text)).toEqual([
      'Talar svenska och engelska',
      'Arbetar med ångest och sömnproblem',
      'Erbjuder KBT (kognitiv beteendeterapi)',
    ]);
    expect(topFits([items[0]!], 3).map((s) => s.met)).toEqual([true]);
    expect(topFits([{ ...items[0]!, met: [] }])).toEqual([]);
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

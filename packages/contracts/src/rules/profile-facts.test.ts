import { describe, expect, it } from 'vitest';
import { answerLabels } from './profile-facts';

const questions = [
  {
    id: 'q-lang',
    key: 'language',
    order: 2,
    hasImportanceScale: true,
    options: [
      { value: 'sv', label: 'Svenska' },
      { value: 'en', label: 'Engelska' },
      { value: 'fi', label: 'Finska' },
      { value: 'other', label: 'Annat språk' },
    ],
  },
];

describe('answerLabels', () => {
  it("gives the labels in the question's order, without 'other', 'any' and 'none'", () => {
    expect(
      answerLabels('language', [{ questionId: 'q-lang', value: ['fi', 'other', 'sv'] }], questions),
    ).toEqual(['Svenska', 'Finska']);
  });

  it('is empty for an unknown question or a missing answer', () => {
    expect(answerLabels('language', [], questions)).toEqual([]);
    expect(answerLabels('age', [{ questionId: 'q-lang', value: ['sv'] }], questions)).toEqual([]);
  });
});

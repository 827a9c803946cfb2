import { describe, expect, it } from 'vitest';
import { answerInWords } from './answer-in-words';

const question = {
  clientText: 'Vilken eller vilka terapiformer är du intresserad av?',
  providerText: 'Vilka terapiformer arbetar du med?',
  options: [
    { value: 'kbt', label: 'KBT (kognitiv beteendeterapi)' },
    { value: 'act', label: 'ACT (acceptance and commitment therapy)' },
    { value: 'any', label: 'Vet inte / ingen preferens' },
  ],
};

describe('answerInWords', () => {
  it("gives the side's question text, the options' labels in the answer's order, and the importance", () => {
    expect(answerInWords({ value: ['act', 'kbt'], importance: 3, question }, 'client')).toEqual({
      question: 'Vilken eller vilka terapiformer är du intresserad av?',
      values: ['ACT (acceptance and commitment therapy)', 'KBT (kognitiv beteendeterapi)'],
      importance: 'Väldigt viktig',
    });
    expect(answerInWords({ value: ['kbt'], importance: null, question }, 'provider')).toEqual({
      question: 'Vilka terapiformer arbetar du med?',
      values: ['KBT (kognitiv beteendeterapi)'],
      importance: null,
    });
  });

  it('labels a client-only option, keeps free text as written, and stored values without a question', () => {
    expect(answerInWords({ value: ['any'], importance: null, question }, 'client').values).toEqual([
      'Vet inte / ingen preferens',
    ]);
    expect(
      answerInWords({ value: ['Något eget'], importance: null, question }, 'client').values,
    ).toEqual(['Något eget']);
    expect(answerInWords({ value: ['kbt'], importance: 1 }, 'client')).toEqual({
      question: '',
      values: ['kbt'],
      importance: 'Inte så viktig',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.sv';
import {
  validateAnswers,
  validateDraftAnswers,
  type ValidationQuestion,
} from './answers-validation';

const both = (value: string) => ({ value, userType: 'BOTH' as const });
const QUESTIONS: ValidationQuestion[] = [
  {
    id: 'q-age',
    key: 'age',
    type: 'SINGLE_CHOICE',
    hasImportanceScale: false,
    options: [both('18-24'), both('25-34')],
  },
  {
    id: 'q-lang',
    key: 'language',
    type: 'MULTISELECT',
    hasImportanceScale: true,
    options: [
      both('sv'),
      both('en'),
      { value: 'any', userType: 'CLIENT' },
      { value: 'none', userType: 'PROVIDER' },
    ],
  },
  { id: 'q-text', key: 'notes', type: 'TEXTAREA', hasImportanceScale: false, options: [] },
];
const valid = [
  { questionId: 'q-age', value: ['25-34'] },
  { questionId: 'q-lang', value: ['sv', 'en'], importance: 3 },
  { questionId: 'q-text', value: ['Fritext'] },
];

describe('validateAnswers', () => {
  it('accepts a complete, valid client answer set', () => {
    expect(validateAnswers(QUESTIONS, valid, 'CLIENT')).toEqual([]);
  });

  it('refuses an unknown question id', () => {
    expect(
      validateAnswers(QUESTIONS, [...valid, { questionId: 'nope', value: ['x'] }], 'CLIENT'),
    ).toEqual([{ path: '3.questionId', message: MSG.answerUnknownQuestion }]);
  });

  it('refuses a value outside the options of the caller type', () => {
    const withNone = [valid[0]!, { questionId: 'q-lang', value: ['none'] }, valid[2]!];
    expect(validateAnswers(QUESTIONS, withNone, 'CLIENT')).toEqual([
      { path: '1.value', message: MSG.answerUnknownOption },
    ]);
    expect(validateAnswers(QUESTIONS, withNone, 'PROVIDER')).toEqual([]);
    const withAny = [valid[0]!, { questionId: 'q-lang', value: ['any'] }, valid[2]!];
    expect(validateAnswers(QUESTIONS, withAny, 'PROVIDER')).toEqual([
      { path: '1.value', message: MSG.answerUnknownOption },
    ]);
  });

  it('wants one value for a client single choice, several allowed for a provider', () => {
    const two = [{ questionId: 'q-age', value: ['18-24', '25-34'] }, valid[1]!, valid[2]!];
    expect(validateAnswers(QUESTIONS, two, 'CLIENT')).toEqual([
      { path: '0.value', message: MSG.answerSingleChoice },
    ]);
    const providerTwo = [two[0]!, { questionId: 'q-lang', value: ['sv'] }, valid[2]!];
    expect(validateAnswers(QUESTIONS, providerTwo, 'PROVIDER')).toEqual([]);
  });

  it('keeps any, other and none alone', () => {
    const mixed = [valid[0]!, { questionId: 'q-lang', value: ['any', 'sv'] }, valid[2]!];
    expect(validateAnswers(QUESTIONS, mixed, 'CLIENT')).toEqual([
      { path: '1.value', message: MSG.answerExclusive },
    ]);
    const providerMixed = [valid[0]!, { questionId: 'q-lang', value: ['none', 'en'] }, valid[2]!];
    expect(validateAnswers(QUESTIONS, providerMixed, 'PROVIDER')).toEqual([
      { path: '1.value', message: MSG.answerExclusive },
    ]);
  });

  it('allows an importance only from clients, only on a scale, never with any', () => {
    const onAge = [{ ...valid[0]!, importance: 2 }, valid[1]!, valid[2]!];
    expect(validateAnswers(QUESTIONS, onAge, 'CLIENT')).toEqual([
      { path: '0.importance', message: MSG.answerImportanceNotAllowed },
    ]);
    const withAny = [valid[0]!, { questionId: 'q-lang', value: ['any'], importance: 2 }, valid[2]!];
    expect(validateAnswers(QUESTIONS, withAny, 'CLIENT')).toEqual([
      { path: '1.importance', message: MSG.answerImportanceNotAllowed },
    ]);
    expect(validateAnswers(QUESTIONS, valid, 'PROVIDER')).toEqual([
      { path: '1.importance', message: MSG.answerImportanceClientsOnly },
    ]);
    const noImportance = [
      valid[0]!,
      { questionId: 'q-lang', value: ['sv'], importance: null },
      valid[2]!,
    ];
    expect(validateAnswers(QUESTIONS, noImportance, 'PROVIDER')).toEqual([]);
  });

  it('wants every question answered', () => {
    expect(validateAnswers(QUESTIONS, valid.slice(0, 2), 'CLIENT')).toEqual([
      { path: '_', message: MSG.answersIncomplete },
    ]);
  });

  it('takes one text for a free-text question', () => {
    const twoTexts = [valid[0]!, valid[1]!, { questionId: 'q-text', value: ['a', 'b'] }];
    expect(validateAnswers(QUESTIONS, twoTexts, 'CLIENT')).toEqual([
      { path: '2.value', message: MSG.answerTextOnly },
    ]);
  });
});

describe('validateDraftAnswers', () => {
  it('accepts any subset of valid answers, none included', () => {
    expect(validateDraftAnswers(QUESTIONS, [], 'CLIENT')).toEqual([]);
    expect(validateDraftAnswers(QUESTIONS, [valid[1]!], 'CLIENT')).toEqual([]);
  });

  it('checks each answer by the same rules as a complete save, paths under the prefix', () => {
    expect(
      validateDraftAnswers(
        QUESTIONS,
        [
          { questionId: 'q-lang', value: ['none'] },
          { questionId: 'q-age', value: ['25-34'], importance: 2 },
          { questionId: 'q-unknown', value: ['x'] },
        ],
        'CLIENT',
        'answers.',
      ),
    ).toEqual([
      { path: 'answers.0.value', message: MSG.answerUnknownOption },
      { path: 'answers.1.importance', message: MSG.answerImportanceNotAllowed },
      { path: 'answers.2.questionId', message: MSG.answerUnknownQuestion },
    ]);
    expect(
      validateDraftAnswers(QUESTIONS, [{ questionId: 'q-lang', value: ['any'] }], 'PROVIDER'),
    ).toEqual([{ path: '0.value', message: MSG.answerUnknownOption }]);
  });
});

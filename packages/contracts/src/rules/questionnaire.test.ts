import { describe, expect, it } from 'vitest';
import {
  answerTypeFor,
  buildSteps,
  isAnswerComplete,
  isExclusiveValue,
  needsImportanceStep,
  optionsFor,
  progress,
  questionDescription,
  questionLink,
  questionText,
  resumeStepIndex,
  toggleAnswer,
  toggleValue,
} from './questionnaire';

describe('exclusive values', () => {
  it('are any, other and none', () => {
    expect(['any', 'other', 'none', 'sv'].map(isExclusiveValue)).toEqual([true, true, true, false]);
  });
});

describe('toggleValue', () => {
  it('single choice replaces', () => {
    expect(toggleValue(['a'], 'b', 'SINGLE_CHOICE')).toEqual(['b']);
  });
  it('multiselect adds and removes', () => {
    expect(toggleValue(['a'], 'b', 'MULTISELECT')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a', 'MULTISELECT')).toEqual(['b']);
  });
  it('an exclusive value clears the others', () => {
    expect(toggleValue(['a', 'b'], 'any', 'MULTISELECT')).toEqual(['any']);
    expect(toggleValue(['other'], 'none', 'MULTISELECT')).toEqual(['none']);
  });
  it('a normal value removes the exclusive ones', () => {
    expect(toggleValue(['any'], 'a', 'MULTISELECT')).toEqual(['a']);
  });
  it('text keeps the text, blank is empty', () => {
    expect(toggleValue([], 'hej', 'TEXTAREA')).toEqual(['hej']);
    expect(toggleValue(['hej'], '  ', 'TEXTAREA')).toEqual([]);
  });
  it('choosing any, other or none clears the importance', () => {
    expect(toggleAnswer({ value: ['a'], importance: 3 }, 'other', 'MULTISELECT')).toEqual({
      value: ['other'],
      importance: null,
    });
    expect(toggleAnswer({ value: ['a'], importance: 3 }, 'none', 'SINGLE_CHOICE')).toEqual({
      value: ['none'],
      importance: null,
    });
    expect(toggleAnswer({ value: ['a'], importance: 2 }, 'b', 'MULTISELECT')).toEqual({
      value: ['a', 'b'],
      importance: 2,
    });
  });
});

describe('steps', () => {
  const q = (id: string, order: number, hasImportanceScale: boolean) => ({
    id,
    order,
    type: 'MULTISELECT' as const,
    hasImportanceScale,
  });
  const questions = [q('q2', 2, true), q('q1', 1, true), q('q3', 3, false)];
  const kinds = (steps: ReturnType<typeof buildSteps>) =>
    steps.map((s) => (s.kind === 'consent' ? 'consent' : `${s.kind}:${s.question.id}`));

  it('consent first, then questions by order with importance steps for clients', () => {
    expect(kinds(buildSteps(questions, 'CLIENT', {}))).toEqual([
      'consent',
      'question:q1',
      'importance:q1',
      'question:q2',
      'importance:q2',
      'question:q3',
    ]);
  });
  it("no importance step when the answer is 'any' or 'other'", () => {
    expect(
      kinds(
        buildSteps(questions, 'CLIENT', [
          { questionId: 'q1', value: ['any'] },
          { questionId: 'q2', value: ['other'] },
        ]),
      ),
    ).toEqual(['consent', 'question:q1', 'question:q2', 'question:q3']);
    expect(kinds(buildSteps(questions, 'CLIENT', { q1: { value: ['sv'] } }))).toContain(
      'importance:q1',
    );
  });
  it('providers get no importance steps', () => {
    expect(kinds(buildSteps(questions, 'PROVIDER', {}))).toEqual([
      'consent',
      'question:q1',
      'question:q2',
      'question:q3',
    ]);
  });
  it('needsImportanceStep', () => {
    expect(needsImportanceStep({ hasImportanceScale: true }, ['sv'])).toBe(true);
    expect(needsImportanceStep({ hasImportanceScale: true }, ['none'])).toBe(true);
    expect(needsImportanceStep({ hasImportanceScale: true }, ['any'])).toBe(false);
    expect(needsImportanceStep({ hasImportanceScale: false }, ['sv'])).toBe(false);
  });
  it('progress is position / total', () => {
    expect(progress(1, 4)).toBe(0.25);
    expect(progress(4, 4)).toBe(1);
    expect(progress(5, 4)).toBe(1);
    expect(progress(0, 0)).toBe(0);
  });
  it('next needs a non-empty answer', () => {
    expect(isAnswerComplete(undefined)).toBe(false);
    expect(isAnswerComplete([])).toBe(false);
    expect(isAnswerComplete(['  '])).toBe(false);
    expect(isAnswerComplete(['a'])).toBe(true);
  });
});

describe('texts and options per user type', () => {
  it('filters options', () => {
    const options = [
      { value: 'a', userType: 'CLIENT' as const },
      { value: 'b', userType: 'PROVIDER' as const },
      { value: 'c', userType: 'BOTH' as const },
    ];
    expect(optionsFor(options, 'CLIENT').map((o) => o.value)).toEqual(['a', 'c']);
    expect(optionsFor(options, 'PROVIDER').map((o) => o.value)).toEqual(['b', 'c']);
  });
  it('picks the text and description', () => {
    const question = {
      clientText: 'Vilket språk vill du prata?',
      providerText: 'Vilka språk talar du?',
      clientDescription: null,
      providerDescription: 'Välj alla',
      description: 'Allmän',
    };
    expect(questionText(question, 'PROVIDER')).toBe('Vilka språk talar du?');
    expect(questionText(question, 'CLIENT')).toBe('Vilket språk vill du prata?');
    expect(questionDescription(question, 'PROVIDER')).toBe('Välj alla');
    expect(questionDescription(question, 'CLIENT')).toBe('Allmän');
  });
});

describe('answerTypeFor', () => {
  it('a provider answers a single-choice question with several values; clients and other types keep theirs', () => {
    expect(answerTypeFor('SINGLE_CHOICE', 'PROVIDER')).toBe('MULTISELECT');
    expect(answerTypeFor('SINGLE_CHOICE', 'CLIENT')).toBe('SINGLE_CHOICE');
    expect(answerTypeFor('MULTISELECT', 'PROVIDER')).toBe('MULTISELECT');
    expect(answerTypeFor('TEXTAREA', 'PROVIDER')).toBe('TEXTAREA');
  });
});

describe('resumeStepIndex', () => {
  const q = (id: string, order: number, hasImportanceScale: boolean) => ({
    id,
    order,
    type: 'MULTISELECT' as const,
    hasImportanceScale,
  });
  const questions = [q('q1', 1, false), q('q2', 2, true), q('q3', 3, true)];
  const at = (
    answers: Record<string, { value: string[]; importance: 1 | 2 | 3 | null }>,
    consentDone: boolean,
    userType: 'CLIENT' | 'PROVIDER' = 'CLIENT',
  ) => {
    const steps = buildSteps(questions, userType, answers);
    const i = resumeStepIndex(steps, answers, { consentDone });
    const step = steps[i]!;
    return step.kind === 'consent' ? 'consent' : `${step.kind}:${step.question.id}`;
  };

  it('starts at the consent step until the consent is done', () => {
    expect(at({}, false)).toBe('consent');
    expect(at({ q1: { value: ['a'], importance: null } }, false)).toBe('consent');
  });

  it('opens the first question without an answer, earlier answers kept', () => {
    expect(at({}, true)).toBe('question:q1');
    expect(at({ q1: { value: ['a'], importance: null } }, true)).toBe('question:q2');
  });

  it('opens an importance step not yet picked', () => {
    expect(
      at(
        {
          q1: { value: ['a'], importance: null },
          q2: { value: ['b'], importance: null },
          q3: { value: ['c'], importance: 3 },
        },
        true,
      ),
    ).toBe('importance:q2');
  });

  it("skips an importance step that 'any' removed, and a blank text is no answer", () => {
    expect(
      at(
        {
          q1: { value: ['a'], importance: null },
          q2: { value: ['any'], importance: null },
          q3: { value: ['  '], importance: null },
        },
        true,
      ),
    ).toBe('question:q3');
  });

  it('a gap comes first, even after later answers', () => {
    expect(
      at({ q1: { value: ['a'], importance: null }, q3: { value: ['c'], importance: 2 } }, true),
    ).toBe('question:q2');
  });

  it('with every step answered, the first question', () => {
    const all = {
      q1: { value: ['a'], importance: null },
      q2: { value: ['b'], importance: 1 as const },
      q3: { value: ['c'], importance: 3 as const },
    };
    expect(at(all, true)).toBe('question:q1');
    expect(
      at({ q1: all.q1, q2: { value: ['b'], importance: null }, q3: all.q3 }, true, 'PROVIDER'),
    ).toBe('question:q1');
  });

  it('without questions, the consent step', () => {
    expect(resumeStepIndex(buildSteps([], 'CLIENT', {}), {}, { consentDone: true })).toBe(0);
  });
});

describe('questionLink', () => {
  it('opens /questions at a question by its key', () => {
    expect(questionLink('language')).toBe('/questions?fraga=language');
    expect(questionLink('a b')).toBe('/questions?fraga=a%20b');
  });
});

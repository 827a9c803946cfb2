import { AUTO_ADVANCE_MS, MSG, type Question } from '@samtalsmatch/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { DRAFT_SAVE_DELAY_MS } from '../hooks/use-draft-saver';
import { Questionnaire } from './questionnaire';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets the draft's delay after the last change run out. */
async function afterTheDraftDelay() {
  await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS + 1));
}

/** The auto-advance timers the stepper scheduled (200 ms). */
function advanceTimers(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.filter((call) => call[1] === AUTO_ADVANCE_MS);
}

const ID = {
  age: '00000000-0000-4000-8000-000000000001',
  lang: '00000000-0000-4000-8000-000000000002',
  text: '00000000-0000-4000-8000-000000000003',
};

const both = (value: string, label: string) => ({ value, label, userType: 'BOTH' as const });

const QUESTIONS: Question[] = [
  {
    id: ID.age,
    order: 1,
    key: 'age',
    type: 'SINGLE_CHOICE',
    clientText: 'Vilken åldersgrupp tillhör du?',
    providerText: 'Vilka åldersgrupper arbetar du med?',
    clientDescription: null,
    providerDescription: null,
    description: null,
    hasImportanceScale: false,
    options: [both('18-24', '18–24 år'), both('25-34', '25–34 år')],
  },
  {
    id: ID.lang,
    order: 2,
    key: 'language',
    type: 'MULTISELECT',
    clientText: 'På vilket språk vill du ha dina samtal?',
    providerText: 'På vilka språk kan du erbjuda samtal?',
    clientDescription: 'Välj ett eller flera språk.',
    providerDescription: null,
    description: null,
    hasImportanceScale: true,
    options: [
      both('sv', 'Svenska'),
      both('en', 'Engelska'),
      { value: 'any', label: 'Ingen preferens', userType: 'CLIENT' },
      { value: 'none', label: 'Inget av dem', userType: 'PROVIDER' },
    ],
  },
  {
    id: ID.text,
    order: 3,
    key: 'more',
    type: 'TEXTAREA',
    clientText: 'Något mer du vill berätta?',
    providerText: 'Något mer?',
    clientDescription: null,
    providerDescription: null,
    description: null,
    hasImportanceScale: false,
    options: [],
  },
];

type Route = NonNullable<Parameters<typeof mockFetch>[0]>[string];

function setup({
  questions = QUESTIONS,
  answers = [] as unknown[],
  draft = { answers: [] as unknown[], updatedAt: null as string | null },
  save = json([]) as Route,
  saveDraft = ((call) => json({ answers: (call.body as { answers: unknown[] }).answers })) as Route,
  userType = 'CLIENT' as 'CLIENT' | 'PROVIDER',
  onSaved = vi.fn(),
  props = {} as Partial<ComponentProps<typeof Questionnaire>>,
  fakeTimers = false,
} = {}) {
  const fetchMock = mockFetch({
    'GET /questions': json(questions),
    'GET /answers': json(answers),
    'GET /answers/draft': json(draft),
    'PUT /answers/draft': saveDraft,
    'POST /answers': save,
  });
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  renderRoute(<Questionnaire userType={userType} onSaved={onSaved} {...props} />, {
    path: '/questions',
    user: null,
  });
  return { fetchMock, user, onSaved };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
const next = () => screen.getByRole('button', { name: 'Nästa' });
const progressText = () => screen.getByRole('progressbar').getAttribute('aria-valuetext');

async function passConsent(user: ReturnType<typeof userEvent.setup>) {
  await heading('Innan du börjar');
  expect(next()).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: /Jag samtycker/ }));
  await user.click(next());
}

describe('the questionnaire', () => {
  it('starts with consent that says personal data is not shared with therapists at matching time', async () => {
    setup();
    await heading('Innan du börjar');
    expect(
      screen.getByText(/personuppgifter delas inte med terapeuterna när vi matchar dig/),
    ).toBeInTheDocument();
    // consent, age, language, language importance, text: position 1 of 5.
    expect(progressText()).toBe('Steg 1 av 5');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  });

  it('advances by itself 200 ms after a single choice, and focuses the new heading', async () => {
    const { user } = setup();
    await passConsent(user);
    const heading1 = await heading('Vilken åldersgrupp tillhör du?');
    // The new step's heading takes the focus once it is shown.
    await waitFor(() => expect(heading1).toHaveFocus());
    const timers = vi.spyOn(globalThis, 'setTimeout');
    fireEvent.click(screen.getByRole('radio', { name: '25–34 år' }));
    // Not at once: one 200 ms timer, and the question is still shown.
    expect(AUTO_ADVANCE_MS).toBe(200);
    expect(advanceTimers(timers)).toHaveLength(1);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Vilken åldersgrupp tillhör du?' }),
    ).toBeInTheDocument();
    const heading2 = await heading('På vilket språk vill du ha dina samtal?');
    // The new step's heading takes the focus once it is shown.
    await waitFor(() => expect(heading2).toHaveFocus());
    expect(progressText()).toBe('Steg 3 av 5');
  });

  it('multiselect: Next waits for an answer; importance follows, advances by itself; any clears the rest and skips importance', async () => {
    const { user } = setup({
      answers: [{ questionId: ID.age, value: ['18-24'], importance: null }],
    });
    await passConsent(user);
    // The age is answered already: the first question without an answer follows the consent.
    await heading('På vilket språk vill du ha dina samtal?');
    expect(next()).toBeDisabled();
    // Providers' options are not offered to a client.
    expect(screen.queryByRole('checkbox', { name: 'Inget av dem' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Svenska' }));
    await user.click(screen.getByRole('checkbox', { name: 'Engelska' }));
    expect(next()).toBeEnabled();
    await user.click(next());

    const heading3 = await heading('Hur viktigt är det här för dig?');
    // The new step's heading takes the focus once it is shown.
    await waitFor(() => expect(heading3).toHaveFocus());
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(screen.getByRole('radio', { name: 'Inte så viktig' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Viktig' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Väldigt viktig' }));
    const heading4 = await heading('Något mer du vill berätta?');
    // The new step's heading takes the focus once it is shown.
    await waitFor(() => expect(heading4).toHaveFocus());

    // Back to the language: 'Ingen preferens' clears the other choices and drops the importance step.
    await user.click(screen.getByRole('button', { name: 'Föregående' }));
    await heading('Hur viktigt är det här för dig?');
    expect(screen.getByRole('radio', { name: 'Väldigt viktig' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Föregående' }));
    await heading('På vilket språk vill du ha dina samtal?');
    expect(screen.getByRole('checkbox', { name: 'Svenska' })).toBeChecked();
    expect(progressText()).toBe('Steg 3 av 5');
    await user.click(screen.getByRole('checkbox', { name: 'Ingen preferens' }));
    expect(screen.getByRole('checkbox', { name: 'Svenska' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Engelska' })).not.toBeChecked();
    expect(progressText()).toBe('Steg 3 av 4');
    await user.click(next());
    await heading('Något mer du vill berätta?');
    // A normal choice again brings the importance step back, with the importance cleared.
    await user.click(screen.getByRole('button', { name: 'Föregående' }));
    await heading('På vilket språk vill du ha dina samtal?');
    await user.click(screen.getByRole('checkbox', { name: 'Engelska' }));
    expect(screen.getByRole('checkbox', { name: 'Ingen preferens' })).not.toBeChecked();
    await user.click(next());
    await heading('Hur viktigt är det här för dig?');
    expect(screen.getByRole('radio', { name: 'Väldigt viktig' })).not.toBeChecked();
    expect(next()).toBeDisabled();
  });

  it('back between steps keeps every answer, and a returning user sees saved answers preselected', async () => {
    const { user } = setup({
      answers: [
        { questionId: ID.age, value: ['25-34'], importance: null },
        { questionId: ID.lang, value: ['en'], importance: 2 },
        { questionId: ID.text, value: ['Hej'], importance: null },
      ],
    });
    await passConsent(user);
    await heading('Vilken åldersgrupp tillhör du?');
    expect(screen.getByRole('radio', { name: '25–34 år' })).toBeChecked();
    await user.click(next());
    await heading('På vilket språk vill du ha dina samtal?');
    expect(screen.getByRole('checkbox', { name: 'Engelska' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Svenska' }));
    await user.click(next());
    await heading('Hur viktigt är det här för dig?');
    expect(screen.getByRole('radio', { name: 'Viktig' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Föregående' }));
    await user.click(screen.getByRole('button', { name: 'Föregående' }));
    await heading('Vilken åldersgrupp tillhör du?');
    expect(screen.getByRole('radio', { name: '25–34 år' })).toBeChecked();
    await user.click(next());
    await heading('På vilket språk vill du ha dina samtal?');
    expect(screen.getByRole('checkbox', { name: 'Svenska' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Engelska' })).toBeChecked();
  });

  it('clicking the single choice that is already chosen moves on, too', async () => {
    const { user } = setup({
      answers: [
        { questionId: ID.age, value: ['25-34'], importance: null },
        { questionId: ID.lang, value: ['sv'], importance: 2 },
        { questionId: ID.text, value: ['Hej'], importance: null },
      ],
    });
    await passConsent(user);
    await heading('Vilken åldersgrupp tillhör du?');
    await user.click(screen.getByRole('radio', { name: '25–34 år' }));
    // The next step's heading takes the focus once it is shown (after the auto-advance).
    const nextHeading = await heading('På vilket språk vill du ha dina samtal?');
    await waitFor(() => expect(nextHeading).toHaveFocus());
  });

  it('saves every answer (importance only where asked), then runs onSaved', async () => {
    const { user, fetchMock, onSaved } = setup({
      answers: [
        { questionId: ID.age, value: ['25-34'], importance: null },
        { questionId: ID.lang, value: ['sv'], importance: 3 },
      ],
    });
    await passConsent(user);
    // Everything but the text is answered: the consent leads straight to it.
    await heading('Något mer du vill berätta?');
    const save = screen.getByRole('button', { name: 'Spara svar' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Ditt svar'), '   ');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Ditt svar'), 'Jag sover dåligt');
    await user.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(fetchMock.find('POST', '/answers')[0]!.body).toEqual([
      { questionId: ID.age, value: ['25-34'], importance: null },
      { questionId: ID.lang, value: ['sv'], importance: 3 },
      { questionId: ID.text, value: ['   Jag sover dåligt'], importance: null },
    ]);
  });

  it('a failed save shows its Swedish text and loses nothing; a second try sends the same answers', async () => {
    let attempt = 0;
    const { user, fetchMock, onSaved } = setup({
      questions: [QUESTIONS[0]!],
      answers: [{ questionId: ID.age, value: ['18-24'], importance: null }],
      save: () => (++attempt === 1 ? json({ message: 'Fel', status: 500 }, 500) : json([])),
    });
    await passConsent(user);
    await heading('Vilken åldersgrupp tillhör du?');
    await user.click(screen.getByRole('radio', { name: '25–34 år' }));
    await user.click(screen.getByRole('button', { name: 'Spara svar' }));
    expect(
      await screen.findByText('Det uppstod ett fel när vi försökte spara dina svar.'),
    ).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: '25–34 år' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Spara svar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const posts = fetchMock.find('POST', '/answers');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
    expect(posts[1]!.body).toEqual([{ questionId: ID.age, value: ['25-34'], importance: null }]);
  });

  it("shows 'Unsupported question type' for an unknown type and never lets it pass", async () => {
    const { user } = setup({
      questions: [{ ...QUESTIONS[0]!, type: 'SLIDER' as unknown as Question['type'] }],
    });
    await passConsent(user);
    await heading('Vilken åldersgrupp tillhör du?');
    expect(screen.getByText('Unsupported question type')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spara svar' })).toBeDisabled();
  });

  it('providers answer a single-choice question with several values, without auto-advance', async () => {
    const { user } = setup({ userType: 'PROVIDER', questions: [QUESTIONS[0]!, QUESTIONS[1]!] });
    await passConsent(user);
    await heading('Vilka åldersgrupper arbetar du med?');
    await user.click(screen.getByRole('checkbox', { name: '18–24 år' }));
    await user.click(screen.getByRole('checkbox', { name: '25–34 år' }));
    expect(screen.getByRole('checkbox', { name: '18–24 år' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '25–34 år' })).toBeChecked();
    await user.click(next());
    await heading('På vilka språk kan du erbjuda samtal?');
  });

  it('providers get no importance step and see their own texts and options', async () => {
    const { user } = setup({ userType: 'PROVIDER', questions: [QUESTIONS[1]!] });
    await heading('Innan du börjar');
    expect(progressText()).toBe('Steg 1 av 2');
    await passConsent(user);
    await heading('På vilka språk kan du erbjuda samtal?');
    expect(screen.queryByRole('checkbox', { name: 'Ingen preferens' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Svenska' }));
    await user.click(screen.getByRole('checkbox', { name: 'Inget av dem' }));
    expect(screen.getByRole('checkbox', { name: 'Svenska' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Spara svar' })).toBeEnabled();
  });

  it('arrow keys move through single choices without advancing', async () => {
    const { user } = setup();
    await passConsent(user);
    await heading('Vilken åldersgrupp tillhör du?');
    await user.tab();
    expect(screen.getByRole('radio', { name: '18–24 år' })).toHaveFocus();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '25–34 år' })).toBeChecked();
    expect(advanceTimers(timers)).toHaveLength(0);
    // Space on the chosen option moves on.
    await user.keyboard(' ');
    expect(advanceTimers(timers)).toHaveLength(1);
    await heading('På vilket språk vill du ha dina samtal?');
  });

  it('shows an error with a retry when the questions cannot load', async () => {
    mockFetch({
      'GET /questions': json({ message: 'x' }, 500),
      'GET /answers': json([]),
      'GET /answers/draft': json({ answers: [], updatedAt: null }),
    });
    renderRoute(<Questionnaire userType="CLIENT" onSaved={vi.fn()} />, { user: null });
    expect(await screen.findByText('Frågorna kunde inte laddas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});

describe('the questionnaire keeps its place', () => {
  /** A client whose consent is recorded: the consent step is skipped. */
  const recorded = { onConsent: vi.fn(), consentRecorded: true };
  const drafts = (fetchMock: ReturnType<typeof setup>['fetchMock']) =>
    fetchMock.find('PUT', '/answers/draft').map((c) => c.body);

  it('resumes a draft at the first step not yet answered, with the earlier answers kept', async () => {
    const { user } = setup({
      props: recorded,
      // The saved answers are older than the draft: the draft wins.
      answers: [{ questionId: ID.age, value: ['18-24'], importance: null }],
      draft: {
        answers: [
          { questionId: ID.age, value: ['25-34'], importance: null },
          { questionId: ID.lang, value: ['sv', 'en'], importance: null },
        ],
        updatedAt: '2025-11-27T10:00:00.000Z',
      },
    });
    // consent, age, language, its importance, text: the importance is the first open step.
    await heading('Hur viktigt är det här för dig?');
    expect(progressText()).toBe('Steg 4 av 5');
    expect(screen.queryByRole('radio', { name: 'Väldigt viktig' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Föregående' }));
    await heading('På vilket språk vill du ha dina samtal?');
    expect(screen.getByRole('checkbox', { name: 'Svenska' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Engelska' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Föregående' }));
    await heading('Vilken åldersgrupp tillhör du?');
    expect(screen.getByRole('radio', { name: '25–34 år' })).toBeChecked();
  });

  it('a client whose consent is recorded and who has saved answers opens at the first question', async () => {
    setup({
      props: recorded,
      answers: [
        { questionId: ID.age, value: ['25-34'], importance: null },
        { questionId: ID.lang, value: ['sv'], importance: 2 },
        { questionId: ID.text, value: ['Hej'], importance: null },
      ],
    });
    await heading('Vilken åldersgrupp tillhör du?');
    expect(screen.getByRole('radio', { name: '25–34 år' })).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Innan du börjar' })).not.toBeInTheDocument();
  });

  it('without a recorded consent the consent step comes first, then the first open step', async () => {
    const onConsent = vi.fn().mockResolvedValue(undefined);
    const { user } = setup({
      props: { onConsent, consentRecorded: false },
      draft: {
        answers: [{ questionId: ID.age, value: ['25-34'], importance: null }],
        updatedAt: '2025-11-27T10:00:00.000Z',
      },
    });
    await passConsent(user);
    expect(onConsent).toHaveBeenCalledOnce();
    await heading('På vilket språk vill du ha dina samtal?');
  });

  it('opens a linked question', async () => {
    setup({
      props: { ...recorded, startAt: 'language' },
      answers: [
        { questionId: ID.age, value: ['25-34'], importance: null },
        { questionId: ID.lang, value: ['sv'], importance: 3 },
        { questionId: ID.text, value: ['Hej'], importance: null },
      ],
    });
    await heading('På vilket språk vill du ha dina samtal?');
    expect(screen.getByRole('checkbox', { name: 'Svenska' })).toBeChecked();
  });

  it('a therapist who has begun a draft skips the introduction', async () => {
    setup({
      userType: 'PROVIDER',
      draft: {
        answers: [{ questionId: ID.age, value: ['18-24', '25-34'], importance: null }],
        updatedAt: '2025-11-27T10:00:00.000Z',
      },
    });
    await heading('På vilka språk kan du erbjuda samtal?');
  });

  it('saves the draft as the client moves between steps, never the onboarding save', async () => {
    const { user, fetchMock } = setup({ props: recorded });
    await heading('Vilken åldersgrupp tillhör du?');
    // Single choice: the step moves by itself and the answer is kept on the server.
    await user.click(screen.getByRole('radio', { name: '25–34 år' }));
    await heading('På vilket språk vill du ha dina samtal?');
    await waitFor(() =>
      expect(drafts(fetchMock)).toEqual([
        { answers: [{ questionId: ID.age, value: ['25-34'], importance: null }] },
      ]),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Engelska' }));
    await user.click(next());
    await heading('Hur viktigt är det här för dig?');
    await waitFor(() =>
      expect(drafts(fetchMock).at(-1)).toEqual({
        answers: [
          { questionId: ID.age, value: ['25-34'], importance: null },
          { questionId: ID.lang, value: ['en'], importance: null },
        ],
      }),
    );
    expect(fetchMock.find('POST', '/answers')).toEqual([]);
  });

  it('sends nothing while the answers are what the server already holds', async () => {
    const { user, fetchMock } = setup({
      props: recorded,
      fakeTimers: true,
      answers: [
        { questionId: ID.age, value: ['25-34'], importance: null },
        { questionId: ID.lang, value: ['sv'], importance: 2 },
        { questionId: ID.text, value: ['Hej'], importance: null },
      ],
    });
    await heading('Vilken åldersgrupp tillhör du?');
    await user.click(next());
    await heading('På vilket språk vill du ha dina samtal?');
    await user.click(next());
    await heading('Hur viktigt är det här för dig?');
    await afterTheDraftDelay();
    expect(drafts(fetchMock)).toEqual([]);
  });

  it('a failed draft save keeps the answers, says so discreetly, and the next save clears it', async () => {
    let attempt = 0;
    const { user, fetchMock } = setup({
      props: recorded,
      saveDraft: (call) =>
        ++attempt === 1 ? json({ message: 'Fel', status: 500 }, 500) : json(call.body),
    });
    await heading('Vilken åldersgrupp tillhör du?');
    await user.click(screen.getByRole('radio', { name: '25–34 år' }));
    await heading('På vilket språk vill du ha dina samtal?');
    // The status region is always there (so screen readers hear the notice); wait for its text.
    const notice = await screen.findByText(MSG.answerDraftSaveFailed);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Föregående' }));
    await heading('Vilken åldersgrupp tillhör du?');
    expect(screen.getByRole('radio', { name: '25–34 år' })).toBeChecked();
    // Moving on tries again, and the notice goes once it worked.
    await user.click(next());
    await heading('På vilket språk vill du ha dina samtal?');
    await waitFor(() => expect(drafts(fetchMock)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByText(MSG.answerDraftSaveFailed)).not.toBeInTheDocument(),
    );
  });

  it('writes no draft after the complete save', async () => {
    const { user, fetchMock, onSaved } = setup({
      props: recorded,
      fakeTimers: true,
      questions: [QUESTIONS[0]!],
    });
    await heading('Vilken åldersgrupp tillhör du?');
    await user.click(screen.getByRole('radio', { name: '25–34 år' }));
    await user.click(screen.getByRole('button', { name: 'Spara svar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    await afterTheDraftDelay();
    const order = fetchMock.calls
      .filter((c) => c.path.startsWith('/answers') && c.method !== 'GET')
      .map((c) => `${c.method} ${c.path}`);
    expect(order.at(-1)).toBe('POST /answers');
  });
});

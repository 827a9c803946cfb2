import {
  answerTypeFor,
  AUTO_ADVANCE_MS,
  buildSteps,
  CONSENT_TEXTS,
  IMPORTANCE_LABELS,
  Importance,
  isAnswerComplete,
  MSG,
  needsImportanceStep,
  optionsFor,
  progress,
  questionDescription,
  questionText,
  resumeStepIndex,
  toggleAnswer,
  type Answer,
  type AnswerDraft,
  type Question,
  type QuestionnaireAnswer,
  type QuestionnaireStep,
  type SaveAnswerDraftInput,
  type SaveAnswersInput,
  type UserType,
} from '@samtalsmatch/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { CrisisNumbers } from '@/components/ui/crisis-numbers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { handleApiError } from '@/lib/error-message';
import { saveAnswerDraft, useAnswerDraft } from '../api/answer-draft';
import { useAnswers } from '../api/get-answers';
import { useQuestions } from '../api/get-questions';
import { useSaveAnswers } from '../api/save-answers';
import { ChoiceList, ProgressBar } from './questionnaire-parts';

export type AnswerMap = Record<string, QuestionnaireAnswer>;

/** The saved answers (or a draft's) as the stepper keeps them, by question id. */
export function toAnswerMap(
  answers: readonly Pick<Answer, 'questionId' | 'value' | 'importance'>[] | undefined,
): AnswerMap {
  const map: AnswerMap = {};
  for (const a of answers ?? [])
    map[a.questionId] = { value: [...a.value], importance: a.importance };
  return map;
}

/**
 * PUT /answers/draft payload: the questions answered so far, in order, with
 * an importance only where a client was asked for one; a blank text is no
 * answer yet.
 */
export function toDraftPayload(
  questions: readonly Question[],
  answers: AnswerMap,
  userType: UserType,
): SaveAnswerDraftInput {
  const list: SaveAnswerDraftInput['answers'] = [];
  for (const q of questions) {
    const answer = answers[q.id];
    if (!answer || !isAnswerComplete(answer.value)) continue;
    const asked = userType === 'CLIENT' && needsImportanceStep(q, answer.value);
    list.push({
      questionId: q.id,
      value: answer.value,
      importance: asked ? answer.importance : null,
    });
  }
  return { answers: list };
}

/** After the last change on a step, the draft is saved this much later (a step change saves at once). */
export const DRAFT_SAVE_DELAY_MS = 1000;

/** POST /answers payload: every question, with an importance only where a client was asked for one. */
export function toPayload(
  questions: readonly Question[],
  answers: AnswerMap,
  userType: UserType,
): SaveAnswersInput {
  return questions.map((q) => {
    const answer = answers[q.id] ?? { value: [], importance: null };
    const asked = userType === 'CLIENT' && needsImportanceStep(q, answer.value);
    return {
      questionId: q.id,
      value: answer.value,
      importance: asked ? answer.importance : null,
    };
  });
}

/**
 * /questions (docs/rules/matching.md#questionnaire-steps): loads the questions, the saved answers and the
 * unfinished ones (the draft), then shows the stepper where the user left
 * it: the draft's answers when there is one, else the saved answers, at the
 * first step not yet answered. `onSaved` runs after a successful save (the
 * page refetches the user and moves on).
 */
export function Questionnaire({
  userType,
  onSaved,
  onConsent,
  consentRecorded,
  startAt,
}: {
  userType: UserType;
  onSaved: () => Promise<void> | void;
  /** Records the consent on the server before the first question (clients). */
  onConsent?: () => Promise<unknown>;
  /** A client's questionnaire consent is recorded (its step is skipped); undefined while unknown. */
  consentRecorded?: boolean | undefined;
  /** Opens this question (its key) instead of the first one not yet answered. */
  startAt?: string | null;
}) {
  const questions = useQuestions();
  const answers = useAnswers();
  const draft = useAnswerDraft();
  const consentKnown = !onConsent || consentRecorded !== undefined;

  let content;
  if (questions.isPending || answers.isPending || draft.isPending || !consentKnown) {
    content = <Spinner label="Laddar frågorna…" className="py-16" />;
  } else if (questions.isError || answers.isError || draft.isError) {
    content = (
      <Alert tone="error" title="Frågorna kunde inte laddas." className="mt-6">
        <p>Kontrollera din anslutning och försök igen.</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            void questions.refetch();
            void answers.refetch();
            void draft.refetch();
          }}
        >
          Försök igen
        </Button>
      </Alert>
    );
  } else {
    // The crisis numbers come with the questions, below them: shown under the
    // spinner they would jump down the screen when the questions arrive.
    content = (
      <>
        <QuestionnaireSteps
          questions={questions.data}
          {...resumeFrom(answers.data, draft.data, userType, consentRecorded)}
          userType={userType}
          onSaved={onSaved}
          startAt={startAt ?? null}
          {...(onConsent ? { onConsent } : {})}
        />
        {userType === 'CLIENT' ? <CrisisNumbers className="mt-8" /> : null}
      </>
    );
  }
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-semibold text-stone-900">Frågeformulär</h1>
      {content}
    </div>
  );
}

/**
 * Where the stepper starts from: the draft when there is one, else the saved
 * answers. The consent step is done for a client whose consent is recorded,
 * and for a therapist who has begun a draft (their step records nothing).
 */
function resumeFrom(
  saved: readonly Answer[],
  draft: AnswerDraft,
  userType: UserType,
  consentRecorded: boolean | undefined,
): { initialAnswers: AnswerMap; consentDone: boolean } {
  const fromDraft = draft.updatedAt !== null;
  return {
    initialAnswers: toAnswerMap(fromDraft ? draft.answers : saved),
    consentDone: userType === 'CLIENT' ? consentRecorded === true : fromDraft,
  };
}

const CONSENT_TEXT: Record<UserType, string> = {
  // The text the client's recorded consent names by version (docs/rules/privacy.md#questionnaire-consent).
  CLIENT: CONSENT_TEXTS.QUESTIONNAIRE.text,
  PROVIDER:
    'Dina svar används för att matcha dig med klienter som söker det du erbjuder. Klienterna ser dina svar som en del av din profil.',
  ADMIN: 'Dina svar används för matchningen.',
};

/** The step a questionnaire opens at: a linked question, else the first one not yet answered. */
function startIndex(
  steps: readonly QuestionnaireStep<Question>[],
  answers: AnswerMap,
  consentDone: boolean,
  startAt: string | null,
): number {
  const linked = startAt
    ? steps.findIndex((s) => s.kind === 'question' && s.question.key === startAt)
    : -1;
  if (linked > 0 && consentDone) return linked;
  return resumeStepIndex(steps, answers, { consentDone });
}

/**
 * Keeps the unfinished answers on the server (PUT /answers/draft), one save
 * after the other so the last one wins, and only when they differ from what
 * the server holds. A failed save keeps everything on the screen and says so
 * discreetly (`failed`); the next change or step tries again. `close` stops
 * further saves and waits for the one under way: the complete save deletes
 * the draft, and no late draft may come back after it.
 */
function useDraftSaver(initial: SaveAnswerDraftInput) {
  const held = useRef(JSON.stringify(initial));
  const chain = useRef<Promise<void>>(Promise.resolve());
  const closed = useRef(false);
  const [failed, setFailed] = useState(false);

  const save = useCallback((payload: SaveAnswerDraftInput): void => {
    const json = JSON.stringify(payload);
    chain.current = chain.current.then(async () => {
      if (closed.current || json === held.current) return;
      try {
        await saveAnswerDraft(payload);
        held.current = json;
        setFailed(false);
      } catch {
        setFailed(true);
      }
    });
  }, []);

  const close = useCallback(async (): Promise<void> => {
    closed.current = true;
    await chain.current;
  }, []);

  const reopen = useCallback((): void => {
    closed.current = false;
  }, []);

  return { save, close, reopen, failed };
}

export function QuestionnaireSteps({
  questions,
  initialAnswers,
  consentDone,
  userType,
  onSaved,
  onConsent,
  startAt = null,
}: {
  questions: readonly Question[];
  initialAnswers: AnswerMap;
  /** The consent step is done already (recorded, or a draft begun): open past it. */
  consentDone: boolean;
  userType: UserType;
  onSaved: () => Promise<void> | void;
  onConsent?: () => Promise<unknown>;
  /** A question key to open at (the empty match list links to one). */
  startAt?: string | null;
}) {
  const [answers, setAnswers] = useState<AnswerMap>(initialAnswers);
  const [index, setIndex] = useState(() =>
    startIndex(
      buildSteps(questions, userType, initialAnswers),
      initialAnswers,
      consentDone,
      startAt,
    ),
  );
  const [consented, setConsented] = useState(false);
  const [recording, setRecording] = useState(false);
  // From the click on 'Spara svar' until the save has answered (a draft save may finish first).
  const [finishing, setFinishing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const moved = useRef(false);
  const save = useSaveAnswers({ onSaved });
  const draft = useDraftSaver(toDraftPayload(questions, initialAnswers, userType));
  const saveDraft = draft.save;

  const steps = buildSteps(questions, userType, answers);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const isLast = index >= steps.length - 1;
  const draftPayload = toDraftPayload(questions, answers, userType);
  const draftJson = JSON.stringify(draftPayload);
  const saving = save.isPending || finishing;

  // Focus the new step's heading after a move (not on the first render of the page).
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [index]);
  useEffect(() => () => clearAdvance(), []);

  // The draft follows the answers: a moment after the last change, and at once on a step change.
  const latestDraft = useRef(draftPayload);
  latestDraft.current = draftPayload;
  useEffect(() => {
    clearDraftTimer();
    draftTimer.current = setTimeout(() => {
      draftTimer.current = null;
      saveDraft(latestDraft.current);
    }, DRAFT_SAVE_DELAY_MS);
    return clearDraftTimer;
  }, [draftJson, saveDraft]);
  useEffect(() => {
    saveDraft(latestDraft.current);
  }, [index, saveDraft]);
  // Leaving the page within the delay keeps the last change too.
  useEffect(() => () => saveDraft(latestDraft.current), [saveDraft]);

  function clearDraftTimer() {
    if (draftTimer.current) clearTimeout(draftTimer.current);
    draftTimer.current = null;
  }

  function clearAdvance() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  function goTo(next: number) {
    clearAdvance();
    moved.current = true;
    save.reset();
    setIndex(Math.max(0, next));
  }

  /** Single choice and importance: on to the next step after 200 ms (never past the last). */
  function scheduleAdvance() {
    clearAdvance();
    if (isLast) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      moved.current = true;
      setIndex((i) => i + 1);
    }, AUTO_ADVANCE_MS);
  }

  const current = step.kind === 'consent' ? undefined : answers[step.question.id];
  const canGoNext =
    step.kind === 'consent'
      ? consented
      : step.kind === 'question'
        ? isAnswerComplete(current?.value)
        : current?.importance != null;

  /**
   * The consent is recorded on the server before the first question; a
   * refusal stays here. Then on to where the answers left off.
   */
  async function recordConsent() {
    if (recording) return;
    setRecording(true);
    try {
      await onConsent!();
      goTo(startIndex(steps, answers, true, startAt));
    } catch (error) {
      handleApiError(error);
    } finally {
      setRecording(false);
    }
  }

  /** The complete save; no draft is written after it (the save deletes the draft). */
  async function submit() {
    if (!canGoNext || saving) return;
    setFinishing(true);
    clearDraftTimer();
    await draft.close();
    save.mutate(toPayload(questions, answers, userType), {
      onError: () => draft.reopen(),
      onSettled: () => setFinishing(false),
    });
  }

  const position = index + 1;
  const headingId = 'questionnaire-step-heading';

  return (
    <>
      <ProgressBar
        value={progress(position, steps.length)}
        position={position}
        total={steps.length}
      />
      <form
        className="mt-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          if (isLast) void submit();
          else if (canGoNext && step.kind === 'consent' && onConsent) void recordConsent();
          else if (canGoNext && step.kind === 'consent')
            goTo(startIndex(steps, answers, true, startAt));
          else if (canGoNext) goTo(index + 1);
        }}
      >
        {step.kind === 'consent' ? (
          <>
            <h2
              id={headingId}
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold text-stone-900 outline-none"
            >
              Innan du börjar
            </h2>
            <p className="mt-3 text-stone-700">{CONSENT_TEXT[userType]}</p>
            <label className="mt-5 flex items-start gap-3 rounded-md border border-stone-300 p-4 text-stone-900">
              <input
                type="checkbox"
                className="mt-1 h-5 w-5 accent-brand-700"
                checked={consented}
                onChange={(e) => setConsented(e.target.checked)}
              />
              <span>{CONSENT_TEXTS.QUESTIONNAIRE.statement}</span>
            </label>
          </>
        ) : step.kind === 'question' ? (
          <QuestionStep
            question={step.question}
            userType={userType}
            answer={current ?? { value: [], importance: null }}
            headingId={headingId}
            headingRef={headingRef}
            onChange={(next, { advance }) => {
              setAnswers((all) => ({ ...all, [step.question.id]: next }));
              if (advance) scheduleAdvance();
              else clearAdvance();
            }}
          />
        ) : (
          <>
            <h2
              id={headingId}
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold text-stone-900 outline-none"
            >
              Hur viktigt är det här för dig?
            </h2>
            <p className="mt-2 text-stone-700">{questionText(step.question, userType)}</p>
            <ChoiceList
              kind="radio"
              name={`importance-${step.question.id}`}
              labelledBy={headingId}
              options={Importance.map((level) => ({
                value: String(level),
                label: IMPORTANCE_LABELS[level],
              }))}
              selected={current?.importance != null ? [String(current.importance)] : []}
              onPick={(value, { advance }) => {
                const importance = Number(value) as Importance;
                setAnswers((all) => ({
                  ...all,
                  [step.question.id]: {
                    value: all[step.question.id]?.value ?? [],
                    importance,
                  },
                }));
                if (advance) scheduleAdvance();
              }}
            />
          </>
        )}

        {save.isError ? (
          <Alert tone="error" className="mt-6">
            {MSG.answersSaveFailed}
          </Alert>
        ) : null}

        <div role="status">
          {draft.failed ? (
            <p className="mt-6 text-sm text-stone-700">{MSG.answerDraftSaveFailed}</p>
          ) : null}
        </div>

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => goTo(index - 1)}>
              Föregående
            </Button>
          ) : (
            <span />
          )}
          {isLast ? (
            <Button type="submit" disabled={!canGoNext || saving} aria-busy={saving || undefined}>
              {saving ? 'Sparar…' : 'Spara svar'}
            </Button>
          ) : (
            <Button type="submit" disabled={!canGoNext || recording}>
              Nästa
            </Button>
          )}
        </div>
      </form>
    </>
  );
}

function QuestionStep({
  question,
  userType,
  answer,
  headingId,
  headingRef,
  onChange,
}: {
  question: Question;
  userType: UserType;
  answer: QuestionnaireAnswer;
  headingId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onChange: (next: QuestionnaireAnswer, how: { advance: boolean }) => void;
}) {
  const description = questionDescription(question, userType);
  const heading = (
    <h2
      id={headingId}
      ref={headingRef}
      tabIndex={-1}
      className="text-xl font-semibold text-stone-900 outline-none"
    >
      {questionText(question, userType)}
    </h2>
  );
  const descriptionId = description ? `${headingId}-description` : undefined;
  const intro = (
    <>
      {heading}
      {description ? (
        <p id={descriptionId} className="mt-2 text-stone-700">
          {description}
        </p>
      ) : null}
    </>
  );
  const options = optionsFor(question.options, userType);
  const type = answerTypeFor(question.type, userType);

  switch (type) {
    case 'SINGLE_CHOICE':
    case 'MULTISELECT': {
      const single = type === 'SINGLE_CHOICE';
      return (
        <>
          {intro}
          {single ? null : <p className="mt-2 text-sm text-stone-700">Du kan välja flera svar.</p>}
          <ChoiceList
            kind={single ? 'radio' : 'checkbox'}
            name={`question-${question.id}`}
            labelledBy={headingId}
            describedBy={descriptionId}
            options={options}
            selected={answer.value}
            onPick={(value, { advance }) =>
              onChange(toggleAnswer(answer, value, type), { advance: single && advance })
            }
          />
        </>
      );
    }
    case 'TEXTAREA': {
      const fieldId = `question-${question.id}-text`;
      return (
        <>
          {intro}
          <label htmlFor={fieldId} className="mt-4 block font-medium text-stone-900">
            Ditt svar
          </label>
          <textarea
            id={fieldId}
            rows={5}
            className="mt-1 block w-full rounded-md border border-stone-400 px-3 py-2 text-stone-900"
            value={answer.value[0] ?? ''}
            onChange={(e) =>
              onChange(
                {
                  value: e.target.value === '' ? [] : [e.target.value],
                  importance: answer.importance,
                },
                { advance: false },
              )
            }
          />
        </>
      );
    }
    default:
      return (
        <>
          {intro}
          <Alert tone="error" className="mt-4">
            {MSG.unsupportedQuestionType}
          </Alert>
        </>
      );
  }
}

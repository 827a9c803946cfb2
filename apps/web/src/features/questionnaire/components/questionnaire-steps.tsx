import {
  buildSteps,
  isAnswerComplete,
  MSG,
  progress,
  type Question,
  type UserType,
} from '@samtalsmatch/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { handleApiError } from '@/lib/error-message';
import { useSaveAnswers } from '../api/save-answers';
import { useAutoAdvance } from '../hooks/use-auto-advance';
import { useDraftSaver } from '../hooks/use-draft-saver';
import { startIndex, toDraftPayload, toPayload, type AnswerMap } from '../lib/answers';
import { ConsentStep } from './consent-step';
import { ImportanceStep } from './importance-step';
import { ProgressBar } from './questionnaire-parts';
import { QuestionStep } from './question-step';
import { QUESTIONNAIRE_TEXTS } from '../texts';

const HEADING_ID = 'questionnaire-step-heading';

/**
 * The stepper (docs/rules/matching.md#questionnaire-steps): the consent step,
 * then each question and, for a client, its importance; 'Föregående',
 * 'Nästa' and at the end 'Spara svar'. The answers follow on the server as a
 * draft while the user moves.
 */
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
  const moved = useRef(false);
  const save = useSaveAnswers({ onSaved });

  const steps = buildSteps(questions, userType, answers);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const isLast = index >= steps.length - 1;
  const saving = save.isPending || finishing;

  // Focus the new step's heading after a move (not on the first render of the page).
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [index]);
  const advance = useAutoAdvance(() => {
    moved.current = true;
    setIndex((i) => i + 1);
  });
  const draft = useDraftSaver(
    toDraftPayload(questions, initialAnswers, userType),
    toDraftPayload(questions, answers, userType),
    index,
  );

  function goTo(next: number) {
    advance.cancel();
    moved.current = true;
    save.reset();
    setIndex(Math.max(0, next));
  }

  /** Single choice and importance: on to the next step after 200 ms (never past the last). */
  function scheduleAdvance() {
    if (isLast) advance.cancel();
    else advance.schedule();
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
    draft.cancelPending();
    await draft.close();
    save.mutate(toPayload(questions, answers, userType), {
      onError: () => draft.reopen(),
      onSettled: () => setFinishing(false),
    });
  }

  const position = index + 1;

  return (
    <>
      <ProgressBar
        value={progress(position, steps.length)}
        position={position}
        total={steps.length}
      />
      <form
        className="mt-6 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
        aria-labelledby={HEADING_ID}
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
          <ConsentStep
            userType={userType}
            consented={consented}
            onConsentedChange={setConsented}
            headingId={HEADING_ID}
            headingRef={headingRef}
          />
        ) : step.kind === 'question' ? (
          <QuestionStep
            question={step.question}
            userType={userType}
            answer={current ?? { value: [], importance: null }}
            headingId={HEADING_ID}
            headingRef={headingRef}
            onChange={(next, { advance: moveOn }) => {
              setAnswers((all) => ({ ...all, [step.question.id]: next }));
              if (moveOn) scheduleAdvance();
              else advance.cancel();
            }}
          />
        ) : (
          <ImportanceStep
            question={step.question}
            userType={userType}
            importance={current?.importance}
            headingId={HEADING_ID}
            headingRef={headingRef}
            onPick={(importance, { advance: moveOn }) => {
              setAnswers((all) => ({
                ...all,
                [step.question.id]: { value: all[step.question.id]?.value ?? [], importance },
              }));
              if (moveOn) scheduleAdvance();
            }}
          />
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
              {QUESTIONNAIRE_TEXTS.previous}
            </Button>
          ) : (
            <span />
          )}
          {isLast ? (
            <Button type="submit" disabled={!canGoNext || saving} aria-busy={saving || undefined}>
              {saving ? QUESTIONNAIRE_TEXTS.saving : QUESTIONNAIRE_TEXTS.save}
            </Button>
          ) : (
            <Button type="submit" disabled={!canGoNext || recording}>
              {QUESTIONNAIRE_TEXTS.next}
            </Button>
          )}
        </div>
      </form>
    </>
  );
}

import { type UserType } from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { CrisisNumbers } from '@/components/ui/crisis-numbers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAnswerDraft } from '../api/answer-draft';
import { useAnswers } from '../api/get-answers';
import { useQuestions } from '../api/get-questions';
import { resumeFrom } from '../lib/answers';
import { QuestionnaireSteps } from './questionnaire-steps';
import { QUESTIONNAIRE_TEXTS } from '../texts';

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
    content = <Spinner label={QUESTIONNAIRE_TEXTS.loading} className="py-16" />;
  } else if (questions.isError || answers.isError || draft.isError) {
    content = (
      <Alert tone="error" title={QUESTIONNAIRE_TEXTS.loadFailed} className="mt-6">
        <p>{QUESTIONNAIRE_TEXTS.loadFailedHint}</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            void questions.refetch();
            void answers.refetch();
            void draft.refetch();
          }}
        >
          {QUESTIONNAIRE_TEXTS.retry}
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
      <h1 className="type-title text-stone-900">{QUESTIONNAIRE_TEXTS.title}</h1>
      {content}
    </div>
  );
}

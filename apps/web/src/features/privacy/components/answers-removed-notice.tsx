import { CONSENT_PAGE, ROUTES, type User } from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { questionnaireConsent, useConsents } from '../api/consents';

/**
 * The client dashboard after the questionnaire consent was withdrawn
 * (docs/rules/privacy.md#questionnaire-consent): the answers are gone, the step stays where it was
 * (steps never move backwards), and the way back is to answer again.
 */
export function AnswersRemovedNotice({ user }: { user: User }) {
  const answered =
    user.onboardingStep === 'QUESTIONS_COMPLETED' || user.onboardingStep === 'ONBOARDING_COMPLETED';
  const { data } = useConsents({ enabled: user.type === 'CLIENT' && answered });
  const consent = questionnaireConsent(data);
  if (!consent || consent.version !== null || consent.needed) return null;
  return (
    <Alert title={CONSENT_PAGE.removedTitle} className="mb-6">
      <p>{CONSENT_PAGE.removedText}</p>
      <ButtonLink to={ROUTES.questions} variant="secondary" className="mt-3">
        {CONSENT_PAGE.answerAgain}
      </ButtonLink>
    </Alert>
  );
}

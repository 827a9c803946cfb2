import { CONSENT_PAGE, formatStockholm, ROUTES } from '@samtalsmatch/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { handleApiError } from '@/lib/error-message';
import {
  questionnaireConsent,
  useConsents,
  useWithdrawQuestionnaireConsent,
} from '../api/consents';
import { RemoveAnswersDialog } from './remove-answers-dialog';
import { PRIVACY_TEXTS } from '../texts';

/**
 * /integritet: the questionnaire consent, when it was given, and a way to
 * take it back after a dialog that says exactly what goes (docs/rules/privacy.md#questionnaire-consent).
 * After the withdrawal (the hook's toast says so) the client lands on the
 * dashboard, which says so too.
 */
export function QuestionnaireConsentSection() {
  const { data, isPending, isError } = useConsents();
  const withdraw = useWithdrawQuestionnaireConsent();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  if (isPending) return <Spinner label={PRIVACY_TEXTS.loadingConsent} />;
  if (isError) return <p className="text-stone-700">{PRIVACY_TEXTS.consentLoadFailed}</p>;
  const consent = questionnaireConsent(data);
  if (!consent?.givenAt) return <p className="text-stone-700">{CONSENT_PAGE.notGiven}</p>;
  return (
    <div>
      <p className="text-stone-700">{CONSENT_PAGE.given(formatStockholm(consent.givenAt))}</p>
      <Button variant="destructive" className="mt-4" onClick={() => setConfirming(true)}>
        {CONSENT_PAGE.withdraw}
      </Button>
      <RemoveAnswersDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CONSENT_PAGE.dialogTitle}
        text={CONSENT_PAGE.dialogText}
        confirm={CONSENT_PAGE.confirm}
        pending={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              void navigate(ROUTES.dashboard);
            },
            onError: (e) => handleApiError(e),
          })
        }
      />
    </div>
  );
}

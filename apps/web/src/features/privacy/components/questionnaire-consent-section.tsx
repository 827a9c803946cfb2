import { CONSENT_MSG, CONSENT_PAGE, formatStockholm, ROUTES } from '@samtalsmatch/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { handleApiError } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import {
  questionnaireConsent,
  useConsents,
  useWithdrawQuestionnaireConsent,
} from '../api/consents';

/**
 * /integritet: the questionnaire consent, when it was given, and a way to
 * take it back after a dialog that says exactly what goes (issue 20, point 4).
 * After the withdrawal the client lands on the dashboard, which says so.
 */
export function QuestionnaireConsentSection() {
  const { data, isPending, isError } = useConsents();
  const withdraw = useWithdrawQuestionnaireConsent();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  if (isPending) return <Spinner label="Hämtar ditt samtycke" />;
  if (isError) return <p className="text-stone-700">Kunde inte hämta ditt samtycke.</p>;
  const consent = questionnaireConsent(data);
  if (!consent?.givenAt) return <p className="text-stone-700">{CONSENT_PAGE.notGiven}</p>;
  return (
    <div>
      <p className="text-stone-700">{CONSENT_PAGE.given(formatStockholm(consent.givenAt))}</p>
      <Button variant="destructive" className="mt-4" onClick={() => setConfirming(true)}>
        {CONSENT_PAGE.withdraw}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CONSENT_PAGE.dialogTitle}
        description={CONSENT_PAGE.dialogText[0]}
        footer={
          <Button
            variant="destructive"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success(CONSENT_MSG.withdrawn);
                  void navigate(ROUTES.dashboard);
                },
                onError: (e) => handleApiError(e),
              })
            }
          >
            {CONSENT_PAGE.confirm}
          </Button>
        }
      >
        {CONSENT_PAGE.dialogText.slice(1).map((paragraph) => (
          <p key={paragraph} className="mt-3 text-stone-700">
            {paragraph}
          </p>
        ))}
      </Dialog>
    </div>
  );
}

import { CONSENT_PAGE, CONSENT_TEXTS } from '@samtalsmatch/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { handleApiError } from '@/lib/error-message';
import { useGiveQuestionnaireConsent, useWithdrawQuestionnaireConsent } from '../api/consents';
import { RemoveAnswersDialog } from './remove-answers-dialog';

/**
 * Shown instead of the page to a client whose answers have no recorded
 * consent (docs/rules/privacy.md#questionnaire-consent, decision 342): give it, or have the answers
 * removed after the dialog that says what goes and what stays. Nothing else
 * until then; after either the page shows (the hook's toast says the
 * answers were removed).
 */
export function ConsentRequest() {
  const heading = useRef<HTMLHeadingElement>(null);
  const give = useGiveQuestionnaireConsent();
  const withdraw = useWithdrawQuestionnaireConsent();
  const [confirming, setConfirming] = useState(false);
  const busy = give.isPending || withdraw.isPending;
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="consent-request-heading" className="mx-auto max-w-2xl">
      <h1
        id="consent-request-heading"
        ref={heading}
        tabIndex={-1}
        className="type-title text-stone-900 outline-none"
      >
        {CONSENT_PAGE.askTitle}
      </h1>
      <p className="mt-3 text-stone-700">{CONSENT_PAGE.askText}</p>
      <p className="mt-3 text-stone-700">{CONSENT_TEXTS.QUESTIONNAIRE.text}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          disabled={busy}
          onClick={() => give.mutate(undefined, { onError: (e) => handleApiError(e) })}
        >
          {CONSENT_PAGE.askGive}
        </Button>
        <Button variant="destructive" disabled={busy} onClick={() => setConfirming(true)}>
          {CONSENT_PAGE.askRemove}
        </Button>
      </div>
      <RemoveAnswersDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CONSENT_PAGE.askRemoveTitle}
        text={CONSENT_PAGE.askRemoveText}
        confirm={CONSENT_PAGE.askRemoveConfirm}
        pending={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => setConfirming(false),
            onError: (e) => handleApiError(e),
          })
        }
      />
    </section>
  );
}

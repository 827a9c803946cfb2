import { CONSENT_TEXTS, type UserType } from '@samtalsmatch/contracts';
import type { RefObject } from 'react';
import { QUESTIONNAIRE_TEXTS } from '../texts';

const CONSENT_TEXT: Record<UserType, string> = {
  // The text the client's recorded consent names by version (docs/rules/privacy.md#questionnaire-consent).
  CLIENT: CONSENT_TEXTS.QUESTIONNAIRE.text,
  ...QUESTIONNAIRE_TEXTS.consentText,
};

/** The first step: what the answers are used for, and the box that consents to it. */
export function ConsentStep({
  userType,
  consented,
  onConsentedChange,
  headingId,
  headingRef,
}: {
  userType: UserType;
  consented: boolean;
  onConsentedChange: (consented: boolean) => void;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-stone-900 outline-none"
      >
        {QUESTIONNAIRE_TEXTS.consentTitle}
      </h2>
      <p className="mt-3 text-stone-700">{CONSENT_TEXT[userType]}</p>
      <label className="mt-5 flex items-start gap-3 rounded-md border border-stone-300 p-4 text-stone-900">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-brand-700"
          checked={consented}
          onChange={(e) => onConsentedChange(e.target.checked)}
        />
        <span>{CONSENT_TEXTS.QUESTIONNAIRE.statement}</span>
      </label>
    </>
  );
}

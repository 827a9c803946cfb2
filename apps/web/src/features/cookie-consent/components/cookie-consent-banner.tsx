import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { documents } from '@/config/paths';
import { chooseConsent, readConsent, type ConsentValue } from '../lib/consent';
import { COOKIE_CONSENT_TEXTS } from '../texts';

/**
 * The cookie-consent banner (docs/rules/accounts.md#cookie-consent): shown until a choice is stored; the
 * choice is stored as accepted or declined and the page reloads.
 */
export function CookieConsentBanner({ reload }: { reload?: () => void }) {
  const [choice] = useState(readConsent);
  if (choice) return null;

  const choose = (value: ConsentValue) => chooseConsent(value, reload);

  return (
    <section
      aria-labelledby="cookie-consent-title"
      className="sticky bottom-0 z-30 border-t border-stone-300 bg-white shadow-above"
    >
      {/* On a phone at most a quarter of the first screen: small type, buttons side by side. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 md:flex-row md:items-center md:justify-between md:gap-4 md:py-5">
        <div className="max-w-3xl">
          <h2
            id="cookie-consent-title"
            className="text-base font-semibold text-stone-900 md:text-lg"
          >
            {COOKIE_CONSENT_TEXTS.title}
          </h2>
          <p className="mt-1 text-sm text-stone-700 md:text-base">
            {COOKIE_CONSENT_TEXTS.text}{' '}
            <a
              href={documents.termsAndCookies}
              className="text-brand-700 underline underline-offset-2"
            >
              {COOKIE_CONSENT_TEXTS.termsLink}
            </a>
            .
          </p>
        </div>
        {/* Declining is as easy and as prominent as accepting: the same look for both. */}
        <div className="flex shrink-0 gap-3">
          <Button
            variant="secondary"
            className="flex-1 md:flex-none"
            onClick={() => choose('declined')}
          >
            {COOKIE_CONSENT_TEXTS.decline}
          </Button>
          <Button
            variant="secondary"
            className="flex-1 md:flex-none"
            onClick={() => choose('accepted')}
          >
            {COOKIE_CONSENT_TEXTS.accept}
          </Button>
        </div>
      </div>
    </section>
  );
}

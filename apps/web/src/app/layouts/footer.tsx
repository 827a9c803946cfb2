import { MSG } from '@samtalsmatch/contracts';
import { documents } from '@/config/paths';
import { resetConsent } from '@/features/cookie-consent/lib/consent';
import { usePublicConfig } from '@/lib/public-config';

// At least 24 px tall to tap (WCAG 2.5.8).
const linkClass =
  'inline-flex min-h-6 items-center text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * The footer (docs/rules/accounts.md#public-pages): what the service does, the two policy PDFs,
 * 'Ändra cookie inställningar', company name, organisation number, contact
 * address, the 24-hour promise and © 2025.
 */
export function Footer({ onResetConsent }: { onResetConsent?: () => void }) {
  const { data: config } = usePublicConfig();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-stone-700 md:grid-cols-3">
        <div>
          <p className="font-semibold text-stone-900">Samtalsmatch</p>
          <p className="mt-2">Samtalsmatch matchar privatpersoner med terapeuter.</p>
        </div>
        <nav aria-label="Villkor och integritet">
          <ul className="space-y-2">
            <li>
              <a href={documents.privacyPolicy} className={linkClass}>
                {MSG.privacyPolicy}
              </a>
            </li>
            <li>
              <a href={documents.termsAndCookies} className={linkClass}>
                {MSG.termsAndCookies}
              </a>
            </li>
            <li>
              <button
                type="button"
                className={linkClass}
                onClick={() => (onResetConsent ? onResetConsent() : resetConsent())}
              >
                {MSG.changeCookieSettings}
              </button>
            </li>
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-stone-900">Kontakt</p>
          {config ? (
            <address className="mt-2 not-italic">
              <p>{config.companyName}</p>
              <p>Org.nr {config.companyOrgNumber}</p>
              <p>
                <a href={`mailto:${config.contactEmail}`} className={linkClass}>
                  {config.contactEmail}
                </a>
              </p>
            </address>
          ) : null}
          <p className="mt-2">{MSG.responsePromise}</p>
        </div>
      </div>
      <div className="border-t border-stone-200">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-stone-700">
          © 2025 {config?.companyName ?? 'Samtalsmatch'}
        </p>
      </div>
    </footer>
  );
}

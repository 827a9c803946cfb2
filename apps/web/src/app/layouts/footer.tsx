import { MSG, ROUTE_PATTERNS } from '@samtalsmatch/contracts';
import { matchPath } from 'react-router';
import { documents } from '@/config/paths';
import { resetConsent } from '@/features/cookie-consent/lib/consent';
import { usePublicConfig } from '@/lib/public-config';
import { APP_TEXTS } from '@/app/texts';

// At least 24 px tall to tap (WCAG 2.5.8).
const linkClass =
  'inline-flex min-h-6 items-center text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * Routes where the person is in the middle of a task (answering the
 * questionnaire, booking, setting hours, a video session): the footer keeps
 * the links and the organisation line only, so nothing pulls them away.
 */
const TASK_ROUTES: readonly string[] = [
  ROUTE_PATTERNS.questions,
  ROUTE_PATTERNS.booking,
  ROUTE_PATTERNS.availability,
  '/samtal/*',
];

export function isTaskRoute(pathname: string): boolean {
  return TASK_ROUTES.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** The policy links and the cookie settings: in both footers. */
function PolicyLinks({
  onResetConsent,
  className,
}: {
  onResetConsent?: (() => void) | undefined;
  className: string;
}) {
  return (
    <ul className={className}>
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
  );
}

/**
 * The footer (docs/rules/accounts.md#public-pages): what the service does, the two policy PDFs,
 * 'Ändra cookie inställningar', company name, organisation number, contact
 * address, the 24-hour promise and © 2025. Inside a task (`slim`), the links
 * and the organisation line only.
 */
export function Footer({
  onResetConsent,
  slim = false,
}: {
  onResetConsent?: () => void;
  slim?: boolean;
}) {
  const { data: config } = usePublicConfig();
  if (slim) {
    return (
      <footer className="mt-12 border-t border-stone-200 bg-white" data-footer="slim">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label={APP_TEXTS.footer.policies}>
            <PolicyLinks
              onResetConsent={onResetConsent}
              className="flex flex-wrap gap-x-6 gap-y-1"
            />
          </nav>
          <p>
            © 2025 {config?.companyName ?? APP_TEXTS.brand}
            {config ? ` · ${APP_TEXTS.footer.orgNumber(config.companyOrgNumber)}` : null}
          </p>
        </div>
      </footer>
    );
  }
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white" data-footer="full">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-stone-700 md:grid-cols-3">
        <div>
          <p className="font-semibold text-stone-900">{APP_TEXTS.brand}</p>
          <p className="mt-2">{APP_TEXTS.footer.about}</p>
        </div>
        <nav aria-label={APP_TEXTS.footer.policies}>
          <PolicyLinks onResetConsent={onResetConsent} className="space-y-2" />
        </nav>
        <div>
          <p className="font-semibold text-stone-900">{APP_TEXTS.footer.contact}</p>
          {config ? (
            <address className="mt-2 not-italic">
              <p>{config.companyName}</p>
              <p>{APP_TEXTS.footer.orgNumber(config.companyOrgNumber)}</p>
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
          © 2025 {config?.companyName ?? APP_TEXTS.brand}
        </p>
      </div>
    </footer>
  );
}

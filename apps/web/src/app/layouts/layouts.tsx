import { Outlet } from 'react-router';
import { SessionWatcher } from '@/features/auth/components/session-watcher';
import { AnalyticsLoader } from '@/features/cookie-consent/components/analytics-loader';
import { CookieConsentBanner } from '@/features/cookie-consent/components/cookie-consent-banner';
import { Footer } from './footer';
import { Header } from './header';
import { RouteFocus } from './route-focus';
import { ScrollToTop } from './scroll-to-top';

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Hoppa till huvudinnehållet
    </a>
  );
}

/**
 * Around every page: skip link, scroll to top, focus to the new page's heading,
 * session watcher, cookie banner, analytics.
 */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <ScrollToTop />
      <RouteFocus />
      <SessionWatcher />
      <AnalyticsLoader />
      <Header />
      <Outlet />
      <Footer />
      <CookieConsentBanner />
    </div>
  );
}

/** Plain layout: the landing page (/), full width. */
export function PlainLayout() {
  return (
    <main id="main" tabIndex={-1} className="flex-1 outline-none">
      <Outlet />
    </main>
  );
}

/**
 * Main layout: the account screens and every signed-in page. It is at least
 * a screen tall below the header, so the footer starts below the fold: while a
 * page's code or data loads, nothing the user sees jumps when it arrives (CLS).
 */
export function MainLayout() {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto min-h-[calc(100vh-4rem)] w-full max-w-6xl flex-1 px-4 py-8 outline-none"
    >
      <Outlet />
    </main>
  );
}

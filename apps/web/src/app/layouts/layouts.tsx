import { MSG } from '@samtalsmatch/contracts';
import { Component, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SessionWatcher } from '@/features/auth/components/session-watcher';
import { AnalyticsLoader } from '@/features/cookie-consent/components/analytics-loader';
import { CookieConsentBanner } from '@/features/cookie-consent/components/cookie-consent-banner';
import { Footer, isTaskRoute } from './footer';
import { Header } from './header';
import { RouteFocus } from './route-focus';
import { ScrollToTop } from './scroll-to-top';
import { APP_TEXTS } from '@/app/texts';

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {APP_TEXTS.skipToContent}
    </a>
  );
}

/**
 * Around every page: skip link, scroll to top, focus to the new page's heading,
 * session watcher, cookie banner, analytics. While a page's code loads on the
 * first visit, the header and footer show and the main area keeps its place.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <ScrollToTop />
      <RouteFocus />
      <SessionWatcher />
      <AnalyticsLoader />
      <Header />
      <PageErrorBoundary address={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
      <Footer slim={isTaskRoute(pathname)} />
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
 * The main area of the account screens and every signed-in page. It is at
 * least a screen tall below the header, so the footer starts below the fold:
 * while a page's code or data loads, nothing the user sees jumps when it
 * arrives (CLS).
 */
const MAIN_CLASS =
  'mx-auto min-h-[calc(100vh-4rem)] w-full max-w-6xl flex-1 px-4 py-8 outline-none';

/** Main layout: the account screens and every signed-in page. */
export function MainLayout() {
  return (
    <main id="main" tabIndex={-1} className={MAIN_CLASS}>
      <Outlet />
    </main>
  );
}

/** The empty main area while a page's code loads on the first visit: the same place. */
function PageLoading() {
  return <main id="main" tabIndex={-1} aria-busy="true" className={MAIN_CLASS} />;
}

/**
 * A page that fails to load its code (offline, or the app was updated
 * meanwhile and the old files are gone) or to render shows a Swedish message
 * in its place; the header and footer stay. Another address tries again.
 */
class PageErrorBoundary extends Component<
  { address: string; children: ReactNode },
  { failed: boolean; address: string }
> {
  constructor(props: { address: string; children: ReactNode }) {
    super(props);
    this.state = { failed: false, address: props.address };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { address: string },
    state: { failed: boolean; address: string },
  ) {
    return props.address === state.address ? null : { failed: false, address: props.address };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" tabIndex={-1} className={MAIN_CLASS}>
        <Alert tone="error">{MSG.pageLoadFailed}</Alert>
      </main>
    );
  }
}

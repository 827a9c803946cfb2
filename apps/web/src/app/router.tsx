import {
  ROUTE_ACCESS as ACCESS,
  ROUTE_PATTERNS as PATH,
  type RouteAccess,
} from '@samtalsmatch/contracts';
import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { MainLayout, PlainLayout, RootLayout } from '@/app/layouts/layouts';
import { LandingPage } from './routes/public/landing';
import { NotFoundPage } from './routes/public/not-found';
import { TokenHandoff } from './routes/public/token-handoff';

/*
 * Every page but the landing page loads on demand, and so does the route
 * guard with what it needs (the consent request, its texts and schemas): the
 * landing page's JavaScript stays small (decision 301). A page's code and the
 * guard's load side by side; RootLayout's Suspense boundary holds the page
 * meanwhile, and a move from one page to another keeps the old page until the
 * new one's code is there (React Router moves in a transition).
 */

/** A page that loads on demand. */
function page(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}

/** A page that loads on demand, behind the route guard (which loads with it). */
function guarded(access: RouteAccess, load: () => Promise<ComponentType>) {
  return page(async () => {
    const [{ RouteGuard }, Page] = await Promise.all([import('./route-guard'), load()]);
    return function GuardedPage() {
      return (
        <RouteGuard {...access}>
          <Page />
        </RouteGuard>
      );
    };
  });
}

/** /auth: only for visitors (the guard loads with the page). */
function publicOnly(load: () => Promise<ComponentType>) {
  return page(async () => {
    const [{ PublicOnlyRoute }, Page] = await Promise.all([import('./public-only-route'), load()]);
    return function PublicOnlyPage() {
      return (
        <PublicOnlyRoute>
          <Page />
        </PublicOnlyRoute>
      );
    };
  });
}

/**
 * Every route (docs/rules/accounts.md#route-table): the paths are contracts' ROUTE_PATTERNS, which the
 * API's SPA fallback uses too (any other path: HTTP 404, noindex).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <PlainLayout />,
    children: [{ path: PATH.home, element: <LandingPage /> }],
  },
  {
    element: <MainLayout />,
    children: [
      {
        path: PATH.auth,
        element: publicOnly(async () => (await import('./routes/public/auth')).AuthPage),
      },
      {
        path: PATH.bankIdCallback,
        element: page(
          async () => (await import('./routes/public/bankid-callback')).BankIdCallbackPage,
        ),
      },
      {
        path: PATH.forgotPassword,
        element: page(
          async () => (await import('./routes/public/forgot-password')).ForgotPasswordPage,
        ),
      },
      {
        path: PATH.resetPassword,
        element: page(
          async () => (await import('./routes/public/reset-password')).ResetPasswordPage,
        ),
      },
      { path: PATH.resetPasswordToken, element: <TokenHandoff to="/reset-password" /> },
      {
        path: PATH.verifyEmail,
        element: page(async () => (await import('./routes/public/verify-email')).VerifyEmailPage),
      },
      { path: PATH.verifyEmailToken, element: <TokenHandoff to="/verify-email" /> },
      {
        path: PATH.dashboard,
        element: guarded(
          ACCESS.dashboard,
          async () => (await import('./routes/dashboard')).DashboardPage,
        ),
      },
      {
        path: PATH.availability,
        element: guarded(
          ACCESS.availability,
          async () => (await import('./routes/provider/availability')).ProviderAvailabilityPage,
        ),
      },
      {
        path: PATH.questions,
        element: guarded(
          ACCESS.questions,
          async () => (await import('./routes/questions')).QuestionsPage,
        ),
      },
      {
        path: PATH.profile,
        element: guarded(
          ACCESS.profile,
          async () => (await import('./routes/provider/profile')).ProviderProfilePage,
        ),
      },
      {
        path: PATH.provider,
        element: guarded(
          ACCESS.provider,
          async () => (await import('./routes/client/provider')).ProviderPage,
        ),
      },
      {
        path: PATH.booking,
        element: guarded(
          ACCESS.booking,
          async () => (await import('./routes/client/booking')).BookingPage,
        ),
      },
      {
        path: PATH.admin,
        element: guarded(
          ACCESS.admin,
          async () => (await import('./routes/admin/providers')).AdminProvidersPage,
        ),
      },
      {
        path: PATH.adminProvider,
        element: guarded(
          ACCESS.adminProvider,
          async () => (await import('./routes/admin/provider-detail')).AdminProviderDetailPage,
        ),
      },
      {
        path: PATH.accountEmail,
        element: guarded(
          ACCESS.accountEmail,
          async () => (await import('./routes/account-email')).AccountEmailPage,
        ),
      },
      {
        path: PATH.privacy,
        element: guarded(
          ACCESS.privacy,
          async () => (await import('./routes/privacy')).PrivacyPage,
        ),
      },
      {
        path: PATH.undoEmailChange,
        element: page(
          async () => (await import('./routes/public/undo-email-change')).UndoEmailChangePage,
        ),
      },
      {
        path: PATH.undoEmailChangeToken,
        element: <TokenHandoff to="/undo-email-change" />,
      },
      {
        path: PATH.roomTest,
        element: guarded(
          ACCESS.roomTest,
          async () => (await import('./routes/video/test')).VideoTestPage,
        ),
      },
      {
        path: PATH.room,
        element: guarded(
          ACCESS.room,
          async () => (await import('./routes/video/room')).VideoRoomPage,
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Every route, inside the root layout (skip link, header, footer, session, cookies). */
export const routes: RouteObject[] = [{ element: <RootLayout />, children: appRoutes }];

/**
 * The page for the address, in React Router's declarative mode: main.tsx puts
 * it in a BrowserRouter, tests in a MemoryRouter. The data router
 * (`createBrowserRouter`) would add 17 KB (gzip) to every first page load
 * for features we do not use (loaders, actions, fetchers; decision 301).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

import {
  ROUTE_ACCESS as ACCESS,
  ROUTE_PATTERNS as PATH,
  type RouteAccess,
} from '@samtalsmatch/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { MainLayout, PlainLayout, RootLayout } from '@/app/layouts/layouts';
import { PublicOnlyRoute, RouteGuard } from './route-guard';
import { LandingPage } from './routes/public/landing';
import { NotFoundPage } from './routes/public/not-found';
import { TokenHandoff } from './routes/public/token-handoff';

// The account screens load on demand: the landing page stays small (Lighthouse).
const authPage = async () => {
  const { AuthPage } = await import('./routes/public/auth');
  return {
    element: (
      <PublicOnlyRoute>
        <AuthPage />
      </PublicOnlyRoute>
    ),
  };
};
const bankIdCallbackPage = async () => ({
  Component: (await import('./routes/public/bankid-callback')).BankIdCallbackPage,
});
const forgotPasswordPage = async () => ({
  Component: (await import('./routes/public/forgot-password')).ForgotPasswordPage,
});
const resetPasswordPage = async () => ({
  Component: (await import('./routes/public/reset-password')).ResetPasswordPage,
});
const providerProfilePage = async () => {
  const { ProviderProfilePage } = await import('./routes/provider/profile');
  return {
    element: (
      <RouteGuard {...ACCESS.profile}>
        <ProviderProfilePage />
      </RouteGuard>
    ),
  };
};
const providerAvailabilityPage = async () => {
  const { ProviderAvailabilityPage } = await import('./routes/provider/availability');
  return {
    element: (
      <RouteGuard {...ACCESS.availability}>
        <ProviderAvailabilityPage />
      </RouteGuard>
    ),
  };
};
const adminProvidersPage = async () => {
  const { AdminProvidersPage } = await import('./routes/admin/providers');
  return {
    element: (
      <RouteGuard {...ACCESS.admin}>
        <AdminProvidersPage />
      </RouteGuard>
    ),
  };
};
const adminProviderDetailPage = async () => {
  const { AdminProviderDetailPage } = await import('./routes/admin/provider-detail');
  return {
    element: (
      <RouteGuard {...ACCESS.adminProvider}>
        <AdminProviderDetailPage />
      </RouteGuard>
    ),
  };
};
const undoEmailChangePage = async () => ({
  Component: (await import('./routes/public/undo-email-change')).UndoEmailChangePage,
});
const verifyEmailPage = async () => ({
  Component: (await import('./routes/public/verify-email')).VerifyEmailPage,
});

/** A page that loads on demand, behind the route guard. */
function guarded(access: RouteAccess, load: () => Promise<ComponentType>) {
  return async () => {
    const Page = await load();
    return {
      element: (
        <RouteGuard {...access}>
          <Page />
        </RouteGuard>
      ),
    };
  };
}

/**
 * Every route of SPEC §2: the paths are contracts' ROUTE_PATTERNS, which the
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
      { path: PATH.auth, lazy: authPage },
      { path: PATH.bankIdCallback, lazy: bankIdCallbackPage },
      { path: PATH.forgotPassword, lazy: forgotPasswordPage },
      { path: PATH.resetPassword, lazy: resetPasswordPage },
      { path: PATH.resetPasswordToken, element: <TokenHandoff to="/reset-password" /> },
      { path: PATH.verifyEmail, lazy: verifyEmailPage },
      { path: PATH.verifyEmailToken, element: <TokenHandoff to="/verify-email" /> },
      {
        path: PATH.dashboard,
        lazy: guarded(
          ACCESS.dashboard,
          async () => (await import('./routes/dashboard')).DashboardPage,
        ),
      },
      { path: PATH.availability, lazy: providerAvailabilityPage },
      {
        path: PATH.questions,
        lazy: guarded(
          ACCESS.questions,
          async () => (await import('./routes/questions')).QuestionsPage,
        ),
      },
      { path: PATH.profile, lazy: providerProfilePage },
      {
        path: PATH.provider,
        lazy: guarded(
          ACCESS.provider,
          async () => (await import('./routes/client/provider')).ProviderPage,
        ),
      },
      {
        path: PATH.booking,
        lazy: guarded(
          ACCESS.booking,
          async () => (await import('./routes/client/booking')).BookingPage,
        ),
      },
      { path: PATH.admin, lazy: adminProvidersPage },
      { path: PATH.adminProvider, lazy: adminProviderDetailPage },
      {
        path: PATH.accountEmail,
        lazy: guarded(
          ACCESS.accountEmail,
          async () => (await import('./routes/account-email')).AccountEmailPage,
        ),
      },
      {
        path: PATH.privacy,
        lazy: guarded(ACCESS.privacy, async () => (await import('./routes/privacy')).PrivacyPage),
      },
      { path: PATH.undoEmailChange, lazy: undoEmailChangePage },
      {
        path: PATH.undoEmailChangeToken,
        element: <TokenHandoff to="/undo-email-change" />,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Every route, inside the root layout (skip link, header, footer, session, cookies). */
export const routes: RouteObject[] = [
  { element: <RootLayout />, HydrateFallback: NothingWhileLoading, children: appRoutes },
];

/**
 * While a lazy route's code loads on the first page view: nothing, as before,
 * but said explicitly (React Router warns when no fallback is given).
 */
function NothingWhileLoading() {
  return null;
}

export function createRouter() {
  return createBrowserRouter(routes);
}

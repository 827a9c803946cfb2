import { createBrowserRouter, type RouteObject } from 'react-router';
import { MainLayout, PlainLayout } from '@/components/layouts/layouts';
import { RouteGuard } from './route-guard';
import { Placeholder } from './routes/placeholder';
import { LandingPage } from './routes/public/landing';
import { NotFoundPage } from './routes/public/not-found';

const ACTIVE_STEPS = ['QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'] as const;
const QUESTION_STEPS = ['PROFILE_COMPLETED', 'QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'] as const;
const ANY_STEP = ['USER_CREATED', ...QUESTION_STEPS] as const;

/** Every route of SPEC §2. */
export const routes: RouteObject[] = [
  {
    element: <PlainLayout />,
    children: [{ index: true, element: <LandingPage /> }],
  },
  {
    element: <MainLayout />,
    children: [
      { path: 'auth', element: <Placeholder title="Logga in" /> },
      { path: 'auth/callback/bankid', element: <Placeholder title="Loggar in" /> },
      { path: 'forgot-password', element: <Placeholder title="Glömt lösenord" /> },
      { path: 'reset-password/:token', element: <Placeholder title="Återställ lösenord" /> },
      { path: 'verify-email/:token', element: <Placeholder title="Verifiera e-post" /> },
      {
        path: 'dashboard',
        element: (
          <RouteGuard roles={['CLIENT', 'PROVIDER']} steps={ACTIVE_STEPS}>
            <Placeholder title="Matchningar" />
          </RouteGuard>
        ),
      },
      {
        path: 'availability',
        element: (
          <RouteGuard roles={['PROVIDER']} steps={ACTIVE_STEPS}>
            <Placeholder title="Tillgänglighet" />
          </RouteGuard>
        ),
      },
      {
        path: 'questions',
        element: (
          <RouteGuard roles={['CLIENT', 'PROVIDER']} steps={QUESTION_STEPS}>
            <Placeholder title="Frågeformulär" />
          </RouteGuard>
        ),
      },
      {
        path: 'profile',
        element: (
          <RouteGuard roles={['PROVIDER']} steps={ANY_STEP}>
            <Placeholder title="Profil" />
          </RouteGuard>
        ),
      },
      {
        path: 'provider/:matchId',
        element: (
          <RouteGuard roles={['CLIENT']}>
            <Placeholder title="Terapeut" />
          </RouteGuard>
        ),
      },
      {
        path: 'provider/:matchId/booking',
        element: (
          <RouteGuard roles={['CLIENT']}>
            <Placeholder title="Boka" />
          </RouteGuard>
        ),
      },
      {
        path: 'admin',
        element: (
          <RouteGuard roles={['ADMIN']}>
            <Placeholder title="Vårdgivare" />
          </RouteGuard>
        ),
      },
      {
        path: 'admin/:providerId',
        element: (
          <RouteGuard roles={['ADMIN']}>
            <Placeholder title="Vårdgivare" />
          </RouteGuard>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { ROUTE_ACCESS as ACCESS } from '@samtalsmatch/contracts';
import { PublicOnlyRoute } from './public-only-route';
import { RouteGuard } from './route-guard';

type Role = 'CLIENT' | 'PROVIDER' | 'ADMIN';
const ROLES: Role[] = ['CLIENT', 'PROVIDER', 'ADMIN'];
const STEPS = [
  'USER_CREATED',
  'PROFILE_COMPLETED',
  'QUESTIONS_COMPLETED',
  'ONBOARDING_COMPLETED',
  'SOMETHING_ELSE',
] as const;

const ROUTES: {
  name:
    | 'dashboard'
    | 'availability'
    | 'questions'
    | 'profile'
    | 'provider'
    | 'booking'
    | 'admin'
    | 'adminProvider';
  path: string;
  pattern: string;
}[] = [
  { name: 'dashboard', path: '/dashboard', pattern: '/dashboard' },
  { name: 'availability', path: '/availability', pattern: '/availability' },
  { name: 'questions', path: '/questions', pattern: '/questions' },
  { name: 'profile', path: '/profile', pattern: '/profile' },
  { name: 'provider', path: '/provider/m1', pattern: '/provider/:matchId' },
  { name: 'booking', path: '/provider/m1/booking', pattern: '/provider/:matchId/booking' },
  { name: 'admin', path: '/admin', pattern: '/admin' },
  { name: 'adminProvider', path: '/admin/p1', pattern: '/admin/:providerId' },
];

/** docs/rules/accounts.md#route-guard, written out independently of the rule in contracts: where a user should end up. */
function expectedPath(route: (typeof ROUTES)[number], type: Role, step: string): string {
  const access = ACCESS[route.name] as { roles: readonly Role[]; steps?: readonly string[] };
  if (!access.roles.includes(type)) return type === 'ADMIN' ? '/admin' : '/dashboard';
  if (access.steps && !access.steps.includes(step)) {
    const target =
      step === 'USER_CREATED'
        ? '/profile'
        : step === 'PROFILE_COMPLETED'
          ? '/questions'
          : step === 'QUESTIONS_COMPLETED'
            ? type === 'PROVIDER'
              ? '/availability'
              : '/dashboard'
            : step === 'ONBOARDING_COMPLETED'
              ? '/dashboard'
              : type === 'PROVIDER'
                ? '/profile'
                : '/questions';
    // The guard never sends a page to itself.
    return target === route.path ? route.path : target;
  }
  return route.path;
}

function user(type: Role, step: string) {
  return { id: 'u1', type, name: 'Test', email: 't@example.se', onboardingStep: step };
}

describe('RouteGuard', () => {
  it('the route table matches docs/rules/accounts.md#route-table', () => {
    expect(ACCESS).toEqual({
      home: {},
      auth: { signedInRedirect: '/dashboard' },
      bankIdCallback: {},
      forgotPassword: {},
      resetPassword: {},
      verifyEmail: {},
      dashboard: {
        roles: ['CLIENT', 'PROVIDER'],
        steps: ['QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'],
      },
      availability: { roles: ['PROVIDER'], steps: ['QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'] },
      questions: {
        roles: ['CLIENT', 'PROVIDER'],
        steps: ['PROFILE_COMPLETED', 'QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'],
      },
      profile: {
        roles: ['PROVIDER'],
        steps: ['USER_CREATED', 'PROFILE_COMPLETED', 'QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'],
      },
      provider: { roles: ['CLIENT'] },
      booking: { roles: ['CLIENT'] },
      admin: { roles: ['ADMIN'] },
      adminProvider: { roles: ['ADMIN'] },
      // Beyond the first route table (decision 196).
      accountEmail: { roles: ['CLIENT', 'PROVIDER', 'ADMIN'] },
      // The user's own privacy page (docs/rules/privacy.md#privacy-page).
      privacy: { roles: ['CLIENT', 'PROVIDER'] },
      undoEmailChange: {},
      // A video session's room (the API answers 404 to anyone else) and the device check alone.
      room: { roles: ['CLIENT', 'PROVIDER'] },
      roomTest: { roles: ['CLIENT', 'PROVIDER', 'ADMIN'] },
    });
  });

  it('shows nothing while the user is loading', () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
    renderRoute(
      <RouteGuard {...ACCESS.dashboard}>
        <p>Skyddad sida</p>
      </RouteGuard>,
      { path: '/dashboard' },
    );
    expect(screen.queryByText('Skyddad sida')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('location')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    vi.restoreAllMocks();
  });

  describe.each(ROUTES)('$path', (route) => {
    it('sends an unauthenticated visitor to /', () => {
      renderRoute(
        <RouteGuard {...ACCESS[route.name]}>
          <p>Skyddad sida</p>
        </RouteGuard>,
        { path: route.path, pattern: route.pattern, user: null },
      );
      expect(screen.queryByText('Skyddad sida')).not.toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });

    const cases = ROLES.flatMap((type) => STEPS.map((step) => ({ type, step })));
    it.each(cases)('$type at $step', ({ type, step }) => {
      renderRoute(
        <RouteGuard {...ACCESS[route.name]}>
          <p>Skyddad sida</p>
        </RouteGuard>,
        { path: route.path, pattern: route.pattern, user: user(type, step) },
      );
      const expected = expectedPath(route, type, step);
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${expected}$`));
      if (expected === route.path) expect(screen.getByText('Skyddad sida')).toBeInTheDocument();
      else expect(screen.queryByText('Skyddad sida')).not.toBeInTheDocument();
    });
  });
});

describe('PublicOnlyRoute (/auth)', () => {
  it('shows the page to a visitor', () => {
    renderRoute(
      <PublicOnlyRoute>
        <p>Inloggning</p>
      </PublicOnlyRoute>,
      { path: '/auth', user: null },
    );
    expect(screen.getByText('Inloggning')).toBeInTheDocument();
  });

  it.each(ROLES)('sends a signed-in %s to /dashboard', (type) => {
    renderRoute(
      <PublicOnlyRoute>
        <p>Inloggning</p>
      </PublicOnlyRoute>,
      { path: '/auth', user: user(type, 'ONBOARDING_COMPLETED') },
    );
    expect(screen.queryByText('Inloggning')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });
});

describe('a user that fails to load', () => {
  it("shows 'Kunde inte ladda användardata.' instead of treating the visitor as signed out", async () => {
    const { mockFetch, json } = await import('@/test/fetch');
    mockFetch({ 'GET /users/me': json({ message: 'Serverfel' }, 500) });
    renderRoute(
      <RouteGuard {...ACCESS.dashboard}>
        <p>Sidan</p>
      </RouteGuard>,
      { path: '/dashboard' },
    );
    expect(await screen.findByText('Kunde inte ladda användardata.')).toBeInTheDocument();
    expect(screen.queryByText('Sidan')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    vi.restoreAllMocks();
  });
});

import { describe, expect, it } from 'vitest';
import type { OnboardingStep, UserType } from '../enums';
import {
  ROUTES,
  ROUTE_ACCESS,
  isKnownRoute,
  afterAnswersSaveRoute,
  afterProfileSaveRoute,
  guardRedirect,
} from './guard';

const u = (type: UserType, onboardingStep: OnboardingStep | string) => ({ type, onboardingStep });

describe('guardRedirect', () => {
  it('sends an unauthenticated visitor to /', () => {
    expect(guardRedirect(null, ROUTE_ACCESS.dashboard)).toBe('/');
    expect(guardRedirect(null, {})).toBe('/');
  });
  it('allows a route without roles or steps', () => {
    expect(guardRedirect(u('CLIENT', 'USER_CREATED'), {})).toBeNull();
  });
  it('sends a wrong role to /admin (ADMIN) or /dashboard (others)', () => {
    expect(guardRedirect(u('ADMIN', 'ONBOARDING_COMPLETED'), ROUTE_ACCESS.dashboard)).toBe(
      '/admin',
    );
    expect(guardRedirect(u('CLIENT', 'ONBOARDING_COMPLETED'), ROUTE_ACCESS.admin)).toBe(
      '/dashboard',
    );
    expect(guardRedirect(u('PROVIDER', 'ONBOARDING_COMPLETED'), ROUTE_ACCESS.provider)).toBe(
      '/dashboard',
    );
    expect(guardRedirect(u('CLIENT', 'QUESTIONS_COMPLETED'), ROUTE_ACCESS.availability)).toBe(
      '/dashboard',
    );
  });
  it('checks roles before steps', () => {
    expect(guardRedirect(u('CLIENT', 'USER_CREATED'), ROUTE_ACCESS.profile)).toBe('/dashboard');
  });
  it('sends a step that is not allowed to the screen of that step', () => {
    expect(guardRedirect(u('PROVIDER', 'USER_CREATED'), ROUTE_ACCESS.dashboard)).toBe('/profile');
    expect(guardRedirect(u('CLIENT', 'PROFILE_COMPLETED'), ROUTE_ACCESS.dashboard)).toBe(
      '/questions',
    );
    expect(guardRedirect(u('PROVIDER', 'USER_CREATED'), ROUTE_ACCESS.questions)).toBe('/profile');
  });
  it('QUESTIONS_COMPLETED goes to /availability for providers, /dashboard for others', () => {
    const onlyOnboarded = { steps: ['ONBOARDING_COMPLETED'] as const };
    expect(guardRedirect(u('PROVIDER', 'QUESTIONS_COMPLETED'), onlyOnboarded)).toBe(
      '/availability',
    );
    expect(guardRedirect(u('CLIENT', 'QUESTIONS_COMPLETED'), onlyOnboarded)).toBe('/dashboard');
  });
  it('ONBOARDING_COMPLETED goes to /dashboard', () => {
    expect(guardRedirect(u('PROVIDER', 'ONBOARDING_COMPLETED'), { steps: ['USER_CREATED'] })).toBe(
      '/dashboard',
    );
  });
  it('an unknown step goes to /profile for providers and /questions for others', () => {
    expect(guardRedirect(u('PROVIDER', 'SOMETHING_NEW'), ROUTE_ACCESS.dashboard)).toBe('/profile');
    expect(guardRedirect(u('CLIENT', 'SOMETHING_NEW'), ROUTE_ACCESS.dashboard)).toBe('/questions');
  });
  it('allows the route table cases', () => {
    expect(guardRedirect(u('CLIENT', 'QUESTIONS_COMPLETED'), ROUTE_ACCESS.dashboard)).toBeNull();
    expect(
      guardRedirect(u('PROVIDER', 'ONBOARDING_COMPLETED'), ROUTE_ACCESS.availability),
    ).toBeNull();
    expect(guardRedirect(u('CLIENT', 'PROFILE_COMPLETED'), ROUTE_ACCESS.questions)).toBeNull();
    expect(guardRedirect(u('PROVIDER', 'USER_CREATED'), ROUTE_ACCESS.profile)).toBeNull();
    expect(guardRedirect(u('CLIENT', 'PROFILE_COMPLETED'), ROUTE_ACCESS.booking)).toBeNull();
    expect(guardRedirect(u('ADMIN', 'USER_CREATED'), ROUTE_ACCESS.adminProvider)).toBeNull();
  });
});

describe('ROUTES and ROUTE_ACCESS', () => {
  it('builds every path of the route table', () => {
    expect(ROUTES.home).toBe('/');
    expect(ROUTES.auth).toBe('/auth');
    expect(ROUTES.bankIdCallback).toBe('/auth/callback/bankid');
    expect(ROUTES.forgotPassword).toBe('/forgot-password');
    expect(ROUTES.resetPassword('a b')).toBe('/reset-password/a%20b');
    expect(ROUTES.verifyEmail('t1')).toBe('/verify-email/t1');
    expect(ROUTES.provider('m1')).toBe('/provider/m1');
    expect(ROUTES.booking('m1')).toBe('/provider/m1/booking');
    expect(ROUTES.adminProvider('p1')).toBe('/admin/p1');
  });
  it('holds the route table', () => {
    expect(ROUTE_ACCESS.dashboard).toEqual({
      roles: ['CLIENT', 'PROVIDER'],
      steps: ['QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'],
    });
    expect(ROUTE_ACCESS.availability).toEqual({
      roles: ['PROVIDER'],
      steps: ['QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'],
    });
    expect(ROUTE_ACCESS.questions.steps).toEqual([
      'PROFILE_COMPLETED',
      'QUESTIONS_COMPLETED',
      'ONBOARDING_COMPLETED',
    ]);
    expect(ROUTE_ACCESS.profile.steps).toHaveLength(4);
    expect(ROUTE_ACCESS.auth).toEqual({ signedInRedirect: '/dashboard' });
    expect(ROUTE_ACCESS.admin).toEqual({ roles: ['ADMIN'] });
  });
  it('routes after saves', () => {
    expect(afterProfileSaveRoute(u('PROVIDER', 'PROFILE_COMPLETED'))).toBe('/questions');
    expect(afterProfileSaveRoute(u('PROVIDER', 'ONBOARDING_COMPLETED'))).toBe('/dashboard');
    expect(afterAnswersSaveRoute({ type: 'PROVIDER' })).toBe('/availability');
    expect(afterAnswersSaveRoute({ type: 'CLIENT' })).toBe('/dashboard');
  });
});

describe('guardRedirect: every role and step on every guarded route', () => {
  // Columns: /dashboard, /availability, /questions, /profile, /provider/{id}, /admin. '-' = stays.
  const routes = [
    'dashboard',
    'availability',
    'questions',
    'profile',
    'provider',
    'admin',
  ] as const;
  const table: [UserType, string, string][] = [
    ['CLIENT', 'USER_CREATED', '/profile /dashboard /profile /dashboard - /dashboard'],
    ['CLIENT', 'PROFILE_COMPLETED', '/questions /dashboard - /dashboard - /dashboard'],
    ['CLIENT', 'QUESTIONS_COMPLETED', '- /dashboard - /dashboard - /dashboard'],
    ['CLIENT', 'ONBOARDING_COMPLETED', '- /dashboard - /dashboard - /dashboard'],
    ['CLIENT', 'NOT_A_STEP', '/questions /dashboard /questions /dashboard - /dashboard'],
    ['PROVIDER', 'USER_CREATED', '/profile /profile /profile - /dashboard /dashboard'],
    ['PROVIDER', 'PROFILE_COMPLETED', '/questions /questions - - /dashboard /dashboard'],
    ['PROVIDER', 'QUESTIONS_COMPLETED', '- - - - /dashboard /dashboard'],
    ['PROVIDER', 'ONBOARDING_COMPLETED', '- - - - /dashboard /dashboard'],
    ['PROVIDER', 'NOT_A_STEP', '/profile /profile /profile /profile /dashboard /dashboard'],
    ['ADMIN', 'USER_CREATED', '/admin /admin /admin /admin /admin -'],
    ['ADMIN', 'ONBOARDING_COMPLETED', '/admin /admin /admin /admin /admin -'],
    ['ADMIN', 'NOT_A_STEP', '/admin /admin /admin /admin /admin -'],
  ];
  it.each(table)('%s at %s', (type, step, row) => {
    const got = routes.map((r) => guardRedirect(u(type, step), ROUTE_ACCESS[r]) ?? '-');
    expect(got.join(' ')).toBe(row);
  });
  it('public routes let everyone stay; the guard sends only the signed-out to /', () => {
    for (const r of [
      'home',
      'forgotPassword',
      'resetPassword',
      'verifyEmail',
      'bankIdCallback',
    ] as const) {
      for (const type of ['CLIENT', 'PROVIDER', 'ADMIN'] as const) {
        expect(guardRedirect(u(type, 'USER_CREATED'), ROUTE_ACCESS[r])).toBeNull();
      }
    }
    expect(guardRedirect(null, ROUTE_ACCESS.provider)).toBe('/');
    expect(guardRedirect(null, ROUTE_ACCESS.admin)).toBe('/');
  });
});

describe('isKnownRoute (the SPA route table, ROUTE_PATTERNS)', () => {
  it.each([
    '/',
    '/auth',
    '/auth/',
    '/AUTH',
    '/auth/callback/bankid',
    '/forgot-password',
    '/reset-password',
    '/reset-password/abc123',
    '/verify-email/abc123',
    '/dashboard',
    '/availability',
    '/questions',
    '/profile',
    '/provider/0b6e7a52-0d0b-4b43-9d6f-1b2f5c7e8a90',
    '/provider/0b6e7a52-0d0b-4b43-9d6f-1b2f5c7e8a90/booking',
    '/admin',
    '/admin/p1',
  ])('knows %s', (path) => {
    expect(isKnownRoute(path)).toBe(true);
  });

  it.each([
    '/finns-inte',
    '/auth/x',
    '/dashboard/extra',
    '/provider',
    '/provider/m1/booking/x',
    '/reset-password/a/b',
    '/dev',
    '/api',
    '/%E0%A4%A',
  ])('does not know %s', (path) => {
    expect(isKnownRoute(path)).toBe(false);
  });

  it('has a pattern for every page of ROUTES', () => {
    const samples = Object.values(ROUTES).map((r) => (typeof r === 'string' ? r : r('x1')));
    for (const path of samples)
      expect({ path, known: isKnownRoute(path) }).toEqual({ path, known: true });
  });
});

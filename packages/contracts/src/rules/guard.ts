import type { OnboardingStep, UserType } from '../enums';

/** Every route path in one object (docs/rules/accounts.md#route-table); builders for the parameterised ones. */
export const ROUTES = {
  home: '/',
  auth: '/auth',
  bankIdCallback: '/auth/callback/bankid',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  verifyEmail: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  dashboard: '/dashboard',
  availability: '/availability',
  questions: '/questions',
  profile: '/profile',
  provider: (matchId: string) => `/provider/${encodeURIComponent(matchId)}`,
  booking: (matchId: string) => `/provider/${encodeURIComponent(matchId)}/booking`,
  admin: '/admin',
  adminProvider: (providerId: string) => `/admin/${encodeURIComponent(providerId)}`,
  // Changing the e-mail address and its undo link (docs/rules/accounts.md#e-mail-change, decision 196).
  accountEmail: '/account/email',
  // The user's own privacy page (docs/rules/privacy.md#privacy-page, decision 340).
  privacy: '/integritet',
  undoEmailChange: (token: string) => `/undo-email-change/${encodeURIComponent(token)}`,
  // A video session's room, and the device check alone (docs/rules/video.md#the-room-page).
  room: (bookingId: string) => `/samtal/${encodeURIComponent(bookingId)}`,
  roomTest: '/samtal/test',
} as const;
export type RouteKey = keyof typeof ROUTES;

/**
 * Every page path of the SPA as a router pattern (`:name` is one non-empty
 * segment). The one route table: the web router declares exactly these
 * (a test holds it) and the API's SPA fallback answers 404 with `noindex`
 * for any other path (isKnownRoute).
 */
export const ROUTE_PATTERNS = {
  home: '/',
  auth: '/auth',
  bankIdCallback: '/auth/callback/bankid',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  resetPasswordToken: '/reset-password/:token',
  verifyEmail: '/verify-email',
  verifyEmailToken: '/verify-email/:token',
  dashboard: '/dashboard',
  availability: '/availability',
  questions: '/questions',
  profile: '/profile',
  provider: '/provider/:matchId',
  booking: '/provider/:matchId/booking',
  admin: '/admin',
  adminProvider: '/admin/:providerId',
  accountEmail: '/account/email',
  privacy: '/integritet',
  undoEmailChange: '/undo-email-change',
  undoEmailChangeToken: '/undo-email-change/:token',
  room: '/samtal/:bookingId',
  roomTest: '/samtal/test',
} as const;
export type RoutePatternKey = keyof typeof ROUTE_PATTERNS;

function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/**
 * Whether `pathname` (no query, no hash) opens one of ROUTE_PATTERNS, matched
 * as React Router does: case-insensitive, a trailing slash allowed, a
 * `:param` any one non-empty segment.
 */
export function isKnownRoute(pathname: string): boolean {
  const segments = pathSegments(pathname);
  return Object.values(ROUTE_PATTERNS).some((pattern) => {
    const parts = pathSegments(pattern);
    return (
      parts.length === segments.length &&
      parts.every((part, i) =>
        part.startsWith(':') ? true : part.toLowerCase() === segments[i]!.toLowerCase(),
      )
    );
  });
}

/** Who may open a route and at which onboarding steps. No roles: anyone, signed in or not. */
export interface RouteAccess {
  roles?: readonly UserType[];
  steps?: readonly OnboardingStep[];
  /** /auth: a signed-in user is sent here instead. */
  signedInRedirect?: string;
}

const ACTIVE_STEPS = ['QUESTIONS_COMPLETED', 'ONBOARDING_COMPLETED'] as const;
const QUESTION_STEPS = [
  'PROFILE_COMPLETED',
  'QUESTIONS_COMPLETED',
  'ONBOARDING_COMPLETED',
] as const;
const ANY_STEP = [
  'USER_CREATED',
  'PROFILE_COMPLETED',
  'QUESTIONS_COMPLETED',
  'ONBOARDING_COMPLETED',
] as const;

/** The route table (docs/rules/accounts.md#route-table). */
export const ROUTE_ACCESS = {
  home: {},
  auth: { signedInRedirect: ROUTES.dashboard },
  bankIdCallback: {},
  forgotPassword: {},
  resetPassword: {},
  verifyEmail: {},
  dashboard: { roles: ['CLIENT', 'PROVIDER'], steps: ACTIVE_STEPS },
  availability: { roles: ['PROVIDER'], steps: ACTIVE_STEPS },
  questions: { roles: ['CLIENT', 'PROVIDER'], steps: QUESTION_STEPS },
  profile: { roles: ['PROVIDER'], steps: ANY_STEP },
  provider: { roles: ['CLIENT'] },
  booking: { roles: ['CLIENT'] },
  admin: { roles: ['ADMIN'] },
  adminProvider: { roles: ['ADMIN'] },
  accountEmail: { roles: ['CLIENT', 'PROVIDER', 'ADMIN'] },
  privacy: { roles: ['CLIENT', 'PROVIDER'] },
  undoEmailChange: {},
  // The API answers 404 to anyone but the booking's client and therapist.
  room: { roles: ['CLIENT', 'PROVIDER'] },
  roomTest: { roles: ['CLIENT', 'PROVIDER', 'ADMIN'] },
} as const satisfies Record<RouteKey, RouteAccess>;

export interface GuardUser {
  type: UserType;
  /** A string: a step the client does not know yet is handled too. */
  onboardingStep: OnboardingStep | (string & Record<never, never>);
}

/**
 * The route guard (docs/rules/accounts.md#route-guard): null when the user may stay, else where to go.
 * (While the user is loading the caller shows nothing and does not call this.)
 */
export function guardRedirect(user: GuardUser | null, route: RouteAccess): string | null {
  if (!user) return ROUTES.home;
  if (route.roles && !route.roles.includes(user.type)) {
    return user.type === 'ADMIN' ? ROUTES.admin : ROUTES.dashboard;
  }
  if (route.steps && !(route.steps as readonly string[]).includes(user.onboardingStep)) {
    return stepHome(user);
  }
  return null;
}

/**
 * Where 'Gå tillbaka' goes on a page opened directly (a bookmark, a reload, a
 * link in a mail), when the browser has no earlier page of ours to go back
 * to: a signed-in user's dashboard (an admin's is /admin; the guard takes
 * anyone else on to the screen of their step), else the start page
 * (docs/rules/accounts.md#go-back-on-a-page-opened-directly).
 */
export function backFallbackRoute(user: Pick<GuardUser, 'type'> | null | undefined): string {
  if (!user) return ROUTES.home;
  return user.type === 'ADMIN' ? ROUTES.admin : ROUTES.dashboard;
}

/** The screen for the user's current onboarding step. */
export function stepHome(user: GuardUser): string {
  switch (user.onboardingStep) {
    case 'USER_CREATED':
      return ROUTES.profile;
    case 'PROFILE_COMPLETED':
      return ROUTES.questions;
    case 'QUESTIONS_COMPLETED':
      return user.type === 'PROVIDER' ? ROUTES.availability : ROUTES.dashboard;
    case 'ONBOARDING_COMPLETED':
      return ROUTES.dashboard;
    default:
      return user.type === 'PROVIDER' ? ROUTES.profile : ROUTES.questions;
  }
}

/** After a profile save, a provider at PROFILE_COMPLETED goes to /questions, else /dashboard (docs/rules/accounts.md#after-a-save). */
export function afterProfileSaveRoute(user: GuardUser): string {
  return user.type === 'PROVIDER' && user.onboardingStep === 'PROFILE_COMPLETED'
    ? ROUTES.questions
    : ROUTES.dashboard;
}

/** After answers are saved, a provider goes to /availability and a client to /dashboard (docs/rules/accounts.md#after-a-save). */
export function afterAnswersSaveRoute(user: Pick<GuardUser, 'type'>): string {
  return user.type === 'PROVIDER' ? ROUTES.availability : ROUTES.dashboard;
}

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { Location, testQueryClient } from '@/test/render';
import { ROUTE_PATTERNS } from '@samtalsmatch/contracts';
import type { RouteObject } from 'react-router';
import { AppRoutes, appRoutes } from './router';

afterEach(() => vi.restoreAllMocks());

// A page whose code cannot be loaded (offline, or replaced by a newer deploy).
vi.mock('./routes/public/forgot-password', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const person = (type: string, onboardingStep: string) => ({
  id: 'u1',
  type,
  name: 'Test',
  email: 't@example.se',
  emailVerified: true,
  onboardingStep,
});

/** Hands the router's navigate function to the test. */
function Navigator({ onReady }: { onReady: (navigate: NavigateFunction) => void }) {
  onReady(useNavigate());
  return null;
}

/** The real route table: where a user who opens `path` ends up, after every redirect. */
async function landing(path: string, me: unknown) {
  mockFetch({
    'GET /users/me': me ? json(me) : json({ message: 'Du måste logga in.' }, 401),
  });
  let navigate: NavigateFunction | undefined;
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Location />
        <Navigator onReady={(n) => (navigate = n)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    pathname: () => screen.getByTestId('location').textContent,
    navigate: (to: string) => navigate!(to),
  };
}

describe('the route table wired to the guard', () => {
  it.each([
    ['/dashboard', null, '/'],
    ['/admin', null, '/'],
    ['/dashboard', person('CLIENT', 'PROFILE_COMPLETED'), '/questions'],
    ['/dashboard', person('PROVIDER', 'USER_CREATED'), '/profile'],
    ['/questions', person('PROVIDER', 'USER_CREATED'), '/profile'],
    ['/availability', person('CLIENT', 'ONBOARDING_COMPLETED'), '/dashboard'],
    ['/dashboard', person('ADMIN', 'ONBOARDING_COMPLETED'), '/admin'],
    ['/admin/p1', person('PROVIDER', 'ONBOARDING_COMPLETED'), '/dashboard'],
    ['/provider/m1/booking', person('CLIENT', 'QUESTIONS_COMPLETED'), '/provider/m1/booking'],
    ['/auth', person('CLIENT', 'QUESTIONS_COMPLETED'), '/dashboard'],
    ['/auth', person('CLIENT', 'PROFILE_COMPLETED'), '/questions'],
    ['/auth', null, '/auth'],
    ['/finns-inte', null, '/finns-inte'],
  ])('%s for %j ends on %s', async (path, me, expected) => {
    const router = await landing(path, me);
    await waitFor(() => expect(router.pathname()).toBe(expected));
    // And stays there: the page itself shows (a guard that sends the user on renders no page).
    await screen.findByRole('heading', { level: 1 });
    expect(router.pathname()).toBe(expected);
  });
});

function declaredPaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : []), ...declaredPaths(r.children ?? [])]);
}

describe('the one route table (contracts ROUTE_PATTERNS)', () => {
  it('declares exactly the patterns the API knows, and a catch-all 404', () => {
    const paths = declaredPaths(appRoutes);
    expect(paths.filter((p) => p !== '*').sort()).toEqual(Object.values(ROUTE_PATTERNS).sort());
    expect(paths).toContain('*');
  });

  it('the 404 page turns the one robots meta to noindex, and back when it leaves', async () => {
    const indexHtmlMeta = Object.assign(document.createElement('meta'), {
      name: 'robots',
      content: 'index, follow',
    });
    document.head.append(indexHtmlMeta);
    try {
      const router = await landing('/finns-inte', null);
      await waitFor(() => expect(indexHtmlMeta.content).toBe('noindex'));
      expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
      await router.navigate('/auth');
      await waitFor(() => expect(indexHtmlMeta.content).toBe('index, follow'));
    } finally {
      indexHtmlMeta.remove();
    }
  });
});

describe('a page whose code does not load', () => {
  it('says so in Swedish in its place, keeps header and footer, and another address works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = await landing('/forgot-password', null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sidan kunde inte laddas. Ladda om sidan och försök igen.',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await router.navigate('/finns-inte');
    expect(await screen.findByRole('heading', { name: 'Sidan hittades inte' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

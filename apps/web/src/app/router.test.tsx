import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { testQueryClient } from '@/test/render';
import { ROUTE_PATTERNS } from '@samtalsmatch/contracts';
import type { RouteObject } from 'react-router';
import { appRoutes, routes } from './router';

afterEach(() => vi.restoreAllMocks());

const person = (type: string, onboardingStep: string) => ({
  id: 'u1',
  type,
  name: 'Test',
  email: 't@example.se',
  emailVerified: true,
  onboardingStep,
});

/** The real route table: where a user who opens `path` ends up, after every redirect. */
async function landing(path: string, me: unknown) {
  mockFetch({
    'GET /users/me': me ? json(me) : json({ message: 'Du måste logga in.' }, 401),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the route table wired to the guard (SPEC §2)', () => {
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
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    // And stays there.
    await new Promise((r) => setTimeout(r, 30));
    expect(router.state.location.pathname).toBe(expected);
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

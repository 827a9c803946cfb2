import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { currentUserKey } from '@/features/auth/api/current-user';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
      mutations: { retry: 0 },
    },
  });
}

/** Shows where the router ended up. */
export function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `element` at `path` (route pattern `pattern`), with the current
 * user already known (`undefined` = still loading). Any other path shows
 * only its location.
 */
export function renderRoute(
  element: ReactElement,
  {
    path = '/',
    pattern = path,
    user,
    client = testQueryClient(),
    state,
  }: {
    path?: string;
    pattern?: string;
    user?: unknown;
    client?: QueryClient;
    /** The history entry's state (a token handed over by TokenHandoff). */
    state?: unknown;
  } = {},
) {
  if (user !== undefined) client.setQueryData(currentUserKey, user);
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>Annan sida</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}

import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_EVENT } from '@/lib/api-client';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { SessionWatcher } from './session-watcher';

afterEach(() => vi.restoreAllMocks());

const client = {
  id: 'u1',
  type: 'CLIENT',
  name: 'A',
  email: 'a@example.se',
  onboardingStep: 'QUESTIONS_COMPLETED',
};

describe('automatic logout on 401', () => {
  it('logs out once, even for a burst of 401s, and goes to /', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = mockFetch({
      'POST /auth/logout': async () => {
        await gate;
        return json({});
      },
    });
    const { getByTestId } = renderRoute(<SessionWatcher />, { path: '/dashboard', user: client });
    act(() => {
      window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
      window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
      window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
    });
    release();
    await waitFor(() => expect(getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(fetchMock.find('POST', '/auth/logout')).toHaveLength(1);
  });

  it('does nothing while the user is not known', async () => {
    const fetchMock = mockFetch();
    const { client: queryClient } = renderRoute(<SessionWatcher />, { path: '/auth', user: null });
    act(() => {
      window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
    });
    // The watcher decides within the event: a logout would have started its mutation there.
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
    expect(fetchMock.find('POST', '/auth/logout')).toHaveLength(0);
  });

  it('a real 401 from any call triggers it', async () => {
    const fetchMock = mockFetch({
      'GET /matches': json({ message: 'Du är inte inloggad.' }, 401),
      'POST /auth/logout': json({}),
    });
    const { getByTestId } = renderRoute(<SessionWatcher />, { path: '/dashboard', user: client });
    const { api } = await import('@/lib/api-client');
    await expect(api.get('/matches')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(fetchMock.find('POST', '/auth/logout')).toHaveLength(1);
  });
});

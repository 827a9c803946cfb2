import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '@/features/auth/api/current-user';
import { aMatch } from '@/features/matching/test-data';
import { json, mockFetch } from '@/test/fetch';
import { testQueryClient } from '@/test/render';
import { ClientDashboardPage } from './dashboard';
import { clientUser } from '@/test/users';

afterEach(() => vi.restoreAllMocks());

const client = clientUser({ id: '00000000-0000-4000-8000-0000000000aa' });
const OFFER = 'Meddela mig när det finns terapeuter som passar';
const ON = 'Du får ett mejl när det finns nya terapeuter som passar dig.';

function renderDashboard(matches: unknown[], routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /matches': json(matches),
    'GET /users/me': json(client),
    'GET /matches/empty-reason': json({ kind: 'NONE', answers: [] }),
    'GET /users/me/match-alert': json({ enabled: false }),
    ...routes,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(currentUserKey, client);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <ClientDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the standing wish on the dashboard', () => {
  it('is offered on an empty list, turned on with one PUT, and then says it is on', async () => {
    let release: () => void = () => undefined;
    const fetchMock = renderDashboard([], {
      'PUT /users/me/match-alert': (_call) =>
        new Promise<ReturnType<typeof json>>((resolve) => {
          release = () => resolve(json({ enabled: true }));
        }),
    });
    const section = within(
      (await screen.findByRole('heading', { name: 'Inga matchningar än' })).closest('section')!,
    );
    const offer = await section.findByRole('button', { name: OFFER });
    await userEvent.click(offer);
    // Disabled while it is sending; a second click sends nothing.
    const sending = section.getByRole('button', { name: 'Sparar…' });
    expect(sending).toBeDisabled();
    await userEvent.click(sending);
    release();
    expect(await section.findByText(ON)).toBeInTheDocument();
    expect(fetchMock.find('PUT', '/users/me/match-alert')).toHaveLength(1);
    expect(fetchMock.find('PUT', '/users/me/match-alert')[0]!.body).toEqual({ enabled: true });
    expect(fetchMock.find('PUT', '/users/me/match-alert')[0]!.headers['x-csrf-token']).toBe(
      'csrf-1',
    );
    expect(section.getByRole('button', { name: 'Sluta meddela mig' })).toBeEnabled();
  });

  it('is offered under a list of fewer than five, and shows that it is on', async () => {
    renderDashboard([aMatch(), aMatch()], {
      'GET /users/me/match-alert': json({ enabled: true }),
      'PUT /users/me/match-alert': json({ enabled: false }),
    });
    const section = within(
      await screen.findByRole('region', { name: 'Rekommenderade terapeuter' }),
    );
    expect(await section.findByText(ON)).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Sluta meddela mig' }));
    expect(await section.findByRole('button', { name: OFFER })).toBeEnabled();
  });

  it('keeps the state and says so when the change fails', async () => {
    renderDashboard([], {
      'PUT /users/me/match-alert': json({ message: 'Serverfel', status: 500 }, 500),
    });
    await userEvent.click(await screen.findByRole('button', { name: OFFER }));
    expect(
      await screen.findByText('Vi kunde inte spara ditt val. Försök igen.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: OFFER })).toBeEnabled();
  });

  it('is not offered on a list of five', async () => {
    const fetchMock = renderDashboard(Array.from({ length: 5 }, () => aMatch()));
    expect(await screen.findByRole('region', { name: 'Rekommenderade terapeuter' })).toBeVisible();
    await waitFor(() => expect(fetchMock.find('GET', '/matches')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: OFFER })).not.toBeInTheDocument();
    expect(fetchMock.find('GET', '/users/me/match-alert')).toEqual([]);
  });

  it('a short list waits for the wish, and shows without the offer when it cannot be read (asked once)', async () => {
    const fetchMock = renderDashboard([aMatch()], {
      'GET /users/me/match-alert': json({ message: 'Serverfel', status: 500 }, 500),
    });
    expect(await screen.findByRole('region', { name: 'Rekommenderade terapeuter' })).toBeVisible();
    expect(screen.queryByRole('button', { name: OFFER })).not.toBeInTheDocument();
    expect(fetchMock.find('GET', '/users/me/match-alert')).toHaveLength(1);
  });
});

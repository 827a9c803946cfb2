import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { BankIdCallbackStatus } from './bankid-callback-status';

afterEach(() => vi.restoreAllMocks());

const provider = {
  id: 'p',
  type: 'PROVIDER',
  name: 'Johan',
  email: null,
  onboardingStep: 'USER_CREATED',
};

function expectFailure() {
  expect(screen.getByRole('heading', { name: 'Ett fel uppstod' })).toBeInTheDocument();
  expect(screen.getByText('Failed to complete authentication')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Tillbaka till inloggningssidan.' })).toHaveAttribute(
    'href',
    '/auth',
  );
}

describe('after-authentication screen', () => {
  it('shows a spinner, refetches the user and goes to /dashboard', async () => {
    let resolve!: () => void;
    const gate = new Promise<void>((r) => (resolve = r));
    const fetchMock = mockFetch({
      'GET /users/me': async () => {
        await gate;
        return json(provider);
      },
    });
    renderRoute(<BankIdCallbackStatus />, { path: '/auth/callback/bankid', user: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loggar in…');
    resolve();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(fetchMock.find('GET', '/users/me')).toHaveLength(1);
  });

  it('fails when nobody is signed in after all', async () => {
    mockFetch();
    renderRoute(<BankIdCallbackStatus />, { path: '/auth/callback/bankid', user: null });
    await screen.findByRole('heading', { name: 'Ett fel uppstod' });
    expectFailure();
  });

  it('fails when the refetch fails', async () => {
    mockFetch({ 'GET /users/me': json({ message: 'x' }, 500) });
    renderRoute(<BankIdCallbackStatus />, { path: '/auth/callback/bankid', user: null });
    await screen.findByRole('heading', { name: 'Ett fel uppstod' });
    expectFailure();
  });

  it('shows the failure at once when BankID reported an error, with the reason in Swedish', () => {
    const fetchMock = mockFetch();
    renderRoute(<BankIdCallbackStatus />, {
      path: '/auth/callback/bankid?error=cancelled',
      pattern: '/auth/callback/bankid',
      user: null,
    });
    expectFailure();
    expect(screen.getByText('Inloggningen med BankID avbröts.')).toBeInTheDocument();
    expect(fetchMock.find('GET', '/users/me')).toHaveLength(0);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'okänd'])(
    'shows the plain failure for an unknown ?error=%s, never crashes',
    (reason) => {
      mockFetch();
      renderRoute(<BankIdCallbackStatus />, {
        path: `/auth/callback/bankid?error=${reason}`,
        pattern: '/auth/callback/bankid',
        user: null,
      });
      expectFailure();
      expect(
        screen.getByText('Inloggningen med BankID misslyckades. Försök igen.'),
      ).toBeInTheDocument();
    },
  );

  it('tells a cookie problem from a timeout', () => {
    mockFetch();
    renderRoute(<BankIdCallbackStatus />, {
      path: '/auth/callback/bankid?error=cookie',
      pattern: '/auth/callback/bankid',
      user: null,
    });
    expect(screen.getByText(/skickade inte tillbaka sin inloggningskaka/)).toBeInTheDocument();
    expect(screen.queryByText(/tog för lång tid/)).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { VerifyEmailStatus } from './verify-email-status';

afterEach(() => vi.restoreAllMocks());

describe('e-mail verification', () => {
  it('calls GET /auth/verify-email/{token} once and shows success', async () => {
    const fetchMock = mockFetch({
      'GET /auth/verify-email/abc': json({ message: 'Tack! Din e-postadress är nu bekräftad.' }),
    });
    renderRoute(<VerifyEmailStatus token="abc" />, { user: null });
    expect(screen.getByRole('status')).toHaveTextContent('Verifierar din e-postadress…');
    expect(await screen.findByText('Tack! Din e-postadress är nu bekräftad.')).toBeInTheDocument();
    expect(fetchMock.find('GET', '/auth/verify-email/abc')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Logga in' })).toHaveAttribute(
      'href',
      '/auth?form=klient',
    );
  });

  it('shows the server message on failure, and offers a new mail', async () => {
    const fetchMock = mockFetch({
      'GET /auth/verify-email/old': json(
        { message: 'Länken är ogiltig eller har gått ut.', status: 400 },
        400,
      ),
      'POST /auth/resend-verification': json({ message: 'Nytt mejl skickat om kontot finns.' }),
    });
    const user = userEvent.setup();
    renderRoute(<VerifyEmailStatus token="old" />, { user: null });
    expect(await screen.findByText('Länken är ogiltig eller har gått ut.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-postadress'), 'alva@example.se');
    await user.click(screen.getByRole('button', { name: 'Skicka nytt verifieringsmejl' }));
    expect(await screen.findByText('Nytt mejl skickat om kontot finns.')).toBeInTheDocument();
    expect(fetchMock.find('POST', '/auth/resend-verification')[0]!.body).toEqual({
      email: 'alva@example.se',
    });
  });

  it('without a server message it says "Något gick fel. Försök igen senare."', async () => {
    mockFetch({ 'GET /auth/verify-email/x': { status: 500 } });
    renderRoute(<VerifyEmailStatus token="x" />, { user: null });
    expect(await screen.findByText('Något gick fel. Försök igen senare.')).toBeInTheDocument();
  });

  it('without a token it says "Ingen verifieringslänk hittades."', async () => {
    const fetchMock = mockFetch();
    renderRoute(<VerifyEmailStatus token={undefined} />, { user: null });
    expect(screen.getByText('Ingen verifieringslänk hittades.')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.calls.some((c) => c.path.startsWith('/auth/verify-email'))).toBe(false),
    );
  });

  it("prefills the signed-in user's address in the resend form", async () => {
    const me = {
      id: 'u',
      type: 'CLIENT',
      name: 'A',
      email: 'alva@example.se',
      onboardingStep: 'PROFILE_COMPLETED',
    };
    mockFetch({
      'GET /auth/verify-email/y': json({ message: 'Fel.' }, 400),
      'GET /users/me': json(me),
    });
    renderRoute(<VerifyEmailStatus token="y" />, { user: me });
    expect(await screen.findByLabelText('E-postadress')).toHaveValue('alva@example.se');
  });
});

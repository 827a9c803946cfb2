import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { AuthPage } from './auth';

afterEach(() => {
  vi.restoreAllMocks();
});

// docs/rules/accounts.md#focus-on-the-sign-in-page
describe('/auth keyboard focus', () => {
  it("moves to the form's heading when the card is chosen with Enter, and back to the card on 'Gå tillbaka'", async () => {
    mockFetch();
    const user = userEvent.setup();
    renderRoute(<AuthPage />, { path: '/auth', user: null });
    const card = screen.getByRole('button', { name: /Matcha mig med en terapeut/ });
    card.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Logga in' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent('/auth?form=klient');

    await user.click(screen.getByRole('button', { name: 'Gå tillbaka' }));
    const again = await screen.findByRole('button', { name: /Matcha mig med en terapeut/ });
    await waitFor(() => expect(again).toHaveFocus());
  });

  it('leaves focus alone on a page opened on either view', async () => {
    mockFetch();
    renderRoute(<AuthPage />, { path: '/auth?form=klient', pattern: '/auth', user: null });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Logga in' });
    expect(heading).not.toHaveFocus();
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { providerUser } from '@/test/users';
import { ProviderDashboardPage } from './dashboard';

afterEach(() => vi.restoreAllMocks());

const provider = (isVerified: boolean) => providerUser({ id: 'p1', profile: { isVerified } });

describe('/dashboard for a provider', () => {
  it("shows an unverified provider the holding page 'Ditt konto granskas'", () => {
    mockFetch();
    renderRoute(<ProviderDashboardPage />, { path: '/dashboard', user: provider(false) });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ditt konto granskas' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/1–2 arbetsdagar/)).toBeInTheDocument();
  });

  it("shows a therapist whose verification was taken back 'Ditt konto är pausat', not the thanks for registering", () => {
    mockFetch();
    const paused = providerUser({
      id: 'p1',
      profile: { isVerified: false, pausedAt: '2026-11-20T10:00:00.000Z' },
    });
    renderRoute(<ProviderDashboardPage />, { path: '/dashboard', user: paused });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ditt konto är pausat' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/kan inte ta emot bokningar/)).toBeInTheDocument();
    expect(screen.queryByText('Ditt konto granskas')).not.toBeInTheDocument();
    expect(screen.queryByText(/Tack för att du har registrerat dig/)).not.toBeInTheDocument();
  });

  it('shows a verified provider the dashboard, not the holding page', () => {
    mockFetch();
    renderRoute(<ProviderDashboardPage />, { path: '/dashboard', user: provider(true) });
    expect(screen.queryByText('Ditt konto granskas')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Redigera profil' })).toBeInTheDocument();
  });

  it('greets the therapist by first name; the full name stays in the menu and the profile', () => {
    mockFetch();
    const user = providerUser({
      id: 'p1',
      name: 'Klara Maria Andersson',
      profile: { isVerified: true },
    });
    renderRoute(<ProviderDashboardPage />, { path: '/dashboard', user });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Välkommen, Klara!' }),
    ).toBeInTheDocument();
  });
});

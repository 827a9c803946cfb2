import type { User } from '@samtalsmatch/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { ProviderDashboardPage } from './dashboard';

afterEach(() => vi.restoreAllMocks());

function provider(isVerified: boolean): User {
  return {
    id: 'p1',
    type: 'PROVIDER',
    name: 'Johan Provsson',
    email: 'johan@example.se',
    emailVerified: true,
    phoneNumber: '0701234567',
    onboardingStep: 'ONBOARDING_COMPLETED',
    address: { street: 'Storgatan 1', city: 'Stockholm', zip: '111 22' },
    profile: {
      title: ['PSYKOLOG'],
      description: 'x',
      education: ['MASTER'],
      price: 900,
      sessionDuration: 50,
      profileImageUrl: 'a',
      profileImageSignedUrl: '/api/images/a',
      personalAttributes: 'lugn',
      cancellationPolicy: 'TWENTY_FOUR_HOURS',
      isVerified,
    },
  };
}

describe('/dashboard for a provider (SPEC §2)', () => {
  it("shows an unverified provider the holding page 'Ditt konto granskas'", () => {
    mockFetch();
    renderRoute(<ProviderDashboardPage />, { path: '/dashboard', user: provider(false) });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ditt konto granskas' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/1–2 arbetsdagar/)).toBeInTheDocument();
  });

  it('shows a verified provider the dashboard, not the holding page', () => {
    mockFetch();
    renderRoute(<ProviderDashboardPage />, { path: '/dashboard', user: provider(true) });
    expect(screen.queryByText('Ditt konto granskas')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Redigera profil' })).toBeInTheDocument();
  });
});

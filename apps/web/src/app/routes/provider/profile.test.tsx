import type { User } from '@samtalsmatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { ProviderProfilePage } from './profile';

afterEach(() => {
  vi.restoreAllMocks();
  toast.remove();
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `ord${i}`).join(' ');

function provider(onboardingStep: User['onboardingStep']): User {
  return {
    id: 'p1',
    type: 'PROVIDER',
    name: 'Johan Provsson',
    email: 'johan@example.se',
    emailVerified: true,
    phoneNumber: '0701234567',
    onboardingStep,
    address: { street: 'Storgatan 1', city: 'Stockholm', zip: '111 22' },
    profile:
      onboardingStep === 'USER_CREATED'
        ? null
        : {
            title: ['PSYKOLOG'],
            description: words(200),
            education: ['MASTER'],
            price: 900,
            sessionDuration: 50,
            profileImageUrl: 'profile-images/a',
            profileImageSignedUrl: '/api/profiles/images/a?sig=1',
            personalAttributes: 'lugn',
            cancellationPolicy: 'TWENTY_FOUR_HOURS',
            meetingFormat: 'VIDEO',
            isVerified: false,
          },
  };
}

describe('/profile page', () => {
  it("has no 'Gå tillbaka' at USER_CREATED", () => {
    mockFetch();
    renderRoute(<ProviderProfilePage />, { path: '/profile', user: provider('USER_CREATED') });
    expect(screen.getByRole('heading', { level: 1, name: 'Din profil' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gå tillbaka' })).not.toBeInTheDocument();
  });

  it.each([
    ['PROFILE_COMPLETED', '/questions'],
    ['QUESTIONS_COMPLETED', '/dashboard'],
    ['ONBOARDING_COMPLETED', '/dashboard'],
  ] as const)(
    'after a save, a provider whose step is then %s goes to %s',
    async (stepAfter, expected) => {
      const fetchMock = mockFetch({
        'PATCH /profiles/provider': json({}),
        'GET /users/me': json(provider(stepAfter)),
      });
      const ue = userEvent.setup();
      renderRoute(<ProviderProfilePage />, { path: '/profile', user: provider(stepAfter) });
      expect(screen.getByRole('button', { name: 'Gå tillbaka' })).toBeInTheDocument();
      await ue.click(screen.getByRole('button', { name: 'Spara profil' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(expected));
      expect(fetchMock.find('PATCH', '/profiles/provider')).toHaveLength(1);
    },
  );
});

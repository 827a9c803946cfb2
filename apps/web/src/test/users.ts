import type { ProviderProfile, User } from '@samtalsmatch/contracts';

/**
 * A therapist as GET /api/users/me answers it: onboarding done, verified,
 * a complete profile, a valid uuid (so strict contract schemas accept it).
 * Give what a test is about; the rest stays as here.
 */
export function providerUser(
  overrides: Partial<Omit<User, 'profile'>> & { profile?: Partial<ProviderProfile> | null } = {},
): User {
  const { profile, ...user } = overrides;
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    type: 'PROVIDER',
    name: 'Johan Provsson',
    email: 'johan@example.se',
    emailVerified: true,
    phoneNumber: '0701234567',
    onboardingStep: 'ONBOARDING_COMPLETED',
    address: { street: 'Storgatan 1', city: 'Stockholm', zip: '111 22' },
    ...user,
    profile:
      profile === null
        ? null
        : {
            title: ['PSYKOLOG'],
            description: 'x',
            education: ['MASTER'],
            price: 900,
            sessionDuration: 50,
            profileImageUrl: 'a',
            profileImageSignedUrl: '/api/images/a',
            personalAttributes: 'lugn',
            cancellationPolicy: 'TWENTY_FOUR_HOURS',
            meetingFormat: 'BOTH',
            isVerified: true,
            ...profile,
          },
  };
}

/** A client as GET /api/users/me answers it: answered, verified, with a password. */
export function clientUser(overrides: Partial<User> = {}): User {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    type: 'CLIENT',
    name: 'Alva Andersson',
    email: 'alva@example.se',
    emailVerified: true,
    phoneNumber: null,
    ssn: null,
    onboardingStep: 'QUESTIONS_COMPLETED',
    address: null,
    profile: null,
    hasPassword: true,
    preferences: { discreetMail: true },
    ...overrides,
  };
}

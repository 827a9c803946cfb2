import { DEMO_ADMIN, DEMO_PROVIDER_IDENTITIES } from '@samtalsmatch/db/seed';

/**
 * Identities offered on the local test provider's login page (development
 * and tests only). The seeded demo providers come first, so a tester can sign
 * in as a returning, verified therapist; the rest are new people.
 * All numbers are fictitious but valid (date and Luhn check digit).
 */
export interface TestIdentity {
  personnummer: string;
  name: string;
  /** The seeded account this identity belongs to, when there is one. */
  email?: string;
  description: string;
}

/** People with no account yet: the first sign-in creates one. */
const NEW_TEST_IDENTITIES: readonly TestIdentity[] = [
  { personnummer: '198003122382', name: 'Elin Testsson', description: 'Ny person' },
  { personnummer: '198506214561', name: 'Johan Provsson', description: 'Ny person' },
  {
    personnummer: '199002756782',
    name: 'Amira Samordning',
    description: 'Ny person, samordningsnummer',
  },
];

/**
 * Everything the login page lists: the seeded providers first, then the demo
 * admin (who signs in with BankID only), then new people.
 */
export function bankIdTestIdentities(): TestIdentity[] {
  return [
    ...DEMO_PROVIDER_IDENTITIES.map((d) => ({
      personnummer: d.personnummer,
      name: d.name,
      email: d.email,
      description: 'Seedad terapeut (demo)',
    })),
    {
      personnummer: DEMO_ADMIN.personnummer,
      name: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
      description: 'Seedad administratör (demo)',
    },
    ...NEW_TEST_IDENTITIES,
  ];
}

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OnboardingStep } from '@samtalsmatch/contracts';
import { providerProfiles, users } from '@samtalsmatch/db';
import { hashPassword } from '../lib/passwords';
import { GOOD_PASSWORD, login, uniqueEmail } from './accounts';
import type { TestClient, TestServer } from './harness';

let passwordHash: Promise<string> | undefined;

export interface TestProvider {
  id: string;
  email: string;
}

/**
 * A provider row (as BankID would have created it, plus a password so the
 * test can sign in over HTTP), at `step`, with a profile when `profile`
 * (verified when `verified`).
 */
export async function createProvider(
  server: TestServer,
  options: { step?: OnboardingStep; profile?: boolean; verified?: boolean; name?: string } = {},
): Promise<TestProvider> {
  passwordHash ??= hashPassword(GOOD_PASSWORD);
  const email = uniqueEmail('terapeut');
  const [row] = await server.database.db
    .insert(users)
    .values({
      type: 'PROVIDER',
      name: options.name ?? 'Eva Terapeut',
      email,
      emailVerifiedAt: new Date(),
      passwordHash: await passwordHash,
      onboardingStep: options.step ?? 'USER_CREATED',
    })
    .returning({ id: users.id });
  if (options.profile || options.verified) {
    await server.database.db.insert(providerProfiles).values({
      userId: row!.id,
      title: ['PSYKOLOG'],
      description: 'ord '.repeat(200).trim(),
      education: ['MASTER'],
      price: 900,
      sessionDuration: 50,
      profileImageKey: '00000000-0000-4000-8000-000000000000',
      personalAttributes: 'lugn, nyfiken',
      isVerified: options.verified ?? false,
    });
  }
  return { id: row!.id, email };
}

/** Creates a provider and signs `client` in as them. */
export async function signedInProvider(
  server: TestServer,
  client: TestClient,
  options: Parameters<typeof createProvider>[1] = {},
): Promise<TestProvider> {
  const provider = await createProvider(server, options);
  expect((await login(client, provider.email)).status).toBe(200);
  return provider;
}

/** Like a provider's first BankID sign-in: no e-mail address yet. */
export async function forgetEmail(server: TestServer, userId: string): Promise<void> {
  await server.database.db
    .update(users)
    .set({ email: null, emailVerifiedAt: null })
    .where(eq(users.id, userId));
}

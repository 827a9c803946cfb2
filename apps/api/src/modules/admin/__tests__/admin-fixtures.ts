import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OnboardingStep } from '@samtalsmatch/contracts';
import {
  answers,
  bookings,
  licenceChecks,
  matches,
  providerProfiles,
  questions,
  users,
  type Database,
} from '@samtalsmatch/db';
import { createSsnCrypto } from '../../../lib/crypto';
import { hashPassword } from '../../../lib/passwords';
import { luhnCheckDigit } from '../../../lib/personnummer';
import { GOOD_PASSWORD, login, uniqueEmail } from '../../../test/accounts';
import { TestClient, type TestServer } from '../../../test/harness';
import {
  deliverCallback,
  FlowBrowser,
  initiate,
  openLoginPage,
  submitLogin,
} from '../../bankid/__tests__/bankid-flow';
import { createAdminAccount } from '../admin-accounts';

/** A fresh, fictitious, valid personnummer (12 digits). */
export function uniquePersonnummer(): string {
  const year = 1950 + randomInt(50);
  const month = String(1 + randomInt(12)).padStart(2, '0');
  const day = String(1 + randomInt(28)).padStart(2, '0');
  const serial = String(randomInt(1000)).padStart(3, '0');
  const nine = `${String(year).slice(2)}${month}${day}${serial}`;
  return `${String(year).slice(0, 2)}${nine}${luhnCheckDigit(nine)}`;
}

/** The forms a personnummer may take in text: 12 digits, YYYYMMDD-XXXX, YYMMDD-XXXX, 10 digits. */
export function personnummerForms(ssn: string): string[] {
  return [
    ssn,
    `${ssn.slice(0, 8)}-${ssn.slice(8)}`,
    `${ssn.slice(2, 8)}-${ssn.slice(8)}`,
    ssn.slice(2),
  ];
}

const cryptoOf = (server: TestServer) => createSsnCrypto(server.config.ssnKeys);

/** Signs a browser in with the local BankID test provider; returns an API client with its session. */
export async function bankIdClient(
  server: TestServer,
  identity: { personnummer: string; name: string },
  role: 'client' | 'provider' = 'client',
): Promise<TestClient> {
  const browser = new FlowBrowser();
  const authorizationUrl = await initiate(browser, server.baseUrl, { role });
  const { action } = await openLoginPage(browser, authorizationUrl);
  const { callbackUrl } = await submitLogin(
    browser,
    action,
    server.config.oidc.redirectUri,
    identity,
  );
  expect(callbackUrl).toBeDefined();
  const result = await deliverCallback(browser, callbackUrl!);
  expect(result.location).not.toContain('error=');
  const client = new TestClient(server.baseUrl);
  for (const [name, value] of browser.cookies) client.setCookie(name, value);
  return client;
}

/** An admin made like `admin:create` does, signed in with BankID. */
export async function signedInAdmin(
  server: TestServer,
  name = 'Adam Admin',
): Promise<{ client: TestClient; id: string; name: string; personnummer: string }> {
  const personnummer = uniquePersonnummer();
  const admin = await createAdminAccount(server.database.db, cryptoOf(server), {
    personnummer,
    name,
    email: uniqueEmail('admin'),
  });
  const client = await bankIdClient(server, { personnummer, name }, 'client');
  return { client, id: admin.id, name, personnummer };
}

interface ProviderOptions {
  name?: string;
  onboardingStep?: OnboardingStep;
  profile?: boolean;
  isVerified?: boolean;
  /** Stores a personnummer (encrypted, with its hash). */
  personnummer?: string | null;
  /** Signs in with a password (providers normally use BankID; this is for role tests). */
  password?: boolean;
  /** A registered check of the profile's PSYKOLOG title, made today (default true), so it can be verified. */
  licenceChecked?: boolean;
}

/** A provider row (with profile and answers unless told otherwise). */
export async function insertProvider(server: TestServer, options: ProviderOptions = {}) {
  const db = server.database.db;
  const crypto = cryptoOf(server);
  const personnummer =
    options.personnummer === undefined ? uniquePersonnummer() : options.personnummer;
  const email = uniqueEmail('terapeut');
  const [user] = await db
    .insert(users)
    .values({
      type: 'PROVIDER',
      name: options.name ?? 'Tora Terapeut',
      email,
      emailVerifiedAt: new Date(),
      passwordHash: options.password ? await hashPassword(GOOD_PASSWORD) : null,
      phoneNumber: '0701740699',
      street: 'Storgatan 1',
      city: 'Lund',
      zip: '222 22',
      onboardingStep: options.onboardingStep ?? 'ONBOARDING_COMPLETED',
      ssnEncrypted: personnummer ? crypto.encrypt(personnummer) : null,
      ssnHash: personnummer ? crypto.hash(personnummer) : null,
    })
    .returning();
  if (options.profile !== false) {
    await db.insert(providerProfiles).values({
      userId: user!.id,
      title: ['PSYKOLOG'],
      description: 'Beskrivning',
      education: ['MASTER'],
      price: 900,
      sessionDuration: 50,
      profileImageKey: 'seed/anna.png',
      personalAttributes: 'Lugn',
      isVerified: options.isVerified ?? false,
      verifiedAt: options.isVerified ? new Date() : null,
    });
    await answer(db, user!.id, 'language', ['sv', 'en']);
    if (options.licenceChecked !== false) {
      await db
        .insert(licenceChecks)
        .values({ providerId: user!.id, title: 'PSYKOLOG', registered: true });
    }
  }
  return { ...user!, personnummer };
}

/** Saves one answer by question key. */
export async function answer(
  db: Database,
  userId: string,
  key: string,
  value: string[],
  importance: 1 | 2 | 3 | null = null,
) {
  const [q] = await db.select().from(questions).where(eq(questions.key, key));
  await db.insert(answers).values({ userId, questionId: q!.id, value, importance });
}

/** A client with a password (and optionally a personnummer), signed in. */
export async function signedInPasswordUser(
  server: TestServer,
  type: 'CLIENT' | 'PROVIDER' | 'ADMIN',
  options: { personnummer?: string; name?: string } = {},
) {
  const crypto = cryptoOf(server);
  const email = uniqueEmail(type.toLowerCase());
  const [user] = await server.database.db
    .insert(users)
    .values({
      type,
      name: options.name ?? 'Klara Klient',
      email,
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword(GOOD_PASSWORD),
      onboardingStep: type === 'CLIENT' ? 'QUESTIONS_COMPLETED' : 'ONBOARDING_COMPLETED',
      ssnEncrypted: options.personnummer ? crypto.encrypt(options.personnummer) : null,
      ssnHash: options.personnummer ? crypto.hash(options.personnummer) : null,
    })
    .returning();
  const client = new TestClient(server.baseUrl);
  const res = await login(client, email);
  return { user: user!, email, client, loginStatus: res.status };
}

/** A match between a client and a provider, with one booking. */
export async function insertMatchWithBooking(db: Database, clientId: string, providerId: string) {
  const [match] = await db
    .insert(matches)
    .values({ clientId, providerId, status: 'ACTIVE', score: 0.75 })
    .returning();
  const at = new Date(Date.now() + 3 * 24 * 3600_000);
  at.setUTCMinutes(0, 0, 0);
  const [booking] = await db
    .insert(bookings)
    .values({
      matchId: match!.id,
      status: 'PENDING_PROVIDER_CONFIRMATION',
      meetingFormat: 'IN_PERSON',
      suggestedTimes: [at, new Date(at.getTime() + 3600_000), new Date(at.getTime() + 7200_000)],
    })
    .returning();
  return { match: match!, booking: booking! };
}

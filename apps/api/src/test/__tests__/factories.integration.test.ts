import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots, providerProfiles } from '@samtalsmatch/db';
import { stockholmParts } from '@samtalsmatch/contracts';
import { createSsnCrypto } from '../../lib/crypto';
import { isValidPersonnummer } from '../../lib/personnummer';
import { login } from '../accounts';
import {
  CLIENT_ANSWERS_ALL,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  PROVIDER_ANSWERS_ALL,
  signInAs,
  slotsAt,
  stockholmHour,
} from '../factories';
import { startTestServer, TestClient, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('test factories', () => {
  it('signs a client in through the session store; the app sees the user', async () => {
    const client = await createClient(server, { emailVerified: false });
    const http = new TestClient(server.baseUrl);
    expect((await http.get('/api/users/me')).status).toBe(401);
    await signInAs(server, http, client);
    const res = await http.get('/api/users/me');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; type: string; onboardingStep: string };
    expect(body).toMatchObject({
      id: client.id,
      type: 'CLIENT',
      onboardingStep: 'PROFILE_COMPLETED',
    });
    // The session works for mutating requests too (CSRF token of the new session).
    expect((await http.post('/api/auth/logout', {})).status).toBeLessThan(300);
    expect((await http.get('/api/users/me')).status).toBe(401);
  });

  it('gives clients the factory password for the real login route', async () => {
    const client = await createClient(server);
    const http = new TestClient(server.baseUrl);
    expect((await login(http, client.email!)).status).toBe(200);
  });

  it('creates a BankID-style provider: encrypted ssn, full verified profile, answers, slots', async () => {
    const provider = await createProvider(server, {
      answers: PROVIDER_ANSWERS_ALL,
      slots: [
        { daysAhead: 3, hour: 10 },
        { daysAhead: 4, hour: 15 },
      ],
    });
    expect(isValidPersonnummer(provider.ssn)).toBe(true);
    const crypto = createSsnCrypto(server.config.ssnKeys);
    expect(crypto.decrypt(provider.ssnEncrypted!)).toBe(provider.ssn);
    expect(provider.ssnHash).toBe(crypto.hash(provider.ssn));
    expect(provider.passwordHash).toBeNull();
    const [profile] = await server.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.id));
    expect(profile!.isVerified).toBe(true);
    expect(profile!.description.split(' ').length).toBeGreaterThanOrEqual(200);
    const slots = await server.database.db
      .select()
      .from(availabilitySlots)
      .where(eq(availabilitySlots.providerId, provider.id));
    expect(slots.map((s) => stockholmParts(s.startTime).hour).sort()).toEqual([10, 15]);

    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, provider);
    const me = (await (await http.get('/api/users/me')).json()) as { type: string };
    expect(me.type).toBe('PROVIDER');
  });

  it('creates an unverified provider at USER_CREATED without a profile', async () => {
    const provider = await createProvider(server, {
      onboardingStep: 'USER_CREATED',
      email: null,
    });
    const rows = await server.database.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.id));
    expect(rows).toHaveLength(0);
    expect(provider.email).toBeNull();
  });

  it('creates a match and a booking that holds the slots and makes the match ACTIVE', async () => {
    const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    expect(client.onboardingStep).toBe('QUESTIONS_COMPLETED');
    const provider = await createProvider(server);
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    expect(match.status).toBe('PENDING');
    const times = [stockholmHour(5, 9), stockholmHour(5, 10), stockholmHour(6, 9)];
    const booking = await createBooking(server, match.id, { suggestedTimes: times });
    expect(booking.status).toBe('PENDING_PROVIDER_CONFIRMATION');
    const held = await slotsAt(server, provider.id, times);
    expect(held.map((s) => s.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
    const confirmed = await createBooking(
      server,
      (
        await createMatch(server, {
          clientId: client.id,
          providerId: (await createProvider(server)).id,
        })
      ).id,
      { status: 'CONFIRMED' },
    );
    expect(confirmed.confirmedTime).toBeInstanceOf(Date);
  });
});

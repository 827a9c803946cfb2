import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { providerProfiles, users } from '@samtalsmatch/db';
import { startTestServer, type TestServer } from '../../test/harness';
import { createProvider } from '../../test/provider-accounts';
import { errorHandler } from '../error-handler';
import { requireVerifiedProvider, verifiedIfProvider } from '../require-verified-provider';

let server: TestServer;
let http: Server;
let base: string;

/** A tiny app: `x-user` names the signed-in user (the real session is tested elsewhere). */
beforeAll(async () => {
  server = await startTestServer();
  const app = express();
  app.use(async (req, _res, next) => {
    const id = req.header('x-user');
    if (id) {
      const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
      req.user = row;
    }
    next();
  });
  app.post('/provider-action', requireVerifiedProvider(server.database.db), (_req, res) => {
    res.json({ ok: true });
  });
  app.post('/shared-action', verifiedIfProvider(server.database.db), (_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorHandler);
  http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await server.close();
});

async function call(path: string, userId?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: userId ? { 'x-user': userId } : {},
  });
  return { status: res.status, body: (await res.json()) as { message?: string; code?: string } };
}

describe('requireVerifiedProvider and verifiedIfProvider', () => {
  it('lets a verified provider through, and refuses one an admin has unverified again', async () => {
    const p = await createProvider(server, { verified: true, step: 'ONBOARDING_COMPLETED' });
    expect((await call('/provider-action', p.id)).status).toBe(200);
    expect((await call('/shared-action', p.id)).status).toBe(200);
    await server.database.db
      .update(providerProfiles)
      .set({ isVerified: false })
      .where(eq(providerProfiles.userId, p.id));
    expect((await call('/provider-action', p.id)).status).toBe(403);
  });

  it('answers a provider whose verification an admin took back 403 "Ditt konto är pausat…", not "granskas"', async () => {
    const p = await createProvider(server, { verified: true, step: 'ONBOARDING_COMPLETED' });
    await server.database.db
      .update(providerProfiles)
      .set({ isVerified: false, verifiedAt: null, pausedAt: new Date() })
      .where(eq(providerProfiles.userId, p.id));
    for (const path of ['/provider-action', '/shared-action']) {
      const { status, body } = await call(path, p.id);
      expect(status).toBe(403);
      expect(body).toEqual({
        status: 403,
        code: 'PROVIDER_PAUSED',
        message:
          'Ditt konto är pausat. Så länge kontot är pausat kan du inte hantera bokningar eller se klienters uppgifter.',
      });
    }
    // Verified again: through.
    await server.database.db
      .update(providerProfiles)
      .set({ isVerified: true, verifiedAt: new Date(), pausedAt: null })
      .where(eq(providerProfiles.userId, p.id));
    expect((await call('/provider-action', p.id)).status).toBe(200);
  });

  it('answers an unverified provider (with or without a profile) 403 "Ditt konto granskas…"', async () => {
    for (const options of [{ profile: true }, {}]) {
      const p = await createProvider(server, options);
      for (const path of ['/provider-action', '/shared-action']) {
        const { status, body } = await call(path, p.id);
        expect(status).toBe(403);
        expect(body).toMatchObject({
          code: 'PROVIDER_NOT_VERIFIED',
          message: 'Ditt konto granskas. Du kan hantera bokningar när kontot har verifierats.',
        });
      }
    }
  });

  it('answers 401 signed out; a client is 403 on provider actions and passes shared ones', async () => {
    expect((await call('/provider-action')).status).toBe(401);
    expect((await call('/shared-action')).status).toBe(401);
    const [client] = await server.database.db
      .insert(users)
      .values({ type: 'CLIENT', name: 'Klient', onboardingStep: 'PROFILE_COMPLETED' })
      .returning();
    expect(await call('/provider-action', client!.id)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect((await call('/shared-action', client!.id)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DISCREET_MAIL_DIALOG, PRIVACY_MSG, errorCatalog } from '@samtalsmatch/contracts';
import { users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { createClient, createProvider, signInAs } from '../../../test/factories';

// docs/rules/privacy.md#discreet-mails: discreet mails are the default; a client turns them off
// only after the dialog, and the choice is kept with its time and version.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function signedIn(user: { id: string; sessionVersion: number }) {
  const http = new TestClient(server.baseUrl);
  await signInAs(server, http, user);
  return http;
}

async function createAdmin() {
  const [admin] = await server.database.db
    .insert(users)
    .values({ type: 'ADMIN', name: 'Adam Admin', onboardingStep: 'ONBOARDING_COMPLETED' })
    .returning();
  return admin!;
}

async function storedPreferences(userId: string) {
  const [row] = await server.database.db
    .select({
      discreetMail: users.discreetMail,
      discreetMailChangedAt: users.discreetMailChangedAt,
      discreetMailDialogVersion: users.discreetMailDialogVersion,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const UNCHANGED = {
  discreetMail: true,
  discreetMailChangedAt: null,
  discreetMailDialogVersion: null,
};

describe('GET /api/users/me: preferences', () => {
  it('shows discreet mails on for every role before anyone changed anything', async () => {
    const people = [await createClient(server), await createProvider(server), await createAdmin()];
    for (const person of people) {
      const res = await (await signedIn(person)).get('/api/users/me');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { preferences: unknown }).preferences).toEqual({
        discreetMail: true,
      });
    }
  });
});

describe('PATCH /api/users/me/preferences', () => {
  it('turns discreet mails off with the dialog version read, recording when and which', async () => {
    const client = await createClient(server);
    const http = await signedIn(client);
    const before = Date.now();
    const res = await http.patch('/api/users/me/preferences', {
      discreetMail: false,
      dialogVersion: DISCREET_MAIL_DIALOG.version,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ discreetMail: false });
    const row = await storedPreferences(client.id);
    expect(row?.discreetMail).toBe(false);
    expect(row?.discreetMailDialogVersion).toBe(DISCREET_MAIL_DIALOG.version);
    expect(row!.discreetMailChangedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const me = (await (await http.get('/api/users/me')).json()) as { preferences: unknown };
    expect(me.preferences).toEqual({ discreetMail: false });

    // And back on: no dialog needed, the time is recorded again.
    const on = await http.patch('/api/users/me/preferences', { discreetMail: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ discreetMail: true });
    const after = await storedPreferences(client.id);
    expect(after?.discreetMail).toBe(true);
    expect(after?.discreetMailDialogVersion).toBeNull();
  });

  it('refuses turning them off without the dialog version (400) or with an old one (409)', async () => {
    const client = await createClient(server);
    const http = await signedIn(client);
    const missing = await http.patch('/api/users/me/preferences', { discreetMail: false });
    expect(missing.status).toBe(400);
    const missingBody = (await missing.json()) as {
      message: string;
      fieldErrors: Record<string, string[]>;
    };
    expect(missingBody.message).toBe(PRIVACY_MSG.dialogVersionRequired);
    expect(missingBody.fieldErrors.dialogVersion).toEqual([PRIVACY_MSG.dialogVersionRequired]);

    // The first wording (it named a title the mails never carried), and one not in force.
    for (const dialogVersion of [1, DISCREET_MAIL_DIALOG.version + 1]) {
      const old = await http.patch('/api/users/me/preferences', {
        discreetMail: false,
        dialogVersion,
      });
      expect(old.status).toBe(409);
      expect(((await old.json()) as { message: string }).message).toBe(
        errorCatalog.DIALOG_TEXT_OUTDATED.message,
      );
    }
    expect(await storedPreferences(client.id)).toEqual(UNCHANGED);
  });

  it('answers 400 in Swedish on bad input and stores nothing', async () => {
    const client = await createClient(server);
    const http = await signedIn(client);
    for (const body of [{}, { discreetMail: 'nej' }, { discreetMail: true, extra: 1 }, []]) {
      const res = await http.patch('/api/users/me/preferences', body);
      expect(res.status).toBe(400);
      const { message } = (await res.json()) as { message: string };
      expect(message).not.toMatch(/expected|invalid|required/i);
    }
    expect(await storedPreferences(client.id)).toEqual(UNCHANGED);
  });

  it('is the client’s switch: therapists and admins get 403, the signed-out 401', async () => {
    for (const person of [await createProvider(server), await createAdmin()]) {
      const res = await (
        await signedIn(person)
      ).patch('/api/users/me/preferences', {
        discreetMail: false,
        dialogVersion: DISCREET_MAIL_DIALOG.version,
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        PRIVACY_MSG.discreetMailClientsOnly,
      );
      expect(await storedPreferences(person.id)).toEqual(UNCHANGED);
    }
    const anonymous = new TestClient(server.baseUrl);
    const res = await anonymous.patch('/api/users/me/preferences', { discreetMail: false });
    expect(res.status).toBe(401);
  });

  it('needs the CSRF token', async () => {
    const http = await signedIn(await createClient(server));
    const res = await http.request(
      'PATCH',
      '/api/users/me/preferences',
      { discreetMail: true },
      { csrf: false },
    );
    expect(res.status).toBe(403);
  });
});

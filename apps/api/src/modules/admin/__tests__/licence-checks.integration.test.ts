import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProviderDetailSchema,
  adminProvidersPageSchema,
  licenceCheckSchema,
  type Match,
} from '@samtalsmatch/contracts';
import { auditLog, licenceChecks, providerProfiles } from '@samtalsmatch/db';
import { mailbox } from '../../../test/accounts';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  insertMatchWithBooking,
  insertProvider,
  signedInAdmin,
  signedInPasswordUser,
} from './admin-fixtures';

/**
 * Proof of licence (docs/rules/admin.md#licence-checks): the admin records per claimed licensed title
 * what Socialstyrelsen's register says; verification needs a registered
 * check younger than 12 months; a client sees only the public badge fields.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let client: Awaited<ReturnType<typeof signedInPasswordUser>>;

beforeAll(async () => {
  server = await startTestServer({}, { publicUrlIsBaseUrl: true });
  admin = await signedInAdmin(server, 'Hanna HOSP');
  client = await signedInPasswordUser(server, 'CLIENT');
  expect(client.loginStatus).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const checksPath = (id: string) => `/api/admin/providers/${id}/licence-checks`;
const verifyPath = (id: string) => `/api/admin/providers/${id}/verify`;
const DAY = 24 * 3600_000;

async function unchecked(title: ('PSYKOLOG' | 'PSYKOTERAPEUT' | 'KURATOR' | 'SOCIONOM')[]) {
  const provider = await insertProvider(server, { licenceChecked: false, personnummer: null });
  await server.database.db
    .update(providerProfiles)
    .set({ title })
    .where(eq(providerProfiles.userId, provider.id));
  return provider;
}

async function checkRows(providerId: string) {
  return server.database.db
    .select()
    .from(licenceChecks)
    .where(eq(licenceChecks.providerId, providerId));
}

async function isVerified(providerId: string) {
  const [row] = await server.database.db
    .select({ isVerified: providerProfiles.isVerified })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId));
  return row!.isVerified;
}

describe('POST /api/admin/providers/:id/licence-checks', () => {
  it('records a check (201), lists it in the detail with who checked, and writes an audit row', async () => {
    const provider = await unchecked(['PSYKOLOG', 'PSYKOTERAPEUT']);
    const res = await admin.client.post(checksPath(provider.id), {
      title: 'PSYKOLOG',
      registered: true,
    });
    expect(res.status).toBe(201);
    const created = licenceCheckSchema.parse(await res.json());
    expect(created).toMatchObject({
      title: 'PSYKOLOG',
      registered: true,
      checkedBy: { id: admin.id, name: 'Hanna HOSP' },
    });
    expect(Math.abs(Date.parse(created.checkedAt) - Date.now())).toBeLessThan(60_000);

    const second = await admin.client.post(checksPath(provider.id), {
      title: 'PSYKOTERAPEUT',
      registered: true,
    });
    expect(second.status).toBe(201);

    const detail = adminProviderDetailSchema.parse(
      await (await admin.client.get(`/api/admin/providers/${provider.id}`)).json(),
    );
    expect(detail.licenceChecks.map((c) => c.title)).toEqual(['PSYKOTERAPEUT', 'PSYKOLOG']);
    expect(detail.licenceChecks[1]).toEqual(created);

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, provider.id));
    expect(audit.filter((r) => r.action === 'LICENCE_CHECKED').map((r) => r.metadata)).toEqual([
      { title: 'PSYKOLOG', registered: true },
      { title: 'PSYKOTERAPEUT', registered: true },
    ]);
  });

  it('is for admins only: 401 signed out, 403 for a client and a therapist, nothing written', async () => {
    const provider = await unchecked(['PSYKOLOG']);
    const therapist = await signedInPasswordUser(server, 'PROVIDER');
    const anonymous = new TestClient(server.baseUrl);
    const body = { title: 'PSYKOLOG', registered: true };
    expect((await anonymous.post(checksPath(provider.id), body)).status).toBe(401);
    for (const caller of [client.client, therapist.client]) {
      const res = await caller.post(checksPath(provider.id), body);
      expect(res.status).toBe(403);
    }
    expect(await checkRows(provider.id)).toEqual([]);
  });

  it('refuses bad input in Swedish (400), a title the therapist does not claim (422) and an unknown provider (404)', async () => {
    const provider = await unchecked(['PSYKOLOG', 'SOCIONOM']);
    const cases: [unknown, number, RegExp][] = [
      [{ title: 'SOCIONOM', registered: true }, 400, /Välj en legitimerad titel/],
      [{ title: 'PSYKOLOG' }, 400, /Ange om titeln finns i registret/],
      [{ title: 'PSYKOLOG', registered: 'ja' }, 400, /Ange om titeln finns i registret/],
      [{ title: 'PSYKOLOG', registered: true, checkedAt: '2020-01-01T00:00:00Z' }, 400, /./],
      [{ title: 'KURATOR', registered: true }, 422, /anger inte den titeln/],
    ];
    for (const [body, status, message] of cases) {
      const res = await admin.client.post(checksPath(provider.id), body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const unknown = await admin.client.post(checksPath('00000000-0000-4000-8000-000000000000'), {
      title: 'PSYKOLOG',
      registered: true,
    });
    expect(unknown.status).toBe(404);
    expect(await checkRows(provider.id)).toEqual([]);
  });

  it('mails the therapist discreetly when a title is not in the register', async () => {
    const provider = await unchecked(['KURATOR']);
    const res = await admin.client.post(checksPath(provider.id), {
      title: 'KURATOR',
      registered: false,
    });
    expect(res.status).toBe(201);
    const mails = await mailbox(server.baseUrl, provider.email!);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('En uppgift i din profil behöver ändras');
    expect(mail!.text).toContain('Vi hittade dig inte där som hälso- och sjukvårdskurator');
    expect(mail!.text).toContain('Ta bort titeln hälso- och sjukvårdskurator från din profil');
    expect(mail!.links).toContain(`${server.baseUrl}/auth`);
    // No client data, and no mail for a registered title.
    expect(mail!.text).not.toContain(client.user.name);
    await admin.client.post(checksPath(provider.id), { title: 'KURATOR', registered: true });
    expect(await mailbox(server.baseUrl, provider.email!)).toHaveLength(1);
  });
});

describe('PATCH /api/admin/providers/:id/verify needs proof of licence', () => {
  it('answers 422 in Swedish without a registered check of every claimed licensed title, then verifies', async () => {
    const provider = await unchecked(['PSYKOLOG', 'KURATOR', 'SOCIONOM']);
    let res = await admin.client.patch(verifyPath(provider.id));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      status: 422,
      message:
        'Legitimationen som psykolog behöver kontrolleras i Socialstyrelsens register (HOSP) innan terapeuten kan verifieras. Kontrollen får vara högst 12 månader gammal.',
    });
    await admin.client.post(checksPath(provider.id), { title: 'PSYKOLOG', registered: true });
    res = await admin.client.patch(verifyPath(provider.id));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^Legitimationen som hälso- och sjukvårdskurator/,
    );
    expect(await isVerified(provider.id)).toBe(false);

    await admin.client.post(checksPath(provider.id), { title: 'KURATOR', registered: true });
    res = await admin.client.patch(verifyPath(provider.id));
    expect(res.status).toBe(200);
    expect(await isVerified(provider.id)).toBe(true);
    // Unverifying needs no check.
    expect((await admin.client.patch(verifyPath(provider.id))).status).toBe(200);
  });

  it('a therapist with only unlicensed titles is verified without a check', async () => {
    const provider = await unchecked(['SOCIONOM']);
    expect((await admin.client.patch(verifyPath(provider.id))).status).toBe(200);
  });

  it('a check 12 months old or more does not count, and the admin list flags it', async () => {
    const provider = await unchecked(['PSYKOLOG']);
    await server.database.db.insert(licenceChecks).values({
      providerId: provider.id,
      title: 'PSYKOLOG',
      registered: true,
      checkedAt: new Date(Date.now() - 370 * DAY),
      checkedBy: admin.id,
    });
    const res = await admin.client.patch(verifyPath(provider.id));
    expect(res.status).toBe(422);
    const flagged = async () =>
      adminProvidersPageSchema
        .parse(
          await (
            await admin.client.get(`/api/admin/providers?q=${encodeURIComponent(provider.email!)}`)
          ).json(),
        )
        .items.find((p) => p.id === provider.id)!.licenceCheckExpired;
    expect(await flagged()).toBe(true);

    await admin.client.post(checksPath(provider.id), { title: 'PSYKOLOG', registered: true });
    expect(await flagged()).toBe(false);
    expect((await admin.client.patch(verifyPath(provider.id))).status).toBe(200);
  });

  it('a title found not registered must come off the profile first', async () => {
    const provider = await unchecked(['PSYKOLOG', 'PSYKOTERAPEUT']);
    await admin.client.post(checksPath(provider.id), { title: 'PSYKOLOG', registered: true });
    await admin.client.post(checksPath(provider.id), {
      title: 'PSYKOTERAPEUT',
      registered: false,
    });
    let res = await admin.client.patch(verifyPath(provider.id));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Terapeuten finns inte i Socialstyrelsens register som psykoterapeut. Titeln måste tas bort från profilen innan terapeuten kan verifieras.',
    );
    await server.database.db
      .update(providerProfiles)
      .set({ title: ['PSYKOLOG'] })
      .where(eq(providerProfiles.userId, provider.id));
    res = await admin.client.patch(verifyPath(provider.id));
    expect(res.status).toBe(200);
  });
});

describe('what a client sees of the checks', () => {
  it('per licensed title with a current registered check: the title and the day; nothing else', async () => {
    const provider = await unchecked(['PSYKOLOG', 'PSYKOTERAPEUT', 'SOCIONOM']);
    await server.database.db
      .update(providerProfiles)
      .set({ isVerified: true })
      .where(eq(providerProfiles.userId, provider.id));
    const checked = await admin.client.post(checksPath(provider.id), {
      title: 'PSYKOLOG',
      registered: true,
    });
    const { checkedAt } = licenceCheckSchema.parse(await checked.json());
    await admin.client.post(checksPath(provider.id), {
      title: 'PSYKOTERAPEUT',
      registered: false,
    });
    const { match } = await insertMatchWithBooking(server.database.db, client.user.id, provider.id);

    const res = await client.client.get(`/api/matches/${match.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Match;
    expect(body.provider.providerProfile!.licences).toStrictEqual([
      { title: 'PSYKOLOG', checkedAt },
    ]);
    const raw = JSON.stringify(body);
    expect(raw).not.toContain('registered');
    expect(raw).not.toContain('checkedBy');
    expect(raw).not.toContain('Hanna HOSP');
    expect(raw).not.toContain(admin.id);
  });
});

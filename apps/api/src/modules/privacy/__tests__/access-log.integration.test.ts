import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_KIND_LABELS,
  accessLogResponseSchema,
  ERASED_NAME,
  providerMatchesResponseSchema,
  providerMatchSchema,
  type AccessLogEntry,
} from '@samtalsmatch/contracts';
import { accessLog, users } from '@samtalsmatch/db';
import { createSsnCrypto } from '../../../lib/crypto';
import {
  createBooking,
  createClient,
  createMatch,
  createProvider,
  FACTORY_PASSWORD,
  setVerified,
} from '../../../test/factories';
import {
  signedInClient,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../../test/harness';
import { createAdminAccount } from '../../admin/admin-accounts';
import { personnummerForms, uniquePersonnummer } from '../../admin/__tests__/admin-fixtures';

/**
 * Who has read my data (docs/rules/privacy.md#access-log, decision 358): real reads write
 * the rows (a therapist's GET /api/matches/{id}, an admin's provider
 * detail), one row per reader, person, kind and Stockholm day counting
 * every read with the first and the last (decision 412), and
 * GET /api/users/me/access-log lists them, newest first.
 */

let server: TestServer;
/** The server's clock: each test starts at the real time; some move it. */
let clock = new Date();
beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  clock = new Date();
});

const as = (user: { id: string; sessionVersion: number }) => signedInClient(server, user);

async function logOf(http: TestClient, query = ''): Promise<AccessLogEntry[]> {
  const res = await http.get(`/api/users/me/access-log${query}`);
  expect(res.status).toBe(200);
  return accessLogResponseSchema.parse(await res.json());
}

async function rowsAbout(subjectId: string) {
  return server.database.db.select().from(accessLog).where(eq(accessLog.subjectId, subjectId));
}

/** A client who sent a verified therapist a booking request: their match is ACTIVE. */
async function requestSent(clientName = 'Klara Klient', providerName = 'Tora Terapeut') {
  const provider = await createProvider(server, { name: providerName, withPassword: true });
  const client = await createClient(server, {
    name: clientName,
    answers: { language: { value: ['sv'], importance: 3 }, problem_areas: ['stress'] },
  });
  const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
  await createBooking(server, match.id);
  return { provider, client, match };
}

async function adminSignedIn(name = 'Ada Administratör') {
  const personnummer = uniquePersonnummer();
  const created = await createAdminAccount(
    server.database.db,
    createSsnCrypto(server.config.ssnKeys),
    { personnummer, name, email: `admin.${randomUUID()}@exempel.se` },
  );
  const [row] = await server.database.db.select().from(users).where(eq(users.id, created.id));
  return { ...row!, personnummer, http: await as(row!) };
}

describe("a therapist reading a client's answers", () => {
  it("the list carries no answers and is not logged; one match's detail carries them and is logged for the client", async () => {
    const { provider, client, match } = await requestSent();
    const therapist = await as(provider);

    const listRes = await therapist.get('/api/matches');
    expect(listRes.status).toBe(200);
    const list = (await listRes.json()) as unknown[];
    // Strict: the client's name and nothing more, in every match of the list.
    expect(providerMatchesResponseSchema.parse(list)).toEqual([
      expect.objectContaining({ id: match.id, client: { name: 'Klara Klient' } }),
    ]);
    expect(JSON.stringify(list)).not.toContain('"answer"');
    expect(await rowsAbout(client.id)).toEqual([]);

    clock = new Date('2026-11-27T13:00:00.000Z');
    const detailRes = await therapist.get(`/api/matches/${match.id}`);
    expect(detailRes.status).toBe(200);
    const detail = providerMatchSchema.parse(await detailRes.json());
    expect(detail.client.name).toBe('Klara Klient');
    expect(detail.client.answer.map((a) => a.value)).toEqual(
      expect.arrayContaining([['sv'], ['stress']]),
    );

    const rows = await rowsAbout(client.id);
    expect(rows).toEqual([
      expect.objectContaining({
        readerId: provider.id,
        readerRole: 'PROVIDER',
        kind: 'CLIENT_ANSWERS',
        stockholmDay: '2026-11-27',
        readAt: clock,
        lastReadAt: clock,
        readCount: 1,
      }),
    ]);
    const entries = await logOf(await as(client));
    expect(entries).toEqual([
      {
        id: rows[0]!.id,
        readAt: '2026-11-27T13:00:00.000Z',
        lastReadAt: '2026-11-27T13:00:00.000Z',
        count: 1,
        reader: { role: 'PROVIDER', name: 'Tora Terapeut', erased: false },
        kind: 'CLIENT_ANSWERS',
        what: ACCESS_KIND_LABELS.CLIENT_ANSWERS,
      },
    ]);
    // The therapist's own log is not the client's.
    expect(await logOf(therapist)).toEqual([]);
  });

  it('fired 30 times at once, and again later that day, the reads count 31 on one row with the first and last time; the next Stockholm day (before the next UTC day) starts a second', async () => {
    const { provider, client, match } = await requestSent();
    const therapist = await as(provider);
    // 23:30 in Stockholm (winter time, UTC+1) on 27 November.
    clock = new Date('2026-11-27T22:30:00.000Z');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => therapist.get(`/api/matches/${match.id}`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 200));
    clock = new Date('2026-11-27T22:45:00.000Z');
    expect((await therapist.get(`/api/matches/${match.id}`)).status).toBe(200);
    expect(await rowsAbout(client.id)).toEqual([
      expect.objectContaining({
        stockholmDay: '2026-11-27',
        readAt: new Date('2026-11-27T22:30:00.000Z'),
        lastReadAt: new Date('2026-11-27T22:45:00.000Z'),
        readCount: 31,
      }),
    ]);

    // 00:10 in Stockholm on 28 November; still 27 November in UTC.
    clock = new Date('2026-11-27T23:10:00.000Z');
    expect((await therapist.get(`/api/matches/${match.id}`)).status).toBe(200);
    const days = (await rowsAbout(client.id)).map((r) => r.stockholmDay).sort();
    expect(days).toEqual(['2026-11-27', '2026-11-28']);
    expect((await logOf(await as(client))).map((e) => [e.readAt, e.lastReadAt, e.count])).toEqual([
      ['2026-11-27T23:10:00.000Z', '2026-11-27T23:10:00.000Z', 1],
      ['2026-11-27T22:30:00.000Z', '2026-11-27T22:45:00.000Z', 31],
    ]);
  });

  it('writes nothing when the read is refused: another therapist (404), an unverified therapist (403), the client reading their own match', async () => {
    const { provider, client, match } = await requestSent();
    const stranger = await createProvider(server);
    expect((await (await as(stranger)).get(`/api/matches/${match.id}`)).status).toBe(404);
    const own = await as(client);
    expect((await own.get(`/api/matches/${match.id}`)).status).toBe(200);
    await setVerified(server, provider.id, false);
    expect((await (await as(provider)).get(`/api/matches/${match.id}`)).status).toBe(403);
    expect(await rowsAbout(client.id)).toEqual([]);
    expect(await logOf(own)).toEqual([]);
  });
});

describe("an admin reading a therapist's detail", () => {
  it("writes the personnummer read to the therapist's log and the answers read to each shown client's, counting each read", async () => {
    const { provider, client } = await requestSent('Klas Klient', 'Tea Terapeut');
    // A recommendation (PENDING) is shown to the admin with the client's answers too.
    const recommended = await createClient(server, { answers: { language: ['sv'] } });
    await createMatch(server, { clientId: recommended.id, providerId: provider.id });
    const admin = await adminSignedIn('Ada Administratör');

    for (let i = 0; i < 3; i += 1) {
      clock = new Date(Date.parse('2026-11-26T09:00:00.000Z') + i * 60_000);
      const res = await admin.http.get(`/api/admin/providers/${provider.id}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ssn: string | null }).ssn).not.toBeNull();
    }
    const entry = (kind: AccessLogEntry['kind']) => ({
      id: expect.any(Number),
      readAt: '2026-11-26T09:00:00.000Z',
      lastReadAt: '2026-11-26T09:02:00.000Z',
      count: 3,
      reader: { role: 'ADMIN', name: 'Ada Administratör', erased: false },
      kind,
      what: ACCESS_KIND_LABELS[kind],
    });
    expect(await logOf(await as(provider))).toEqual([entry('PERSONNUMMER')]);
    expect(await logOf(await as(client))).toEqual([entry('CLIENT_ANSWERS')]);
    expect(await logOf(await as(recommended))).toEqual([entry('CLIENT_ANSWERS')]);
    // The admin's name and role, never their personnummer.
    const text = JSON.stringify(await logOf(await as(provider)));
    for (const form of personnummerForms(admin.personnummer)) expect(text).not.toContain(form);
  });

  it('writes a detail read (no personnummer held) as such; 30 reads at once count 30 on one row', async () => {
    const provider = await createProvider(server);
    await server.database.db
      .update(users)
      .set({ ssnEncrypted: null, ssnHash: null })
      .where(eq(users.id, provider.id));
    const admin = await adminSignedIn();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => admin.http.get(`/api/admin/providers/${provider.id}`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 200));
    expect((await rowsAbout(provider.id)).map((r) => [r.readerId, r.kind, r.readCount])).toEqual([
      [admin.id, 'PERSON_DETAIL', 30],
    ]);
  });
});

describe('GET /api/users/me/access-log', () => {
  it('lists newest first; a reader who erased their account shows as such, by role, with nothing of theirs', async () => {
    const { provider, client, match } = await requestSent('Kim Klient', 'Tove Terapeut');
    const admin = await adminSignedIn('Alva Admin');
    // The admin reads on the 24th, the therapist on the 25th, the admin again on the 26th.
    clock = new Date('2026-11-24T08:00:00.000Z');
    expect((await admin.http.get(`/api/admin/providers/${provider.id}`)).status).toBe(200);
    const therapist = await as(provider);
    clock = new Date('2026-11-25T15:30:00.000Z');
    expect((await therapist.get(`/api/matches/${match.id}`)).status).toBe(200);
    clock = new Date('2026-11-26T07:15:00.000Z');
    expect((await admin.http.get(`/api/admin/providers/${provider.id}`)).status).toBe(200);

    const mine = await as(client);
    expect((await logOf(mine)).map((e) => [e.readAt, e.reader.role, e.reader.name])).toEqual([
      ['2026-11-26T07:15:00.000Z', 'ADMIN', 'Alva Admin'],
      ['2026-11-25T15:30:00.000Z', 'PROVIDER', 'Tove Terapeut'],
      ['2026-11-24T08:00:00.000Z', 'ADMIN', 'Alva Admin'],
    ]);
    // limit: the newest ones; a bad limit is a Swedish 400.
    expect((await logOf(mine, '?limit=1')).map((e) => e.readAt)).toEqual([
      '2026-11-26T07:15:00.000Z',
    ]);
    for (const bad of ['?limit=0', '?limit=501', '?limit=tre', '?sort=asc']) {
      const res = await mine.get(`/api/users/me/access-log${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/[a-zåäö]/i);
    }

    // The therapist erases their account: the client's rows stay, by id only.
    const erased = await therapist.request('DELETE', '/api/users/me', {
      currentPassword: FACTORY_PASSWORD,
    });
    expect(erased.status).toBe(204);
    const after = await logOf(mine);
    expect(after.map((e) => e.reader)).toEqual([
      { role: 'ADMIN', name: 'Alva Admin', erased: false },
      { role: 'PROVIDER', name: ERASED_NAME.PROVIDER, erased: true },
      { role: 'ADMIN', name: 'Alva Admin', erased: false },
    ]);
    const text = JSON.stringify(after);
    expect(text).not.toContain('Tove Terapeut');
    for (const form of personnummerForms(provider.ssn)) expect(text).not.toContain(form);
    // The rows about the erased therapist went with them (decision 355).
    expect(await rowsAbout(provider.id)).toEqual([]);
  });

  it('answers 401 signed out and 403 to an admin, whose data no one reads', async () => {
    expect((await new TestClient(server.baseUrl).get('/api/users/me/access-log')).status).toBe(401);
    const admin = await adminSignedIn();
    expect((await admin.http.get('/api/users/me/access-log')).status).toBe(403);
  });

  it('is in the export, every entry in the same shape', async () => {
    const { provider, client, match } = await requestSent();
    expect((await (await as(provider)).get(`/api/matches/${match.id}`)).status).toBe(200);
    const mine = await as(client);
    const res = await mine.get('/api/users/me/export');
    expect(res.status).toBe(200);
    const file = (await res.json()) as { accessLog: unknown };
    expect(file.accessLog).toEqual(await logOf(mine));
    expect(accessLogResponseSchema.parse(file.accessLog)).toHaveLength(1);
  });
});

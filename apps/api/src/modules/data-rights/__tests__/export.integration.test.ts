import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_FORMAT, dataExportSchema } from '@samtalsmatch/contracts';
import { eq, sql } from 'drizzle-orm';
import { accessLog, bookingSeries, bookings, consents, images, users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  CLIENT_ANSWERS_ALL,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  PROVIDER_ANSWERS_ALL,
  createSessionCookie,
  signInAs,
  stockholmHour,
} from '../../../test/factories';
import { appendAudit } from '../../admin/audit.repository';
import { enqueueMail } from '../../mail/outbox';
import { setVerifiedEmail } from '../../users/users.repository';
import { login, registerClient } from '../../../test/accounts';

// GET /api/users/me/export, everything held about the caller (docs/rules/privacy.md#data-export).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

type ExportFile = Record<string, unknown> & {
  account: Record<string, unknown>;
  answers?: { questionKey: string; question: string; answer: string[] }[];
  matches?: Record<string, unknown>[];
  bookings?: Record<string, unknown>[];
  mails?: Record<string, unknown>[];
  preferences?: Record<string, unknown>;
  consents?: Record<string, unknown>[];
  accessLog?: Record<string, unknown>[];
};

async function download(client: TestClient): Promise<{ res: Response; file: ExportFile }> {
  const res = await client.get('/api/users/me/export');
  expect(res.status).toBe(200);
  const file = (await res.json()) as ExportFile;
  expect(dataExportSchema.safeParse(file).success).toBe(true);
  return { res, file };
}

async function createAdmin() {
  const [admin] = await server.database.db
    .insert(users)
    .values({
      type: 'ADMIN',
      name: 'Ada Admin',
      email: `ada.${Date.now()}.${Math.random().toString(36).slice(2)}@exempel.se`,
      onboardingStep: 'ONBOARDING_COMPLETED',
    })
    .returning();
  return admin!;
}

/** A client and a therapist with a match and a confirmed booking, answers on both sides. */
async function pair() {
  const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL, name: 'Klara Klient' });
  const provider = await createProvider(server, {
    answers: PROVIDER_ANSWERS_ALL,
    name: 'Tora Terapeut',
    phoneNumber: '0701112233',
  });
  const match = await createMatch(
    server,
    { clientId: client.id, providerId: provider.id },
    { overlaps: { language: ['sv'] } },
  );
  const booking = await createBooking(server, match.id, {
    status: 'CONFIRMED',
    messageFromProvider: 'Välkommen, ring på porten.',
  });
  return { client, provider, match, booking };
}

describe('GET /api/users/me/export', () => {
  it('is clean JSON: arrays as arrays, every time ISO 8601; with the audit rows about the person, the active sessions without their ids, and the matching data', async () => {
    const { client, booking } = await pair();
    const db = server.database.db;
    const admin = await createAdmin();
    await appendAudit(db, {
      actorId: admin.id,
      targetUserId: client.id,
      action: 'PROVIDER_VIEWED',
      requestId: 'req-1',
    });
    // Someone else's audit row is not in the file.
    await appendAudit(db, {
      actorId: admin.id,
      targetUserId: admin.id,
      action: 'SSN_READ',
      requestId: 'req-2',
    });
    const http = new TestClient(server.baseUrl);
    const signedIn = await createSessionCookie(server, client);
    http.setCookie(signedIn.name, signedIn.value);
    // An ended session (another version) is not active.
    await db.execute(sql`
      insert into session (sid, sess, expire)
      select 'ended-' || md5(random()::text), jsonb_set(sess::jsonb, '{sessionVersion}', '99')::json, expire
      from session where sid = ${signedIn.sid}
    `);

    const res = await http.get('/api/users/me/export');
    expect(res.status).toBe(200);
    const raw = await res.text();
    const file = JSON.parse(raw) as ExportFile & {
      auditLog: Record<string, unknown>[];
      sessions: Record<string, unknown>[];
      matchingData: { perQuestion: { questionKey: string; matchesOn: unknown }[] };
    };

    // Every time anywhere in the file is ISO 8601 in UTC; no Postgres array literal is left.
    const strings: [string, string][] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'string') strings.push([path, value]);
      else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
    };
    walk(file, '');
    const times = strings.filter(([, v]) => /^\d{4}-\d{2}-\d{2}[ T]\d/.test(v));
    expect(times.length).toBeGreaterThan(10);
    for (const [path, v] of times) {
      expect(v, path).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect(strings.filter(([, v]) => v.startsWith('{')).map(([p]) => p)).toEqual([]);

    const [bookingEntry] = file.bookings!;
    expect(bookingEntry!.suggestedTimes).toEqual(
      [...booking.suggestedTimes].map((t) => t.toISOString()).sort(),
    );
    expect(bookingEntry!.confirmedTime).toBe(booking.confirmedTime!.toISOString());
    expect(bookingEntry!.meetingFormat).toBe(booking.meetingFormat);

    expect(file.auditLog).toEqual([
      {
        at: expect.any(String),
        action: 'PROVIDER_VIEWED',
        what: 'Visade uppgifterna',
        actor: { kind: 'PERSON', role: 'ADMIN', name: 'Ada Admin' },
        details: {},
      },
    ]);
    expect(file.sessions).toEqual([
      { createdAt: expect.any(String), lastSeenAt: expect.any(String) },
    ]);
    expect(raw).not.toContain(signedIn.sid);

    const language = file.matchingData.perQuestion.find((q) => q.questionKey === 'language');
    expect(language?.matchesOn).toEqual(['sv']);
  });

  it('answers 401 without a session', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/users/me/export');
    expect(res.status).toBe(401);
  });

  it("gives a client a JSON attachment with the account, answers with their questions, matches, bookings and mails, and never the therapist's answers or personnummer", async () => {
    const { client, provider, match, booking } = await pair();
    const db = server.database.db;
    // The factory records the consent with the answers; the insert is a no-op then.
    await db
      .insert(consents)
      .values({ userId: client.id, kind: 'QUESTIONNAIRE', version: 1 })
      .onConflictDoNothing();
    await db.insert(accessLog).values({
      subjectId: client.id,
      readerId: provider.id,
      readerRole: 'PROVIDER',
      kind: 'CLIENT_ANSWERS',
      stockholmDay: '2026-11-20',
    });
    await db
      .update(users)
      .set({ discreetMail: false, discreetMailChangedAt: new Date(), discreetMailDialogVersion: 1 })
      .where(eq(users.id, client.id));
    await enqueueMail(server.database.db, {
      to: client.email!,
      subject: 'Bokningen är bekräftad',
      text: 'Hemlig text i brödtexten',
      html: '<p>Hemlig text i brödtexten</p>',
    });
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, client);

    const { res, file } = await download(http);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?samtalsmatch-mina-uppgifter-\d{4}-\d{2}-\d{2}\.json"?$/,
    );
    expect(file.format).toBe(DATA_EXPORT_FORMAT);
    expect(file.account).toMatchObject({
      id: client.id,
      type: 'CLIENT',
      name: 'Klara Klient',
      email: client.email,
      hasPassword: true,
    });
    expect(Object.keys(file).sort()).toEqual(
      [
        'accessLog',
        'account',
        'answerDraft',
        'answers',
        'auditLog',
        'bookings',
        'calendarFeed',
        'consents',
        'exportedAt',
        'fitChecks',
        'format',
        'mails',
        'matchAlert',
        'matches',
        'matchingData',
        'preferences',
        'sessions',
        'videoEvents',
      ].sort(),
    );

    // Answers with the question as the client was asked it, and the option labels.
    expect(file.answers!.length).toBe(Object.keys(CLIENT_ANSWERS_ALL).length);
    const language = file.answers!.find((a) => a.questionKey === 'language')!;
    expect(language.question).toMatch(/\S/);
    expect(language.answer.length).toBeGreaterThan(0);

    expect(file.matches).toEqual([
      expect.objectContaining({ id: match.id, therapistName: 'Tora Terapeut', status: 'ACTIVE' }),
    ]);
    expect(file.bookings).toEqual([
      expect.objectContaining({
        id: booking.id,
        status: 'CONFIRMED',
        messageFromProvider: 'Välkommen, ring på porten.',
      }),
    ]);
    expect(file.mails).toEqual([
      expect.objectContaining({ subject: 'Bokningen är bekräftad', status: 'PENDING' }),
    ]);
    expect(file.preferences).toMatchObject({ discreetMail: false, discreetMailDialogVersion: 1 });
    expect(file.consents).toEqual([expect.objectContaining({ kind: 'QUESTIONNAIRE', version: 1 })]);
    expect(file.accessLog).toEqual([
      expect.objectContaining({
        reader: { role: 'PROVIDER', name: 'Tora Terapeut', erased: false },
        kind: 'CLIENT_ANSWERS',
        what: 'Ditt namn och dina svar på frågeformuläret',
      }),
    ]);

    const text = JSON.stringify(file);
    expect(text).not.toContain('Hemlig text');
    expect(text).not.toContain(provider.ssn);
    expect(text).not.toContain(provider.email!);
    expect(text).not.toContain('0701112233');
    expect(text).not.toContain('password_hash');
  });

  it("gives a therapist the profile, image metadata, availability and the received requests with the client's name only, never a client's answers", async () => {
    const { client, provider, booking } = await pair();
    await server.database.db.insert(images).values({
      ownerId: provider.id,
      contentType: 'image/png',
      data: Buffer.from([1, 2, 3]),
      byteSize: 3,
      width: 10,
      height: 12,
    });
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, provider);

    const { file } = await download(http);
    expect(Object.keys(file).sort()).toEqual(
      [
        'accessLog',
        'account',
        'answerDraft',
        'answers',
        'auditLog',
        'availability',
        'consents',
        'matchingData',
        'preferences',
        'sessions',
        'bookings',
        'calendarFeed',
        'exportedAt',
        'format',
        'images',
        'licenceChecks',
        'mails',
        'matches',
        'providerProfile',
        'videoEvents',
      ].sort(),
    );
    expect(file.account).toMatchObject({ id: provider.id, type: 'PROVIDER', bankIdLinked: true });
    // The personnummer is held, but not written into the file (decision 357).
    expect(JSON.stringify(file)).not.toContain(provider.ssn);
    expect(file.providerProfile).toMatchObject({ price: 900, isVerified: true });
    expect(file.images).toEqual([
      expect.objectContaining({ contentType: 'image/png', byteSize: 3, width: 10, height: 12 }),
    ]);
    expect(file.availability).toEqual([expect.objectContaining({ status: 'BOOKED' })]);
    expect(file.answers!.length).toBe(Object.keys(PROVIDER_ANSWERS_ALL).length);
    expect(file.matches).toEqual([
      expect.objectContaining({ clientName: 'Klara Klient', status: 'ACTIVE' }),
    ]);
    expect(file.bookings).toEqual([expect.objectContaining({ id: booking.id })]);

    // No client's answers, score, overlaps, address or e-mail: the name only.
    expect(Object.keys(file.matches![0]!).sort()).toEqual([
      'clientName',
      'createdAt',
      'id',
      'status',
    ]);
    expect(JSON.stringify(file)).not.toContain(client.email!);
  });

  it('gives both sides the series a session belongs to (seriesId), and null for a single booking', async () => {
    const { client, provider, match, booking } = await pair();
    const db = server.database.db;
    const [series] = await db
      .insert(bookingSeries)
      .values({
        matchId: match.id,
        interval: 'WEEKLY',
        endsBefore: new Date(Date.now() + 90 * 86_400_000),
      })
      .returning();
    const session = await createBooking(server, match.id, {
      status: 'CONFIRMED',
      suggestedTimes: [stockholmHour(10, 10)],
    });
    await db.update(bookings).set({ seriesId: series!.id }).where(eq(bookings.id, session.id));

    for (const [side, person] of [
      ['client', client],
      ['therapist', provider],
    ] as const) {
      const http = new TestClient(server.baseUrl);
      await signInAs(server, http, person);
      const { file } = await download(http);
      expect(file.bookings, side).toEqual([
        expect.objectContaining({ id: booking.id, seriesId: null }),
        expect.objectContaining({ id: session.id, seriesId: series!.id }),
      ]);
    }
  });

  it('gives a therapist no recommendation (PENDING match) the therapist never saw', async () => {
    const provider = await createProvider(server);
    const client = await createClient(server, { name: 'Ingen Förfrågan' });
    await createMatch(server, { clientId: client.id, providerId: provider.id });
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, provider);
    const { file } = await download(http);
    expect(file.matches).toEqual([]);
    expect(JSON.stringify(file)).not.toContain('Ingen Förfrågan');
  });

  it('never lists mails sent to the address before the account had it (an address changes hands)', async () => {
    const db = server.database.db;
    const freed = `frigjord.${Date.now()}@exempel.se`;
    const taken = `bytt.${Date.now()}@exempel.se`;
    // Someone else's mails to both addresses, before this account had either.
    for (const to of [freed, taken]) {
      await enqueueMail(db, {
        to,
        subject: 'Ny bokningsförfrågan från Någon Annan',
        text: 'x',
        html: '<p>x</p>',
      });
    }
    await db.execute(sql`update mail_outbox set created_at = now() - interval '1 minute'`);

    // A new registration of the freed address.
    const http = new TestClient(server.baseUrl);
    expect((await registerClient(http, { email: freed })).status).toBe(201);
    expect((await login(http, freed)).status).toBe(200);
    const { file } = await download(http);
    expect(file.mails!.map((m) => m.subject)).toEqual([
      'Bekräfta din e-postadress hos Samtalsmatch',
    ]);

    // An older account that moves to an address with earlier mails.
    const older = await createClient(server);
    await setVerifiedEmail(db, older.id, taken);
    const moved = new TestClient(server.baseUrl);
    await signInAs(server, moved, older);
    expect((await download(moved)).file.mails).toEqual([]);
  });

  it('gives a therapist who is not verified no client names', async () => {
    const provider = await createProvider(server, { verified: false });
    const client = await createClient(server, { name: 'Hemlig Klient' });
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    await createBooking(server, match.id);
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, provider);
    const { file } = await download(http);
    expect(file.matches).toEqual([expect.objectContaining({ id: match.id, clientName: null })]);
    expect(JSON.stringify(file)).not.toContain('Hemlig Klient');
  });

  it('gives an admin the account and the mails', async () => {
    const [admin] = await server.database.db
      .insert(users)
      .values({
        type: 'ADMIN',
        name: 'Ada Admin',
        email: 'ada.export@exempel.se',
        onboardingStep: 'ONBOARDING_COMPLETED',
      })
      .returning();
    const http = new TestClient(server.baseUrl);
    await signInAs(server, http, admin!);
    const { file } = await download(http);
    expect(Object.keys(file).sort()).toEqual([
      'accessLog',
      'account',
      'auditLog',
      'consents',
      'exportedAt',
      'format',
      'mails',
      'preferences',
      'sessions',
    ]);
    expect(file.account).toMatchObject({ type: 'ADMIN', name: 'Ada Admin' });
  });
});

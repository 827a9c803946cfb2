import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { RETENTION } from '@samtalsmatch/contracts';
import { mailOutbox, users } from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import {
  GOOD_PASSWORD,
  lastMailTo,
  mailbox,
  signedInClient,
  tokenFrom,
  uniqueEmail,
} from '../../../test/accounts';
import { createBooking, createMatch, createProvider } from '../../../test/factories';
import { runBookingJobs } from '../../bookings/bookings.jobs';
import { enqueueMail } from '../../mail/outbox';
import { runRetentionRound } from '../retention';

/*
 * A person's mails, whichever address they went to
 * (docs/rules/privacy.md#a-persons-mails, decision 411): the export lists
 * them, the erasure removes them and nothing is queued for the person
 * afterwards, and the retention round removes mails done for 30 days.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { publicUrlIsBaseUrl: true });
});

afterAll(async () => {
  await server.close();
});

type MailEntry = { createdAt: string; sentAt: string | null; to: string; subject: string };

async function exportedMails(http: TestClient): Promise<MailEntry[]> {
  const res = await http.get('/api/users/me/export');
  expect(res.status).toBe(200);
  return ((await res.json()) as { mails: MailEntry[] }).mails;
}

async function outboxRows(userId: string, addresses: string[]) {
  return server.database.db
    .select()
    .from(mailOutbox)
    .where(or(eq(mailOutbox.userId, userId), ...addresses.map((a) => eq(mailOutbox.toAddress, a))));
}

/** A verified client who then moved to a new address by the mailed link. */
async function clientWhoChangedAddress() {
  const http = new TestClient(server.baseUrl);
  const oldEmail = await signedInClient(server, http, { email: uniqueEmail('gammal') });
  const newEmail = uniqueEmail('ny');
  const res = await http.patch('/api/users/email', {
    email: newEmail,
    currentPassword: GOOD_PASSWORD,
  });
  expect(res.status).toBe(202);
  const token = tokenFrom(await lastMailTo(server.baseUrl, newEmail), 'verify-email');
  expect((await new TestClient(server.baseUrl).get(`/api/auth/verify-email/${token}`)).status).toBe(
    200,
  );
  const [user] = await server.database.db.select().from(users).where(eq(users.email, newEmail));
  expect(user).toBeDefined();
  return { http, oldEmail, newEmail, user: user! };
}

describe("a person's mails after an e-mail change", () => {
  it('the export lists the mails to the old address and to the new one, with the address, times in ISO 8601', async () => {
    const { http, oldEmail, newEmail } = await clientWhoChangedAddress();
    const mails = await exportedMails(http);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [oldEmail, 'Bekräfta din e-postadress hos Samtalsmatch'],
      [newEmail, expect.any(String)],
      [oldEmail, 'Din e-postadress hos Samtalsmatch har ändrats'],
    ]);
    for (const m of mails) {
      expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);
    }
    // Never the bodies.
    expect(JSON.stringify(mails)).not.toContain('verify-email');
  });

  it('erasure removes every mail of the person, to either address, and nothing is queued for them afterwards', async () => {
    const { http, oldEmail, newEmail, user } = await clientWhoChangedAddress();
    // A booking ahead with a therapist: the erasure cancels it and mails the therapist only.
    const provider = await createProvider(server);
    const match = await createMatch(server, { clientId: user.id, providerId: provider.id });
    await createBooking(server, match.id, { status: 'CONFIRMED' });
    expect((await outboxRows(user.id, [oldEmail, newEmail])).length).toBeGreaterThanOrEqual(3);

    const res = await http.request('DELETE', '/api/users/me', { currentPassword: GOOD_PASSWORD });
    expect(res.status).toBe(204);
    expect(await outboxRows(user.id, [oldEmail, newEmail])).toEqual([]);
    expect(await mailbox(server.baseUrl, oldEmail)).toEqual([]);
    expect(await mailbox(server.baseUrl, newEmail)).toEqual([]);
    // The therapist was told.
    expect((await mailbox(server.baseUrl, provider.email!)).length).toBeGreaterThan(0);

    // The jobs that queue mails find nothing for them, and a mail meant for
    // the erased account is not queued.
    await runBookingJobs(server.database.db, server.config);
    await runRetentionRound(server.database.db, server.config);
    const refused = await enqueueMail(
      server.database.db,
      { to: oldEmail, subject: 'Test', text: 'x', html: '<p>x</p>' },
      user.id,
    );
    expect(refused).toBeUndefined();
    expect(await outboxRows(user.id, [oldEmail, newEmail])).toEqual([]);
  });
});

describe('the retention round and the outbox', () => {
  it(`removes mails sent or failed more than ${RETENTION.sentMailDays} days ago; keeps newer ones and those still pending`, async () => {
    const db = server.database.db;
    const to = uniqueEmail('gallring');
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    // Written whole, so the outbox worker never holds one of them.
    await db.insert(mailOutbox).values(
      (
        [
          ['gammal skickad', 'SENT', daysAgo(31), daysAgo(31)],
          ['gammal misslyckad', 'FAILED', daysAgo(31), null],
          ['ny skickad', 'SENT', daysAgo(29), daysAgo(29)],
          ['gammal väntande', 'PENDING', daysAgo(31), null],
        ] as const
      ).map(([subject, status, createdAt, sentAt]) => ({
        toAddress: to,
        subject,
        text: 'x',
        html: '<p>x</p>',
        status,
        createdAt,
        sentAt,
        nextAttemptAt: new Date(Date.now() + 86_400_000),
      })),
    );

    const result = await runRetentionRound(db, server.config);
    expect(result.oldMailsRemoved).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, to));
    expect(left.map((r) => r.subject).sort()).toEqual(['gammal väntande', 'ny skickad']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERASED_NAME, RETENTION } from '@samtalsmatch/contracts';
import {
  answerDrafts,
  answers,
  createDb,
  matches,
  oneTimeTokens,
  sessions,
  users,
  videoEvents,
} from '@samtalsmatch/db';
import { startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { login, mailbox } from '../../../test/accounts';
import {
  CLIENT_ANSWERS_ALL,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  PROVIDER_ANSWERS_ALL,
  questionIdsByKey,
} from '../../../test/factories';
import { issueToken } from '../../users/one-time-tokens.repository';
import { runRetentionRound } from '../retention';

// The daily retention round (docs/rules/privacy.md#retention).
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const DAY = 24 * 3_600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const monthsAgo = (n: number, plusDays = 0) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - n);
  return new Date(d.getTime() - plusDays * DAY);
};

async function setTimes(id: string, values: Partial<typeof users.$inferInsert>) {
  await server.database.db.update(users).set(values).where(eq(users.id, id));
}

async function userRow(id: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function answerCount(id: string) {
  const rows = await server.database.db.select().from(answers).where(eq(answers.userId, id));
  return rows.length;
}

describe('the retention round', () => {
  it('reminds, erases and empties exactly once when two processes run it at the same time, and never touches a therapist waiting for review', async () => {
    const db = server.database.db;
    // Unverified registrations.
    const remindNow = await createClient(server, { emailVerified: false });
    await setTimes(remindNow.id, { createdAt: daysAgo(24) });
    const tooYoung = await createClient(server, { emailVerified: false });
    await setTimes(tooYoung.id, { createdAt: daysAgo(20) });
    const eraseNow = await createClient(server, {
      emailVerified: false,
      answers: CLIENT_ANSWERS_ALL,
    });
    await setTimes(eraseNow.id, { createdAt: daysAgo(31), unverifiedReminderAt: daysAgo(8) });
    const neverReminded = await createClient(server, { emailVerified: false });
    await setTimes(neverReminded.id, { createdAt: daysAgo(40) });

    // A therapist waiting for review, old and silent in every way.
    const waiting = await createProvider(server, {
      verified: false,
      emailVerified: false,
      answers: PROVIDER_ANSWERS_ALL,
    });
    await setTimes(waiting.id, { createdAt: daysAgo(900), lastSignInAt: daysAgo(900) });

    // Inactive clients with answers.
    const noticeNow = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    await setTimes(noticeNow.id, { lastSignInAt: monthsAgo(24, -20) });
    const emptyNow = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    await setTimes(emptyNow.id, {
      lastSignInAt: monthsAgo(25),
      inactivityNoticeAt: daysAgo(31),
    });
    const provider = await createProvider(server);
    const other = await createProvider(server);
    const recommendation = await createMatch(server, {
      clientId: emptyNow.id,
      providerId: provider.id,
    });
    const request = await createMatch(server, { clientId: emptyNow.id, providerId: other.id });
    await createBooking(server, request.id, { status: 'COMPLETED', holdSlots: false });
    // Told before an earlier sign-in: that notice does not count, a new one is sent.
    const toldBefore = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    await setTimes(toldBefore.id, {
      lastSignInAt: monthsAgo(25),
      inactivityNoticeAt: monthsAgo(26),
    });

    // Spent links and ended sessions.
    const tokenOwner = await createClient(server);
    await issueToken(db, tokenOwner.id, 'PASSWORD_RESET');
    await db
      .update(oneTimeTokens)
      .set({ usedAt: daysAgo(8) })
      .where(eq(oneTimeTokens.userId, tokenOwner.id));
    await issueToken(db, tokenOwner.id, 'EMAIL_VERIFICATION');
    await db.insert(sessions).values({
      sid: 'ended-session-retention-test',
      sess: { cookie: {} },
      expire: daysAgo(1),
    });

    // Two API processes, each with its own pool, run the round at the same moment.
    const second = createDb(server.config.databaseUrl!, { max: 3 });
    const now = new Date();
    try {
      const [a, b] = await Promise.all([
        runRetentionRound(db, server.config, now),
        runRetentionRound(second.db, server.config, now),
      ]);
      expect(a.unverifiedReminded + b.unverifiedReminded).toBe(2);
      expect(a.unverifiedErased + b.unverifiedErased).toBe(1);
      expect(a.inactiveNoticed + b.inactiveNoticed).toBe(2);
      expect(a.inactiveAnswersRemoved + b.inactiveAnswersRemoved).toBe(1);
    } finally {
      await second.close();
    }

    // Reminders: one each, discreet, with the removal date in Stockholm time and a sign-in link.
    for (const u of [remindNow, neverReminded]) {
      const mails = await mailbox(server.baseUrl, u.email!);
      expect(mails.map((m) => m.subject)).toEqual(['Bekräfta din e-postadress hos Samtalsmatch']);
      expect(mails[0]!.text).toContain('(svensk tid)');
      expect(mails[0]!.text).not.toContain(u.name);
      expect(mails[0]!.links).toContain(`${server.config.publicUrl}/auth`);
      expect((await userRow(u.id)).erasedAt).toBeNull();
    }
    expect(await mailbox(server.baseUrl, tooYoung.email!)).toEqual([]);

    // The unverified registration past 30 days, reminded a week ago, is erased.
    const erased = await userRow(eraseNow.id);
    expect(erased).toMatchObject({ name: ERASED_NAME.CLIENT, email: null });
    expect(erased.erasedAt).not.toBeNull();
    expect(await answerCount(eraseNow.id)).toBe(0);

    // The therapist waiting for review is untouched.
    const stillWaiting = await userRow(waiting.id);
    expect(stillWaiting.erasedAt).toBeNull();
    expect(stillWaiting.email).toBe(waiting.email);
    expect(await answerCount(waiting.id)).toBeGreaterThan(0);
    expect(await mailbox(server.baseUrl, waiting.email!)).toEqual([]);

    // Inactivity: a notice a month before; then the answers and recommendations go.
    for (const u of [noticeNow, toldBefore]) {
      const mails = await mailbox(server.baseUrl, u.email!);
      expect(mails.map((m) => m.subject)).toEqual([
        'Logga in för att behålla dina uppgifter hos Samtalsmatch',
      ]);
      expect(mails[0]!.text).toContain('(svensk tid)');
      expect(await answerCount(u.id)).toBeGreaterThan(0);
    }
    expect(await answerCount(emptyNow.id)).toBe(0);
    const left = await db.select().from(matches).where(eq(matches.clientId, emptyNow.id));
    expect(left.map((m) => m.id)).toEqual([request.id]);
    expect(left.map((m) => m.id)).not.toContain(recommendation.id);
    expect((await userRow(emptyNow.id)).erasedAt).toBeNull();

    // Spent links older than 7 days and ended sessions are gone; a live link stays.
    const tokens = await db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, tokenOwner.id));
    expect(tokens.map((t) => t.purpose)).toEqual(['EMAIL_VERIFICATION']);
    expect(
      await db.select().from(sessions).where(eq(sessions.sid, 'ended-session-retention-test')),
    ).toEqual([]);

    // Run again: nothing new is mailed or removed.
    const again = await runRetentionRound(db, server.config, now);
    expect(again).toMatchObject({
      unverifiedReminded: 0,
      unverifiedErased: 0,
      inactiveNoticed: 0,
      inactiveAnswersRemoved: 0,
    });
    expect(await mailbox(server.baseUrl, remindNow.email!)).toHaveLength(1);
    expect(await mailbox(server.baseUrl, noticeNow.email!)).toHaveLength(1);
  });

  it('counts inactivity from the last sign-in, which a sign-in moves', async () => {
    const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    await setTimes(client.id, { lastSignInAt: monthsAgo(30), inactivityNoticeAt: daysAgo(40) });
    expect((await login(new TestClient(server.baseUrl), client.email!)).status).toBe(200);
    const row = await userRow(client.id);
    expect(row.lastSignInAt.getTime()).toBeGreaterThan(Date.now() - DAY);
    await runRetentionRound(server.database.db, server.config);
    expect(await answerCount(client.id)).toBeGreaterThan(0);
    expect(await mailbox(server.baseUrl, client.email!)).toEqual([]);
  });

  it('takes the unfinished answers (the draft) with the answers; a draft alone counts as answers held', async () => {
    const db = server.database.db;
    const ids = await questionIdsByKey(db);
    const addDraft = (userId: string) =>
      db.insert(answerDrafts).values({ userId, questionId: ids.get('age')!, value: ['25-34'] });
    const draftCount = async (userId: string) =>
      (await db.select().from(answerDrafts).where(eq(answerDrafts.userId, userId))).length;

    // Only a draft, 24 months less 20 days away: told, as a client with answers is.
    const draftToTell = await createClient(server, { consent: true });
    await addDraft(draftToTell.id);
    await setTimes(draftToTell.id, { lastSignInAt: monthsAgo(24, -20) });
    // Told a month ago and still away after 24 months: answers and draft go.
    const withBoth = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    await addDraft(withBoth.id);
    await setTimes(withBoth.id, { lastSignInAt: monthsAgo(25), inactivityNoticeAt: daysAgo(31) });
    const draftOnly = await createClient(server, { consent: true });
    await addDraft(draftOnly.id);
    await setTimes(draftOnly.id, { lastSignInAt: monthsAgo(25), inactivityNoticeAt: daysAgo(31) });

    await runRetentionRound(db, server.config, new Date());

    const told = await mailbox(server.baseUrl, draftToTell.email!);
    expect(told.map((m) => m.subject)).toEqual([
      'Logga in för att behålla dina uppgifter hos Samtalsmatch',
    ]);
    expect(await draftCount(draftToTell.id)).toBe(1);
    expect(await answerCount(withBoth.id)).toBe(0);
    expect(await draftCount(withBoth.id)).toBe(0);
    expect(await draftCount(draftOnly.id)).toBe(0);
    expect((await userRow(draftOnly.id)).erasedAt).toBeNull();
  });
});

describe('the retention round and the video rooms', () => {
  it(`removes who entered or left a room more than ${RETENTION.videoEventDays} days ago, and keeps newer entries`, async () => {
    const db = server.database.db;
    const client = await createClient(server);
    const provider = await createProvider(server);
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    const booking = await createBooking(server, match.id, {
      status: 'COMPLETED',
      meetingFormat: 'VIDEO',
    });
    await db.insert(videoEvents).values([
      { bookingId: booking.id, userId: client.id, kind: 'JOINED', at: daysAgo(91) },
      { bookingId: booking.id, userId: provider.id, kind: 'ADMITTED', at: daysAgo(91) },
      { bookingId: booking.id, userId: client.id, kind: 'LEFT', at: daysAgo(89) },
    ]);

    const result = await runRetentionRound(db, server.config);
    expect(result.videoEventsRemoved).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ kind: videoEvents.kind })
      .from(videoEvents)
      .where(eq(videoEvents.bookingId, booking.id));
    expect(left).toEqual([{ kind: 'LEFT' }]);
  });
});

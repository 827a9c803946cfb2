/*
 * The match alert round over HTTP against a real Postgres, every mail read
 * back at a real SMTP server (docs/rules/matching.md#the-match-alert-round):
 * a therapist who becomes a candidate reaches a client with the wish on in
 * the next round, with one discreet mail, one in seven days, once even when
 * two rounds run at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { Match } from '@samtalsmatch/contracts';
import { createDb, type DbHandle } from '@samtalsmatch/db';
import {
  CLIENT_ANSWERS_ALL,
  createClient,
  createProvider,
  FACTORY_PASSWORD,
  PROVIDER_ANSWERS_ALL,
  setVerified,
} from '../../../test/factories';
import { signedInClient, startTestServer, type TestServer } from '../../../test/harness';
import { startMailCapture, type MailCapture } from '../../../test/mail-capture';
import { receivedOnceSent } from '../../../test/outbox';
import { runMatchAlertRound } from '../match-alert.round';

const SUBJECT = 'Nya terapeuter som passar dig';
const MINUTE = 60_000;
const DAY = 24 * 3_600_000;

let server: TestServer;
let mailbox: MailCapture | undefined;

beforeAll(async () => {
  server = await startTestServer();
  mailbox = await startMailCapture(server.database.db);
});

afterAll(async () => {
  await mailbox?.close();
  await server?.close();
});

const db = () => server.database.db;

/** The alert's mails to `to`, once the outbox has sent all it holds for it. */
function alertMailsTo(to: string): Promise<ParsedMail[]> {
  return receivedOnceSent(server.database.pool, mailbox!, to, SUBJECT);
}

/**
 * A therapist nobody recommends yet: verified with answers that fit
 * CLIENT_ANSWERS_ALL and three bookable times ten days ahead (still
 * bookable from a round seven days later).
 */
function newTherapist(overrides: Parameters<typeof createProvider>[1] = {}) {
  return createProvider(server, {
    answers: PROVIDER_ANSWERS_ALL,
    slots: [9, 10, 11].map((hour) => ({ daysAhead: 10, hour })),
    ...overrides,
  });
}

/** A client with answers and the wish on, as the dashboard sets it. */
async function waitingClient(answers = CLIENT_ANSWERS_ALL) {
  const client = await createClient(server, { answers });
  const http = await signedInClient(server, client);
  expect((await http.request('PUT', '/api/users/me/match-alert', { enabled: true })).status).toBe(
    200,
  );
  return { client, http };
}

async function recommendedIds(http: Awaited<ReturnType<typeof signedInClient>>) {
  const res = await http.get('/api/matches');
  expect(res.status).toBe(200);
  return ((await res.json()) as Match[])
    .filter((m) => m.status === 'PENDING')
    .map((m) => m.providerId);
}

async function mailedAt(clientId: string): Promise<Date | null> {
  const { rows } = await db().execute<{ mailed_at: Date | null }>(
    sql`select mailed_at from match_alerts where user_id = ${clientId}::uuid`,
  );
  return rows[0]?.mailed_at ?? null;
}

describe('the match alert round', () => {
  it('gives a waiting client the new therapist in the next round, with one discreet mail that names nobody', async () => {
    const { client, http } = await waitingClient();
    await runMatchAlertRound(db(), server.config, new Date());
    expect(await alertMailsTo(client.email!)).toHaveLength(0);

    const therapist = await newTherapist();
    const now = new Date(Date.now() + MINUTE);
    await runMatchAlertRound(db(), server.config, now);

    expect(await recommendedIds(http)).toContain(therapist.id);
    const mails = await alertMailsTo(client.email!);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain('Det finns nya terapeuter som passar dina svar.');
    expect(mail.text).toContain(`${server.config.publicUrl}/dashboard`);
    expect(mail.text).not.toContain(therapist.name);
    expect(mail.html || '').not.toContain(therapist.name);
    expect(mail.text).not.toContain('Psykolog');

    // The next rounds find nothing new: no second mail.
    await runMatchAlertRound(db(), server.config, new Date(now.getTime() + MINUTE));
    await runMatchAlertRound(db(), server.config, new Date(now.getTime() + 2 * MINUTE));
    expect(await alertMailsTo(client.email!)).toHaveLength(1);
  });

  it('sends at most one mail in seven days; the list gains each new therapist all the same', async () => {
    const { client, http } = await waitingClient();
    const start = new Date(Date.now() + MINUTE);
    const first = await newTherapist();
    await runMatchAlertRound(db(), server.config, start);
    expect(await alertMailsTo(client.email!)).toHaveLength(1);
    expect(new Date((await mailedAt(client.id))!).getTime()).toBe(start.getTime());

    // A day later another fits: the list gains them, no mail.
    const second = await newTherapist();
    await runMatchAlertRound(db(), server.config, new Date(start.getTime() + DAY));
    expect(await recommendedIds(http)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await alertMailsTo(client.email!)).toHaveLength(1);

    // A minute short of seven days: still none (the exact bound is the contracts rule's unit test).
    const third = await newTherapist();
    await runMatchAlertRound(db(), server.config, new Date(start.getTime() + 7 * DAY - MINUTE));
    expect(await recommendedIds(http)).toContain(third.id);
    expect(await alertMailsTo(client.email!)).toHaveLength(1);

    // Seven days after the first mail, a new one may go.
    const fourth = await newTherapist();
    await runMatchAlertRound(db(), server.config, new Date(start.getTime() + 7 * DAY));
    expect(await recommendedIds(http)).toContain(fourth.id);
    expect(await alertMailsTo(client.email!)).toHaveLength(2);
  });

  it('waits for a therapist to become a candidate: not verified, then verified', async () => {
    const { client, http } = await waitingClient();
    // The list may be full already of the tests above's therapists, as good and bookable on
    // day 10: a day sooner ranks this one first once verified, not the order of random ids.
    const therapist = await newTherapist({
      verified: false,
      slots: [9, 10, 11].map((hour) => ({ daysAhead: 9, hour })),
    });
    const now = Date.now() + MINUTE;
    await runMatchAlertRound(db(), server.config, new Date(now));
    expect(await recommendedIds(http)).not.toContain(therapist.id);

    await setVerified(server, therapist.id, true);
    await runMatchAlertRound(db(), server.config, new Date(now + MINUTE));
    expect(await recommendedIds(http)).toContain(therapist.id);
    expect(await alertMailsTo(client.email!)).toHaveLength(1);
  });

  it('never brings a therapist excluded by a very important answer, nor mails about one', async () => {
    // Finnish, very important: every therapist made so far speaks Swedish and English only.
    const { client, http } = await waitingClient({
      ...CLIENT_ANSWERS_ALL,
      language: { value: ['fi'], importance: 3 },
    });
    const excluded = await newTherapist();
    const now = Date.now() + MINUTE;
    await runMatchAlertRound(db(), server.config, new Date(now));
    expect(await recommendedIds(http)).toEqual([]);
    expect(await alertMailsTo(client.email!)).toHaveLength(0);

    const finnish = await newTherapist({ answers: { ...PROVIDER_ANSWERS_ALL, language: ['fi'] } });
    await runMatchAlertRound(db(), server.config, new Date(now + MINUTE));
    expect(await recommendedIds(http)).toEqual([finnish.id]);
    expect(await recommendedIds(http)).not.toContain(excluded.id);
    expect(await alertMailsTo(client.email!)).toHaveLength(1);
  });

  it('looks at the other clients when the look at one client fails, and that one waits behind them', async () => {
    const failing = await waitingClient();
    const other = await waitingClient();
    // The failing client is first in line (never looked at); the other has waited a while.
    await db().execute(
      sql`update match_alerts set checked_at = null where user_id = ${failing.client.id}::uuid`,
    );
    await db().execute(
      sql`update match_alerts set checked_at = now() - interval '1 hour' where user_id = ${other.client.id}::uuid`,
    );
    // Writing the failing client's recommendations fails, as a bad row or a lost race would.
    await db().execute(
      sql.raw(`
      create function fail_look() returns trigger language plpgsql as $$
      begin
        if new.client_id = '${failing.client.id}'::uuid then raise exception 'a failing look'; end if;
        return new;
      end $$;
      create trigger fail_look before insert on matches for each row execute function fail_look();
    `),
    );
    try {
      await newTherapist();
      const now = new Date(Date.now() + MINUTE);
      const result = await runMatchAlertRound(db(), server.config, now);

      expect(result.failures).toHaveLength(1);
      const { rows } = await db().execute<{ user_id: string; checked_at: Date }>(
        sql`select user_id, checked_at from match_alerts
            where user_id in (${failing.client.id}::uuid, ${other.client.id}::uuid)`,
      );
      // Both were looked at in this round: the failing one no longer stands first in line.
      for (const row of rows) expect(new Date(row.checked_at).getTime()).toBe(now.getTime());
      expect(await alertMailsTo(other.client.email!)).toHaveLength(1);
      expect(await alertMailsTo(failing.client.email!)).toHaveLength(0);
    } finally {
      await db().execute(sql.raw('drop trigger fail_look on matches; drop function fail_look();'));
    }
  });

  it('leaves a client without the wish alone: no look, no mail', async () => {
    const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    await newTherapist();
    await runMatchAlertRound(db(), server.config, new Date(Date.now() + MINUTE));
    expect(await alertMailsTo(client.email!)).toHaveLength(0);
    const { rows } = await db().execute(
      sql`select 1 from matches where client_id = ${client.id}::uuid`,
    );
    expect(rows).toHaveLength(0);
  });

  it('mails each waiting client once when two processes run the round at the same moment', async () => {
    const waiting = await Promise.all(Array.from({ length: 12 }, () => waitingClient()));
    await newTherapist();
    // Two processes: two pools of their own on the one database, each
    // running the round with the same clock, at once and several times.
    const other: DbHandle = createDb(server.config.databaseUrl!, { max: 3 });
    try {
      const now = new Date(Date.now() + 2 * MINUTE);
      const { rows } = await server.database.pool.query<{ n: number }>(
        `select count(*)::int as n from match_alerts where checked_at is null or checked_at <= $1`,
        [new Date(now.getTime() - MINUTE / 2)],
      );
      const results = await Promise.all([
        runMatchAlertRound(db(), server.config, now),
        runMatchAlertRound(other.db, server.config, now),
        runMatchAlertRound(db(), server.config, now),
        runMatchAlertRound(other.db, server.config, now),
      ]);
      // Every client whose turn it was was looked at once, by one of them.
      expect(results.reduce((n, r) => n + r.looked, 0)).toBe(rows[0]!.n);
    } finally {
      await other.close();
    }
    for (const { client } of waiting) {
      expect(await alertMailsTo(client.email!)).toHaveLength(1);
    }
  });
});

describe('the wish is personal data', () => {
  it('is in the export, and goes with an erased account', async () => {
    const { client, http } = await waitingClient();
    await newTherapist();
    await runMatchAlertRound(db(), server.config, new Date(Date.now() + MINUTE));
    const exported = (await (await http.get('/api/users/me/export')).json()) as {
      matchAlert: { enabledAt: string; mailedAt: string | null } | null;
    };
    expect(exported.matchAlert).toEqual(
      expect.objectContaining({ enabledAt: expect.any(String), mailedAt: expect.any(String) }),
    );
    const erased = await http.request('DELETE', '/api/users/me', {
      currentPassword: FACTORY_PASSWORD,
    });
    expect(erased.status).toBeLessThan(300);
    const { rows } = await db().execute(
      sql`select 1 from match_alerts where user_id = ${client.id}::uuid`,
    );
    expect(rows).toHaveLength(0);
  });
});

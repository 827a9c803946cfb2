import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Match, ProviderMatch } from '@samtalsmatch/contracts';
import {
  CLIENT_ANSWERS_ALL,
  createBooking,
  createClient,
  createMatch,
  createProvider,
  PROVIDER_ANSWERS_ALL,
  stockholmHour,
} from '../../../test/factories';
import { signedInClient, startTestServer, type TestServer } from '../../../test/harness';

/*
 * The fit check after a first session (docs/rules/matching.md#fit-check)
 * and the switch of therapist (docs/rules/matching.md#switching-therapist).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const ANSWERS = { heard: 3, goals: 2, approach: 1, continue: 1, shareWithTherapist: false };
const slots = (daysAhead: number) => [9, 10, 11].map((hour) => ({ daysAhead, hour }));

/** A client with answers, an ACTIVE match with a therapist, and that match's bookings. */
async function course(bookings: ('COMPLETED' | 'CONFIRMED')[] = ['COMPLETED']) {
  const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
  const provider = await createProvider(server, {
    answers: PROVIDER_ANSWERS_ALL,
    slots: slots(4),
  });
  const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
  for (const status of bookings) {
    const past = status === 'COMPLETED';
    await createBooking(server, match.id, {
      status,
      suggestedTimes: [stockholmHour(past ? -3 : 6, 10)],
    });
  }
  return {
    client,
    provider,
    match,
    asClient: await signedInClient(server, client),
    asProvider: await signedInClient(server, provider),
  };
}

async function readMatch(http: Awaited<ReturnType<typeof signedInClient>>, id: string) {
  const res = await http.get(`/api/matches/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Match & ProviderMatch;
}

describe('the fit check', () => {
  it('is due after the first completed session, until answered; answers 201 once, then 409', async () => {
    const { match, asClient } = await course();
    expect((await readMatch(asClient, match.id)).fitCheckDue).toBe(true);
    const listed = (await (await asClient.get('/api/matches')).json()) as Match[];
    expect(listed.find((m) => m.id === match.id)?.fitCheckDue).toBe(true);

    const answered = await asClient.post(`/api/matches/${match.id}/fit-check`, ANSWERS);
    expect(answered.status, await answered.clone().text()).toBe(201);
    expect(await answered.json()).toMatchObject({ continue: 1, offerSwitch: true });
    expect((await readMatch(asClient, match.id)).fitCheckDue).toBe(false);

    const again = await asClient.post(`/api/matches/${match.id}/fit-check`, {
      ...ANSWERS,
      continue: 4,
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('FIT_CHECK_ANSWERED');
  });

  it('is 409 before the first completed session, 404 for someone else’s match, 403 for a therapist, 400 for bad answers', async () => {
    const early = await course(['CONFIRMED']);
    expect((await readMatch(early.asClient, early.match.id)).fitCheckDue).toBe(false);
    const tooEarly = await early.asClient.post(`/api/matches/${early.match.id}/fit-check`, ANSWERS);
    expect(tooEarly.status).toBe(409);
    expect(((await tooEarly.json()) as { code: string }).code).toBe('FIT_CHECK_NOT_DUE');

    const { match, asProvider } = await course();
    const stranger = await signedInClient(server, await createClient(server));
    expect((await stranger.post(`/api/matches/${match.id}/fit-check`, ANSWERS)).status).toBe(404);
    expect((await asProvider.post(`/api/matches/${match.id}/fit-check`, ANSWERS)).status).toBe(403);
    const own = await signedInClient(
      server,
      (
        await server.database.db.execute<{ id: string; session_version: number }>(
          sql`select id, session_version from users where id = ${match.clientId}`,
        )
      ).rows.map((r) => ({ id: r.id, sessionVersion: r.session_version }))[0]!,
    );
    const bad = await own.post(`/api/matches/${match.id}/fit-check`, { ...ANSWERS, heard: 5 });
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors,
    ).toHaveProperty('heard');
    const noCsrf = await own.post(`/api/matches/${match.id}/fit-check`, ANSWERS, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect((await readMatch(own, match.id)).fitCheckDue).toBe(true);
  });

  it('"Inte nu" dismisses it (204), and it is no longer due', async () => {
    const { match, asClient } = await course();
    const dismissed = await asClient.post(`/api/matches/${match.id}/fit-check/dismiss`, {});
    expect(dismissed.status).toBe(204);
    expect((await readMatch(asClient, match.id)).fitCheckDue).toBe(false);
  });

  it('the therapist reads the answers only when shared, and that read is in the client’s access log', async () => {
    const hidden = await course();
    await hidden.asClient.post(`/api/matches/${hidden.match.id}/fit-check`, ANSWERS);
    expect((await readMatch(hidden.asProvider, hidden.match.id)).fitCheck).toBeNull();

    const shared = await course();
    await shared.asClient.post(`/api/matches/${shared.match.id}/fit-check`, {
      ...ANSWERS,
      shareWithTherapist: true,
    });
    const read = await readMatch(shared.asProvider, shared.match.id);
    expect(read.fitCheck).toMatchObject({ heard: 3, goals: 2, approach: 1, continue: 1 });
    const log = (await (await shared.asClient.get('/api/users/me/access-log')).json()) as {
      kind: string;
    }[];
    expect(log.map((e) => e.kind)).toContain('FIT_CHECK');
  });
});

describe('switching therapist', () => {
  it('ends the match, excludes the therapist, answers the new list; the bookings and the therapist’s view stay; undo brings it back', async () => {
    const { client, provider, match, asClient, asProvider } = await course([
      'COMPLETED',
      'CONFIRMED',
    ]);
    await createProvider(server, { answers: PROVIDER_ANSWERS_ALL, slots: slots(5) });

    const switched = await asClient.post(`/api/matches/${match.id}/switch`, {});
    expect(switched.status, await switched.clone().text()).toBe(200);
    const recommended = (await switched.json()) as Match[];
    expect(recommended.every((m) => m.status === 'PENDING')).toBe(true);
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.map((m) => m.providerId)).not.toContain(provider.id);

    const mine = await readMatch(asClient, match.id);
    expect(mine.status).toBe('ENDED');
    expect(mine.endedAt).toBeTruthy();
    expect(mine.bookings.map((b) => b.status)).toEqual(['COMPLETED', 'CONFIRMED']);
    // The therapist learns nothing: the match reads as before.
    expect((await readMatch(asProvider, match.id)).status).toBe('ACTIVE');
    const theirs = (await (await asProvider.get('/api/matches')).json()) as {
      id: string;
      status: string;
    }[];
    expect(theirs.find((m) => m.id === match.id)?.status).toBe('ACTIVE');

    // A recompute keeps the therapist out.
    const potential = (await (await asClient.get('/api/matches/potential')).json()) as Match[];
    expect(potential.filter((m) => m.providerId === provider.id).map((m) => m.status)).toEqual([
      'ENDED',
    ]);
    const twice = await asClient.post(`/api/matches/${match.id}/switch`, {});
    expect(twice.status).toBe(409);
    expect((await asProvider.post(`/api/matches/${match.id}/switch`, {})).status).toBe(403);
    const stranger = await signedInClient(server, await createClient(server));
    expect((await stranger.post(`/api/matches/${match.id}/switch`, {})).status).toBe(404);
    // No new request to a therapist the client left.
    const ask = await asClient.post('/api/bookings', {
      matchId: match.id,
      suggestedTimes: [9, 10, 11].map((h) => stockholmHour(4, h).toISOString()),
    });
    expect(ask.status).toBe(409);

    const undone = await asClient.delete(`/api/matches/${match.id}/switch`);
    expect(undone.status, await undone.clone().text()).toBe(200);
    const back = (await undone.json()) as Match;
    expect(back.status).toBe('ACTIVE');
    expect(back.endedAt).toBeNull();
    expect(back.bookings.map((b) => b.status)).toEqual(['COMPLETED', 'CONFIRMED']);
    expect((await asClient.delete(`/api/matches/${match.id}/switch`)).status).toBe(409);
    expect(client.id).toBe(back.clientId);
  });

  it('refuses a recommendation (PENDING): only an ongoing process can be switched', async () => {
    const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    const provider = await createProvider(server, {
      answers: PROVIDER_ANSWERS_ALL,
      slots: slots(4),
    });
    const match = await createMatch(server, { clientId: client.id, providerId: provider.id });
    const http = await signedInClient(server, client);
    const res = await http.post(`/api/matches/${match.id}/switch`, {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('MATCH_NOT_ACTIVE');
  });
});

describe('the standing wish for new matches', () => {
  it('is off, turned on and off by the client (CSRF as every change), 403 for a therapist, 400 for bad input', async () => {
    const client = await createClient(server, { answers: CLIENT_ANSWERS_ALL });
    const http = await signedInClient(server, client);
    const read = async () =>
      (await (await http.get('/api/users/me/match-alert')).json()) as unknown;
    expect(await read()).toEqual({ enabled: false });
    expect(
      (await http.request('PUT', '/api/users/me/match-alert', { enabled: true }, { csrf: false }))
        .status,
    ).toBe(403);
    const on = await http.request('PUT', '/api/users/me/match-alert', { enabled: true });
    expect(on.status).toBe(200);
    expect(await read()).toEqual({ enabled: true });
    expect((await http.request('PUT', '/api/users/me/match-alert', { enabled: 'ja' })).status).toBe(
      400,
    );
    const therapist = await signedInClient(server, await createProvider(server));
    expect((await therapist.get('/api/users/me/match-alert')).status).toBe(403);

    // Withdrawing the questionnaire consent turns it off.
    const withdrawn = await http.delete('/api/users/me/consents/questionnaire');
    expect(withdrawn.status).toBeLessThan(300);
    expect(await read()).toEqual({ enabled: false });

    await http.request('PUT', '/api/users/me/match-alert', { enabled: true });
    expect(
      (await http.request('PUT', '/api/users/me/match-alert', { enabled: false })).status,
    ).toBe(200);
    expect(await read()).toEqual({ enabled: false });
  });
});

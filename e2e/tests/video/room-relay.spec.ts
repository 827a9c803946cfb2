import { startCoturn, type Coturn } from '../../../apps/api/src/test/coturn';
import { startExtraApi, type ExtraApi } from '../../fixtures/api-process';
import { expect, test } from '../../fixtures/test';
import {
  announcer,
  confirmedVideoSession,
  expectVideoPlaying,
  joinRoom,
  remoteVideo,
} from '../../fixtures/video';

/*
 * The video room relay-only (docs/rules/video.md#ice-servers, decision 472):
 * an API process configured as an operator would, with TURN_URLS and
 * TURN_SECRET for a local coturn this test starts on 127.0.0.1 (and stops),
 * and TURN_RELAY_ONLY=true. The browsers may then use no candidate but
 * coturn's relay: each picture playing proves the room's TURN credentials
 * work against coturn.
 */

const SECRET = 'e2e-coturn-hemlighet';
let coturn: Coturn | undefined;
let api: ExtraApi | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  coturn = await startCoturn(SECRET);
  api = await startExtraApi({
    TURN_URLS: coturn.url,
    TURN_SECRET: SECRET,
    TURN_RELAY_ONLY: 'true',
  });
});

test.afterAll(async () => {
  await api?.stop();
  await coturn?.stop();
});

test('relay-only through a local coturn: the client is let in and each sees the other', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const session = await confirmedVideoSession(browser, api!.origin, {
    therapist: 'Rut Relä',
    client: 'Tore Turn',
  });
  const { client, therapist, bookingId } = session;
  try {
    await session.openRoom();
    // Both dashboards say how the session happens and lead into the open room.
    for (const page of [client, therapist]) {
      await page.goto('/dashboard');
      await expect(page.getByText('Videosamtal').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Till samtalet' })).toHaveAttribute(
        'href',
        `/samtal/${bookingId}`,
      );
    }
    // The room's answer carries the operator's policy and coturn's time-limited credentials.
    const room = (await (await client.request.get(`/api/video/${bookingId}`)).json()) as {
      iceTransportPolicy?: string;
      iceServers: { urls: string[]; username?: string }[];
    };
    expect(room.iceTransportPolicy).toBe('relay');
    expect(room.iceServers[0]?.urls).toEqual([coturn!.url]);
    expect(room.iceServers[0]?.username).toMatch(/^\d+:/);

    await joinRoom(client, bookingId);
    await joinRoom(therapist, bookingId);
    const admit = therapist.getByRole('button', { name: 'Släpp in' });
    await admit.click();
    await expect(announcer(client)).toHaveText('Terapeuten har släppt in dig');
    await expectVideoPlaying(remoteVideo(client));
    await expectVideoPlaying(remoteVideo(therapist));
  } finally {
    await session.done();
    for (const page of [client, therapist, session.admin]) await page.context().close();
  }
});

import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startNginx, stopNginx, writeNginxConfig } from '../../../apps/api/src/test/nginx';
import { freePort, startExtraApi, type ExtraApi } from '../../fixtures/api-process';
import { expect, test } from '../../fixtures/test';
import {
  announcer,
  confirmedVideoSession,
  expectVideoPlaying,
  remoteVideo,
} from '../../fixtures/video';

/*
 * The video room with the client and the therapist on different API
 * processes, each behind deploy/nginx.conf (docs/rules/video.md#two-processes):
 * two processes on the e2e database, and for each an nginx rendered from the
 * production file whose upstream is that process alone, so which process
 * serves whom is known, not left to the balancing. The client's page and
 * signalling socket go through one, the therapist's through the other: the
 * room's messages cross between the processes through Postgres, and the
 * upgrade passes nginx.
 */

interface Front {
  origin: string;
  api: ExtraApi;
  nginx: ChildProcess;
  dir: string;
}

const fronts: Front[] = [];

async function startFront(name: string): Promise<Front> {
  const listenPort = await freePort();
  const origin = `http://127.0.0.1:${listenPort}`;
  // The process's public address is nginx's: the socket's Origin is checked against it.
  const api = await startExtraApi({ PUBLIC_URL: origin, TRUST_PROXY: 'loopback' });
  const dir = path.join(tmpdir(), `samtalsmatch-e2e-nginx-${name}-${process.pid}`);
  await rm(dir, { recursive: true, force: true });
  const config = await writeNginxConfig({
    listenPort,
    redirectPort: await freePort(),
    apiPorts: [Number(new URL(api.origin).port)],
    dir,
  });
  const nginx = startNginx(config, dir);
  await expect
    .poll(async () => (await fetch(`${origin}/api/ready`).catch(() => undefined))?.status, {
      timeout: 20_000,
    })
    .toBe(200);
  return { origin, api, nginx, dir };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fronts.push(await startFront('klient'), await startFront('terapeut'));
});

test.afterAll(async () => {
  for (const front of fronts) {
    await stopNginx(front.nginx, front.dir);
    await front.api.stop();
    await rm(front.dir, { recursive: true, force: true });
  }
});

test('the client on one API process and the therapist on another, both behind nginx: let in, and each sees the other', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const [clientFront, therapistFront] = fronts as [Front, Front];
  // The people are made on the journeys' own server (BankID's test login there); their
  // session cookies are the host's, so they hold on the fronts' ports as well.
  const session = await confirmedVideoSession(browser, baseURL!, {
    therapist: 'Nora Nginx',
    client: 'Per Process',
  });
  const { client, therapist, bookingId } = session;
  try {
    await session.openRoom();
    // Each page is served by its own process: nginx names the upstream that answered.
    const clientRoom = await client.goto(`${clientFront.origin}/samtal/${bookingId}`);
    expect(clientRoom?.headers()['x-served-by']).toBe(
      `127.0.0.1:${new URL(clientFront.api.origin).port}`,
    );
    await expectVideoPlaying(client.getByTestId('local-preview'));
    await client.getByRole('button', { name: 'Anslut' }).click();
    await expect(client.getByText('Terapeuten släpper in dig').first()).toBeVisible();

    const therapistRoom = await therapist.goto(`${therapistFront.origin}/samtal/${bookingId}`);
    expect(therapistRoom?.headers()['x-served-by']).toBe(
      `127.0.0.1:${new URL(therapistFront.api.origin).port}`,
    );
    await expectVideoPlaying(therapist.getByTestId('local-preview'));
    await therapist.getByRole('button', { name: 'Anslut' }).click();

    await therapist.getByRole('button', { name: 'Släpp in' }).click();
    await expect(announcer(client)).toHaveText('Terapeuten har släppt in dig');
    await expectVideoPlaying(remoteVideo(client));
    await expectVideoPlaying(remoteVideo(therapist));
  } finally {
    await session.done();
    for (const page of [client, therapist, session.admin]) await page.context().close();
  }
});

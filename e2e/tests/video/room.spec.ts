import type { Browser, Page, WebSocketRoute } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { DESKTOP, newPage, PHONE } from '../../fixtures/people';
import {
  apiPost,
  expect,
  registerClient,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
} from '../../fixtures/test';
import {
  announcer,
  confirmedVideoSession,
  expectVideoPlaying,
  joinRoom,
  remoteVideo,
} from '../../fixtures/video';

/*
 * The video room (docs/rules/video.md#the-room-page) in Chromium with a fake
 * camera and microphone: a client and a therapist in two browser contexts,
 * their confirmed video session placed in the current hour in the database
 * (decision 185), so its room is open on the real clock.
 */

/** A client signed in on a page of its own (a stranger to the session). */
async function strangerPage(browser: Browser, origin: string) {
  const page = await newPage(browser, origin);
  const email = uniqueEmail('fremling');
  await registerClient(page.request, { email, name: 'Frida Främling' });
  const login = await apiPost(page.request, '/auth/login', { email, password: STRONG_PASSWORD });
  expect(login.status(), await login.text()).toBe(200);
  return page;
}

/** Whether the page's own picture sends its microphone (a muted track sends silence). */
function microphoneSends(page: Page) {
  return page
    .getByTestId('local-video')
    .evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getAudioTracks()[0]!.enabled);
}

test('the client waits, the therapist lets them in, both see each other; mute, leave, rejoin, a dropped connection and a newer tab work', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  const session = await confirmedVideoSession(browser, origin, {
    therapist: 'Vera Videosson',
    client: 'Kalle Kamera',
  });
  const { client, therapist, bookingId } = session;
  try {
    // Before its hours the room says when it opens (the session is two days ahead).
    const opened = await client.goto(`/samtal/${bookingId}`);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['permissions-policy']).toContain('camera=(self)');
    await expect(
      client.getByText(/^Rummet öppnar .+ \(svensk tid\), 10 minuter före samtalet\.$/),
    ).toBeVisible();
    await expect(client.getByRole('button', { name: 'Anslut' })).toHaveCount(0);

    // Anyone else: the API's 404, said in Swedish.
    const stranger = await strangerPage(browser, origin);
    await stranger.goto(`/samtal/${bookingId}`);
    await expect(stranger.getByRole('heading', { name: 'Samtalet hittades inte' })).toBeVisible();
    await stranger.context().close();

    await session.openRoom();

    // The client's signalling socket goes through the test, which can drop it (below).
    let clientSocket: { page: WebSocketRoute; server: WebSocketRoute } | undefined;
    await client.routeWebSocket(/\/signal$/, (ws) => {
      clientSocket = { page: ws, server: ws.connectToServer() };
    });

    // The client joins and waits; nothing comes through before "Släpp in".
    await joinRoom(client, bookingId);
    await expect(announcer(client)).toHaveText(
      'Du är i väntrummet. Terapeuten släpper in dig när samtalet börjar.',
    );
    await joinRoom(therapist, bookingId);
    await expect(announcer(therapist)).toHaveText('Klienten väntar');
    const admit = therapist.getByRole('button', { name: 'Släpp in' });
    await expect(admit).toBeVisible();
    expect(await remoteVideo(client).evaluate((v: HTMLVideoElement) => v.srcObject)).toBeNull();
    // Both sides of the waiting room on a phone: nothing wider than the screen, axe finds nothing.
    for (const page of [client, therapist]) {
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    }

    await admit.click();
    await expect(announcer(client)).toHaveText('Terapeuten har släppt in dig');
    await expect(admit).toHaveCount(0);
    await expectVideoPlaying(remoteVideo(client));
    await expectVideoPlaying(remoteVideo(therapist));
    // The call on a phone, then on a desktop.
    await expectNoAxeViolations(client);
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await client.setViewportSize(DESKTOP);
    await expectNoAxeViolations(client);

    // Mute and unmute, camera off and on: toggle buttons that say their state.
    const mute = client.getByRole('button', { name: 'Stäng av mikrofonen' });
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(await microphoneSends(client)).toBe(false);
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(await microphoneSends(client)).toBe(true);
    const camera = therapist.getByRole('button', { name: 'Stäng av kameran' });
    await camera.click();
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
    await camera.click();
    await expect(camera).toHaveAttribute('aria-pressed', 'false');

    // The client leaves; the therapist is told.
    await client.getByRole('button', { name: 'Lämna samtalet' }).click();
    await expect(announcer(client)).toHaveText('Du har lämnat samtalet.');
    await expect(announcer(therapist)).toHaveText('Klienten har lämnat samtalet.');

    // And comes back while the room is open: let in again without waiting.
    await client.getByRole('button', { name: 'Anslut igen' }).click();
    await expectVideoPlaying(remoteVideo(client));
    await expectVideoPlaying(remoteVideo(therapist));
    await expect(client.getByText('Väntrummet')).toHaveCount(0);

    // The client's connection drops: the page says it tries again, and the call comes back.
    await client.getByTestId('room-announcer').evaluate((region) => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    const dropped = clientSocket!;
    await dropped.server.close();
    await dropped.page.close({ code: 1011, reason: 'drop' });
    await expect
      .poll(() => client.evaluate(() => (window as unknown as { said: string[] }).said))
      .toEqual(
        expect.arrayContaining([
          'Anslutningen bröts. Försöker ansluta igen…',
          'Anslutningen är tillbaka.',
        ]),
      );
    expect(clientSocket).not.toBe(dropped);
    await expectVideoPlaying(remoteVideo(client));
    await expectVideoPlaying(remoteVideo(therapist));

    // The therapist opens the room in another tab: it takes over, and the older one says so.
    const newer = await therapist.context().newPage();
    await joinRoom(newer, bookingId);
    await expect(announcer(therapist)).toHaveText(
      'Samtalet har öppnats i en annan flik eller ett annat fönster. Den här fliken är inte längre ansluten.',
    );
    await expect(therapist.getByRole('button', { name: 'Anslut igen' })).toBeVisible();
    await expectVideoPlaying(remoteVideo(newer));
    await expectVideoPlaying(remoteVideo(client));
  } finally {
    await session.done();
  }
});

test('the device check alone, /samtal/test, at 390 px: preview, level, choices, on and off, and axe finds nothing', async ({
  page,
}) => {
  const email = uniqueEmail('testsida');
  await registerClient(page.request, { email, name: 'Tea Testare' });
  const login = await apiPost(page.request, '/auth/login', { email, password: STRONG_PASSWORD });
  expect(login.status(), await login.text()).toBe(200);
  await page.setViewportSize(PHONE);

  const response = await page.goto('/samtal/test');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['permissions-policy']).toContain('microphone=(self)');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Testa kamera och mikrofon' }),
  ).toBeVisible();
  await expectVideoPlaying(page.getByTestId('local-preview'));
  await expect(page.getByLabel('Kamera', { exact: true }).locator('option')).not.toHaveCount(0);
  await expect(page.getByLabel('Mikrofon', { exact: true }).locator('option')).not.toHaveCount(0);
  // The fake microphone beeps: the meter moves once the page has been touched.
  await page.getByRole('heading', { level: 1 }).click();
  await expect
    .poll(async () => Number(await page.getByRole('meter').getAttribute('aria-valuenow')))
    .toBeGreaterThan(0);
  // No "Anslut" here: the test page joins nothing.
  await expect(page.getByRole('button', { name: 'Anslut' })).toHaveCount(0);

  const camera = page.getByRole('button', { name: 'Stäng av kameran' });
  await camera.click();
  await expect(camera).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Kameran är avstängd')).toBeVisible();
  await camera.click();
  await expect(camera).toHaveAttribute('aria-pressed', 'false');

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectNoAxeViolations(page);
});

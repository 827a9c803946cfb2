import { registerVerifiedClient, saveAnswers, type AnswerByKey } from '../../fixtures/people';
import { expect, logInClient, test, uniqueEmail } from '../../fixtures/test';

/** Answers that the seeded, verified demo therapists all meet. */
const ANSWERS: readonly AnswerByKey[] = [
  ['age', ['25-34']],
  ['language', ['sv']],
  ['therapy_methods', ['any']],
  ['problem_areas', ['stress']],
  ['knowledge_areas', ['any']],
];

test("a double click on 'Skicka förfrågan' on a slow network sends one request", async ({
  page,
}) => {
  const email = uniqueEmail('dubbelklick');
  await registerVerifiedClient(page, { email, name: 'Disa Dubbel' });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);
  await saveAnswers(page.request, ANSWERS);

  await page.goto('/dashboard');
  await page
    .getByRole('link', { name: /^Visa profil:/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Boka en tid' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  const jump = page.getByRole('button', { name: 'Visa nästa vecka med lediga tider' });
  const free = page.locator('button[aria-pressed="false"]:not([disabled])');
  await expect(free.first().or(jump)).toBeVisible();
  if (await jump.isVisible()) await jump.click();
  for (let i = 0; i < 3; i++) await free.first().click();
  await expect(page.getByText('3 av 3 tider valda.')).toBeVisible();
  // A therapist who offers both asks how to meet.
  const format = page.getByRole('group', { name: 'Mötesform' });
  if (await format.isVisible()) await format.getByLabel('På mottagningen').check();
  await page.getByRole('button', { name: 'Granska och skicka' }).click();
  const summary = page.getByRole('dialog', { name: 'Skicka bokningsförfrågan' });
  await expect(summary).toBeVisible();

  // A slow network: every request takes more than a second to answer.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 1500,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') {
      sent.push(request.url());
    }
  });
  // Two clicks with nothing in between (a double click on a busy phone): the
  // second reaches the button before the page has drawn anything after the first.
  await summary
    .getByRole('button', { name: 'Skicka förfrågan' })
    .evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText('Din bokningsförfrågan har skickats', { exact: true })).toBeVisible();
  expect(sent).toHaveLength(1);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // The one request made one booking, and no error was shown for a second one.
  await expect(page.getByRole('region', { name: 'Pågående processer' })).toContainText(
    'Inväntar svar',
  );
  await expect(page.getByText('Det finns redan en pågående bokning')).toHaveCount(0);
});

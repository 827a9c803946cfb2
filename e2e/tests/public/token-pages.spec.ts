import type { Page } from '@playwright/test';
import { mailedLink } from '../../fixtures/mailbox';
import {
  apiPost,
  expect,
  registerClient,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
} from '../../fixtures/test';

const ANALYTICS_PATH = '/e2e-analytics.js';

/** Consent given, an analytics script configured: counts its loads and the addresses it saw. */
async function withAcceptedAnalytics(page: Page) {
  const seen: string[] = [];
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
  await page.route('**/api/public-config', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...body, analyticsScriptUrl: new URL(ANALYTICS_PATH, route.request().url()).href },
    });
  });
  await page.route(`**${ANALYTICS_PATH}`, async (route) => {
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__analyticsSaw = location.href;',
    });
  });
  page.on('request', (req) => {
    if (req.url().endsWith(ANALYTICS_PATH)) seen.push(page.url());
  });
  return seen;
}

test('the reset link: the token leaves the address bar, survives a reload, and analytics never loads there', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('tokenbar');
  await registerClient(request, { email });
  await apiPost(request, '/auth/forgot-password', { email });
  const resetPath = await mailedLink(request, email, '/reset-password/');
  const token = resetPath.split('/').pop()!;
  const seen = await withAcceptedAnalytics(page);

  await page.goto(resetPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  expect(page.url()).not.toContain(token);

  await page.reload();
  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = `Bar${STRONG_PASSWORD}9`;
  await page.getByLabel('Nytt lösenord', { exact: true }).fill(newPassword);
  await page.getByLabel('Bekräfta nytt lösenord').fill(newPassword);
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'lösenord' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);
  expect(await page.evaluate(() => (window as { __analyticsSaw?: string }).__analyticsSaw)).toBe(
    undefined,
  );

  // Elsewhere the consented analytics loads as before, and never saw a token.
  await page.getByRole('link', { name: 'Samtalsmatch' }).first().click();
  await expect.poll(() => seen.length).toBe(1);
  expect(seen[0]).not.toContain(token);
});

test('the verification link: the token leaves the address bar and analytics never loads there', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('verifybar');
  await registerClient(request, { email });
  const verifyPath = await mailedLink(request, email, '/verify-email/');
  const token = verifyPath.split('/').pop()!;
  const seen = await withAcceptedAnalytics(page);

  await page.goto(verifyPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bekräfta e-postadress' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  expect(page.url()).not.toContain(token);
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';

const KEY = 'cookie-consent';
const ANALYTICS_PATH = '/e2e-analytics.js';

/** Serves a public configuration with an analytics script, and counts loads of that script. */
async function withAnalytics(page: Page) {
  const loads: string[] = [];
  await page.route('**/api/public-config', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...body,
        analyticsScriptUrl: new URL(ANALYTICS_PATH, page.url() || 'http://127.0.0.1').href,
      },
    });
  });
  await page.route(`**${ANALYTICS_PATH}`, async (route) => {
    loads.push(route.request().url());
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__analyticsLoaded = true;',
    });
  });
  return loads;
}

test('the banner asks once; declining stores the choice and loads no analytics', async ({
  page,
}) => {
  const loads = await withAnalytics(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Vi värnar om din integritet' });
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);

  await Promise.all([
    page.waitForEvent('load'),
    banner.getByRole('button', { name: 'Avböj' }).click(),
  ]);
  await expect(banner).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('declined');
  await page.waitForLoadState('networkidle');
  expect(loads).toEqual([]);
});

test('accepting stores the choice, reloads and loads analytics; the footer button asks again', async ({
  page,
}) => {
  const loads = await withAnalytics(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Vi värnar om din integritet' });
  await page.waitForLoadState('networkidle');
  expect(loads).toEqual([]);

  await Promise.all([
    page.waitForEvent('load'),
    banner.getByRole('button', { name: 'Acceptera' }).click(),
  ]);
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBe('accepted');
  await expect(banner).toBeHidden();
  await expect.poll(() => loads.length).toBe(1);
  await expect
    .poll(() => page.evaluate(() => (window as { __analyticsLoaded?: boolean }).__analyticsLoaded))
    .toBe(true);

  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Ändra cookie inställningar' }).click(),
  ]);
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
  await expect(banner).toBeVisible();
});

test('on a 390 × 844 phone the banner covers at most a quarter of the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Vi värnar om din integritet' });
  await expect(banner).toBeVisible();
  const box = (await banner.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(844 / 4);
  // Both choices stay on one line, each a full touch target.
  const [decline, accept] = await Promise.all(
    ['Avböj', 'Acceptera'].map(
      async (name) => (await banner.getByRole('button', { name }).boundingBox())!,
    ),
  );
  expect(decline!.height).toBeGreaterThanOrEqual(44);
  expect(accept!.height).toBeGreaterThanOrEqual(44);
  expect(accept!.y).toBe(decline!.y);
  await expectNoAxeViolations(page);
});

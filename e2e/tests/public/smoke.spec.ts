import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';

test('the landing page opens in Chromium, in Swedish, with no accessibility violations', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hitta en terapeut som passar dig' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an unknown route shows the 404 page with a way back to the start page', async ({ page }) => {
  await page.goto('/finns-inte/alls');
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
  await page.getByRole('link', { name: 'Till startsidan' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoAxeViolations(page);
});

test('the API health check answers through the same origin', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
});

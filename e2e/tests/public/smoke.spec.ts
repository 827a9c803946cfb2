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

test('an unknown route answers HTTP 404, noindex, and shows the 404 page with a way back', async ({
  page,
}) => {
  const response = await page.goto('/finns-inte/alls');
  expect(response!.status()).toBe(404);
  expect(response!.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('head meta[name="robots"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Till startsidan' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoAxeViolations(page);
});

test('a page of the SPA answers HTTP 200 and may be indexed', async ({ page }) => {
  for (const path of ['/', '/auth', '/provider/0b6e7a52-0d0b-4b43-9d6f-1b2f5c7e8a90/booking']) {
    const response = await page.goto(path);
    expect({ path, status: response!.status() }).toEqual({ path, status: 200 });
    expect(response!.headers()['x-robots-tag']).toBeUndefined();
  }
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute(
    'content',
    'index, follow',
  );
});

test('the API health check answers through the same origin', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
});

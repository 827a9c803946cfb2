import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test';

/** The outline style of the focused element (after checking it is the page's h1). */
async function headingOutline(page: Page, name: string) {
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeFocused();
  return heading.evaluate((el) => getComputedStyle(el).outlineStyle);
}

test('a heading focused after a mouse click shows no focus ring', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Logga in' }).click();
  expect(await headingOutline(page, 'Välkommen till Samtalsmatch')).toBe('none');
});

test('a heading focused after the keyboard followed a link shows the focus ring', async ({
  page,
}) => {
  await page.goto('/');
  const login = page.getByRole('banner').getByRole('link', { name: 'Logga in' });
  // Tab until the header's link has the focus, then follow it with Enter.
  for (let i = 0; i < 10 && !(await login.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(login).toBeFocused();
  expect(await login.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');
  expect(await headingOutline(page, 'Välkommen till Samtalsmatch')).toBe('solid');
});

test("a touch user who submits with the keyboard's Enter ('Gå' on a phone) gets no ring on the next heading", async ({
  page,
}) => {
  await page.goto('/auth?form=klient');
  // Tapped into each field, typed, and sent with Enter from the field: typing is not moving around.
  await page.getByLabel('E-postadress').click();
  await page.keyboard.type('klient.ett@samtalsmatch.example');
  await page.getByLabel('Lösenord', { exact: true }).click();
  await page.keyboard.type('Klient-demo-2025!');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(dashboard|questions)$/);
  const heading = page.locator('main h1');
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
});

test('landing on the dashboard after a BankID sign-in draws no ring on the heading; Tab shows one', async ({
  page,
}) => {
  const start = await page.request.get('/api/auth/bankid/initiate?role=provider');
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  await page.goto(authorizationUrl);
  await page.getByRole('button', { name: 'Logga in som Anna Lindqvist' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const heading = page.locator('main h1');
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).not.toHaveCount(0);
  expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
});

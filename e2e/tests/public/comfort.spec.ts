import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import {
  expect,
  logInClient,
  registerClient,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
} from '../../fixtures/test';
import { DESKTOP, PHONE } from '../../fixtures/people';

/** The header's bottom edge in the viewport. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  return box!.y + box!.height;
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px: 112, 90101 and 1177 are tel: links; footer links are 24 px to tap`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.locator('a[href="tel:112"]').first()).toBeVisible();
    await page.getByRole('button', { name: 'Kan jag få hjälp i en akut situation?' }).click();
    for (const number of ['112', '90101', '1177']) {
      await expect(page.getByRole('link', { name: number, exact: true }).last()).toHaveAttribute(
        'href',
        `tel:${number}`,
      );
    }
    const footerLinks = page.getByRole('contentinfo').getByRole('link');
    const count = await footerLinks.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      const box = await footerLinks.nth(i).boundingBox();
      expect(box!.height, await footerLinks.nth(i).innerText()).toBeGreaterThanOrEqual(24);
    }
    await expectNoAxeViolations(page);
  });

  test(`at ${viewport.width} px: focus never hides under the sticky header`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const target = page.getByRole('button', { name: 'Kan jag få hjälp i en akut situation?' });
    // Focus from below: the browser scrolls it into view, below the header (scroll-padding-top).
    await target.focus();
    const box = await target.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(await headerBottom(page));
  });
}

test("the sign-in page shows no 'Logga in' in its own header", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logga in' })).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logga in' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('at 390 px: a long e-mail address wraps inside the thank-you dialog (no sideways scroll)', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const email = `langadress${Date.now()}${'x'.repeat(36)}@ett-mycket-langt-domannamn-for-radbrytning.example.se`;
  await page.goto('/auth?form=klient');
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await page.getByLabel('Namn').fill('Lång Adress');
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Bekräfta lösenord').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Skapa konto' }).click();

  const thanks = page.getByRole('dialog', { name: 'Tack för din registrering!' });
  await expect(thanks).toContainText(email);
  const size = await thanks.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    right: el.getBoundingClientRect().right,
  }));
  expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth);
  expect(size.right).toBeLessThanOrEqual(PHONE.width);
  // The address itself stays inside the dialog's box.
  const address = await thanks.getByText(email).boundingBox();
  const box = await thanks.boundingBox();
  expect(address!.x + address!.width).toBeLessThanOrEqual(box!.x + box!.width);
  await expectNoAxeViolations(page);
});

/** The focused element is the page's h1, focusable by script only (tabIndex -1). */
async function expectHeadingFocused(page: Page, name: string) {
  const heading = page.locator('main h1');
  await expect(heading).toHaveText(name);
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAttribute('tabindex', '-1');
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px: after a password login focus is on the heading of the page landed on`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('fokus');
    await registerClient(request, { email });
    await logInClient(page, email);
    await expect(page).toHaveURL(/\/questions$/);
    await expectHeadingFocused(page, 'Frågeformulär');
    await expectNoAxeViolations(page);
  });
}

test('after a BankID sign-in focus is on the heading of the page landed on', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: /Jag är terapeut/ }).click();
  await page.getByRole('button', { name: 'Logga in som Johan Provsson' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectHeadingFocused(page, 'Din profil');
});

test('a link in the header moves focus to the new page heading too', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Logga in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectHeadingFocused(page, 'Välkommen till Samtalsmatch');
});

import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, test } from '../../fixtures/test';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

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

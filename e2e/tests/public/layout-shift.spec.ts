import type { Page } from '@playwright/test';
import { PHONE } from '../../fixtures/people';
import { expect, logInClient, test } from '../../fixtures/test';

/**
 * No screen jumps while its code or data arrives (issue 18, point 6): the
 * layout shifts the browser reports for a full page load, summed as the
 * cumulative layout shift (CLS) counts them, stay at or under 0.05.
 */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries are delivered in the observer's first callback, before this.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

async function loadAndMeasure(page: Page, path: string, heading: RegExp | string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return layoutShift(page);
}

test.use({ viewport: PHONE });

test('the public pages do not jump as they load (CLS ≤ 0.05 at 390 px)', async ({ page }) => {
  expect(await loadAndMeasure(page, '/', 'Hitta en terapeut som passar dig')).toBeLessThanOrEqual(
    0.05,
  );
  expect(await loadAndMeasure(page, '/auth', 'Välkommen till Samtalsmatch')).toBeLessThanOrEqual(
    0.05,
  );
});

test("a client's pages do not jump as their data loads (CLS ≤ 0.05 at 390 px)", async ({
  page,
}) => {
  await logInClient(page, 'klient.ett@samtalsmatch.example', 'Klient-demo-2025!');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await loadAndMeasure(page, '/dashboard', /Välkommen/)).toBeLessThanOrEqual(0.05);
  expect(await loadAndMeasure(page, '/questions', 'Frågeformulär')).toBeLessThanOrEqual(0.05);
});

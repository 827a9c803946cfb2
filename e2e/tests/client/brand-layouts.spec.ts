import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { DESKTOP, PHONE, saveAnswers, type AnswerByKey } from '../../fixtures/people';
import { primaryActions } from '../../fixtures/primaries';
import { expect, logInClient, registerClient, test, uniqueEmail } from '../../fixtures/test';

/*
 * The care brand on the screens: the self-hosted type, the width used on a
 * desktop, the next step in reach on a phone, the first name, the slim
 * footer inside a task and long dialogs whose actions stay in view.
 */

/** Answers that the seeded, verified demo therapists all meet. */
const ANSWERS: readonly AnswerByKey[] = [
  ['age', ['25-34']],
  ['language', ['sv']],
  ['therapy_methods', ['any']],
  ['problem_areas', ['stress']],
  ['knowledge_areas', ['any']],
];

async function clientWithMatches(page: Page, name: string) {
  const email = uniqueEmail('varumarke');
  await registerClient(page.request, { email, name });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);
  await saveAnswers(page.request, ANSWERS);
}

test('the landing page draws its heading in the self-hosted font, preloaded from our own origin', async ({
  page,
}) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  await page.goto('/');
  const font = await page.evaluate(async () => {
    await document.fonts.ready;
    const h1 = document.querySelector('h1')!;
    const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="font"]');
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.woff2')) as PerformanceResourceTiming[];
    return {
      family: getComputedStyle(h1).fontFamily,
      weight: getComputedStyle(h1).fontWeight,
      loaded: (() => {
        let found = false;
        document.fonts.forEach((f) => {
          if (f.family.replace(/"/g, '') === 'Source Sans 3 Variable' && f.status === 'loaded') {
            found = true;
          }
        });
        return found;
      })(),
      drawable: document.fonts.check(`500 48px "Source Sans 3 Variable"`, h1.textContent ?? ''),
      preload: preload?.href ?? null,
      bytes: entries.map((e) => e.encodedBodySize || e.transferSize),
    };
  });
  expect(font.family.startsWith('"Source Sans 3 Variable"')).toBe(true);
  expect(Number(font.weight)).toBeLessThan(700);
  expect(font.loaded).toBe(true);
  expect(font.drawable).toBe(true);
  expect(font.preload).toMatch(/\/assets\/source-sans-3-latin-wght-normal-[\w-]+\.woff2$/);
  // Self-hosted: every font comes from our origin, and the landing page loads one file of at most 40 KB.
  const origin = new URL(page.url()).origin;
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(new URL(url).origin).toBe(origin);
  expect(font.bytes).toHaveLength(1);
  expect(font.bytes[0]).toBeLessThanOrEqual(40 * 1024);
});

test("a client's dashboard at 1280 px: the matches in a grid beside the next step and the crisis numbers; greeted by first name", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await clientWithMatches(page, 'Klara Maria Andersson');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Välkommen, Klara!' })).toBeVisible();

  const cards = page.locator('section[aria-labelledby="recommended-matches"] > ul > li');
  await expect(cards.nth(1)).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  // Two cards side by side on one row.
  expect(Math.abs(first!.y - second!.y)).toBeLessThan(2);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);

  const next = page.getByRole('complementary', { name: 'Nästa steg' });
  const crisis = page.getByRole('complementary', { name: 'Behöver du hjälp nu?' });
  await expect(next).toBeVisible();
  await expect(crisis).toBeVisible();
  const side = await next.boundingBox();
  // The side column stands to the right of the cards, beside them.
  expect(side!.x).toBeGreaterThan(second!.x + second!.width);
  expect(side!.y).toBeLessThan(first!.y + first!.height);
  expect((await crisis.boundingBox())!.x).toBeCloseTo(side!.x, 0);
  await expectNoAxeViolations(page);

  // On a phone, one column: the next step above the matches.
  await page.setViewportSize(PHONE);
  const [phoneNext, phoneCard] = [await next.boundingBox(), await cards.nth(0).boundingBox()];
  expect(phoneNext!.y).toBeLessThan(phoneCard!.y);
  expect(Math.abs(phoneNext!.x - phoneCard!.x)).toBeLessThan(40);
  await expectNoAxeViolations(page);
});

test("the provider page at 390 px keeps 'Boka en tid' in a bar at the bottom, and in a box beside the reading column on a wide screen", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await clientWithMatches(page, 'Ivar Lund');
  await page.goto('/dashboard');
  await page
    .getByRole('link', { name: /^Visa profil:/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  const bar = page.getByRole('complementary', { name: 'Boka' });
  const book = bar.getByRole('link', { name: 'Boka en tid' });
  await expect(book).toBeInViewport();
  expect((await bar.boundingBox())!.y + (await bar.boundingBox())!.height).toBeCloseTo(
    PHONE.height,
    0,
  );
  expect((await primaryActions(page)).main).toEqual(['Boka en tid']);

  // Still there at the end of the page, and the page ends above it: the footer is not hidden.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(book).toBeInViewport();
  const copyright = page.getByRole('contentinfo').getByText(/^© 2025/);
  expect(
    (await copyright.boundingBox())!.y + (await copyright.boundingBox())!.height,
  ).toBeLessThanOrEqual((await bar.boundingBox())!.y);
  await expectNoAxeViolations(page);

  // On a wide screen the same action is a box beside the reading column that stays in view.
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect((await bar.boundingBox())!.x).toBeGreaterThan(heading!.x + 300);
  await page.getByRole('heading', { name: 'Mottagningens adress' }).scrollIntoViewIfNeeded();
  await expect(book).toBeInViewport();
  await page.click('a[href$="/booking"]');
  await expect(page).toHaveURL(/\/booking$/);
});

test('inside a task the footer is slim; on the dashboard it is whole', async ({ page }) => {
  await clientWithMatches(page, 'Tove Sand');
  await page.goto('/questions');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Integritetspolicy' })).toBeVisible();
  await expect(footer.getByText(/^© 2025 .+ · Org\.nr /)).toBeVisible();
  await expect(footer.getByText('Kontakt', { exact: true })).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(footer.getByText('Kontakt', { exact: true })).toBeVisible();
  await expect(footer.getByText('Vi svarar inom 24 timmar')).toBeVisible();
});

test('a long dialog on a short phone screen keeps its actions in view while its text scrolls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 480 });
  await clientWithMatches(page, 'Rakel Höst');
  await page.goto('/integritet');
  await page.getByRole('button', { name: 'Radera mitt konto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Radera ditt konto?' });
  await expect(dialog).toBeVisible();
  const body = dialog.locator('[data-dialog-body]');
  await expect.poll(() => body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  // The password field inside lets a keyboard reach and scroll it: the part itself takes no tab stop.
  await expect(body).not.toHaveAttribute('tabindex');
  await expect(dialog.getByRole('button', { name: 'Radera kontot' })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Stäng' })).toBeInViewport();
  await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(dialog.getByRole('button', { name: 'Radera kontot' })).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Radera ditt konto?' })).toBeInViewport();
  await expectNoAxeViolations(page);
});

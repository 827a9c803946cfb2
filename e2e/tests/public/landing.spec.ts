import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, test } from '../../fixtures/test';

test('the landing page: hero, three steps, about, 12 FAQ entries, metadata and JSON-LD', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Samtalsmatch – Hitta en terapeut som passar dig');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    /Samtalsmatch/,
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hitta en terapeut som passar dig' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Så fungerar det' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Om Samtalsmatch' })).toBeVisible();

  const faq = page.locator('section[aria-labelledby="faq-title"]');
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(12);
  await questions.first().click();
  await expect(questions.first()).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByRole('region')).toHaveCount(1);
  await expect(faq.getByRole('link', { name: 'Börja matchningen' })).toHaveAttribute(
    'href',
    '/auth',
  );

  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) =>
      nodes.map(
        (n) => JSON.parse(n.textContent ?? '{}') as { '@type': string; mainEntity?: unknown[] },
      ),
    );
  expect(jsonLd.map((d) => d['@type']).sort()).toEqual(['FAQPage', 'Organization']);
  expect(jsonLd.find((d) => d['@type'] === 'FAQPage')?.mainEntity).toHaveLength(12);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: the hero's own illustration, four trust points, three steps with icons, all from this host`, async ({
    page,
    baseURL,
  }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL!)) foreign.push(request.url());
    });
    await page.setViewportSize(viewport);
    await page.goto('/');
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    const illustration = hero.locator('img');
    await expect(illustration).toHaveAttribute('src', '/illustrations/samtal.svg');
    await expect(illustration).toHaveAttribute('alt', '');
    await expect
      .poll(() => illustration.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // The hero's action is the one primary button of the page.
    await expect(page.locator('main [data-variant="primary"]')).toHaveCount(1);
    await expect(hero.getByRole('link', { name: 'Börja matchningen' })).toHaveAttribute(
      'data-variant',
      'primary',
    );

    const trust = page.getByRole('region', { name: 'Därför kan du känna dig trygg' });
    await expect(trust.getByRole('listitem')).toHaveCount(4);
    for (const text of [
      'Legitimation kontrollerad',
      'BankID',
      'Enligt GDPR',
      'Vi svarar inom 24 timmar',
    ]) {
      await expect(trust.getByRole('heading', { name: text })).toBeVisible();
    }
    // The four points read evenly: the longest text is at most a third longer than the shortest.
    const lengths = await trust
      .locator('li p')
      .evaluateAll((ps) => ps.map((p) => (p.textContent ?? '').trim().length));
    expect(lengths).toHaveLength(4);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(Math.min(...lengths) * 1.34);
    // The licence point links to what is checked, and where.
    const licence = trust.getByRole('listitem').filter({ hasText: 'Legitimation kontrollerad' });
    await licence.getByRole('link', { name: 'Så kontrollerar vi legitimationen' }).click();
    await expect(page).toHaveURL(/#legitimation$/);
    const explained = page.getByRole('region', { name: 'Så kontrollerar vi legitimationen' });
    await expect(explained).toBeInViewport();
    await expect(explained).toContainText('legitimationen i Socialstyrelsens register');
    const steps = page.locator('section[aria-labelledby="steps-title"] li');
    await expect(steps).toHaveCount(3);
    await expect(steps.locator('svg use')).toHaveCount(3);
    // Each sprite icon draws (the sprite file answered and holds the symbol).
    for (const box of await steps.locator('svg').all()) {
      expect((await box.boundingBox())!.width).toBeGreaterThan(20);
    }
    const sprite = await page.request.get('/illustrations/icons.svg');
    expect(sprite.status()).toBe(200);
    for (const id of ['licence', 'bankid', 'gdpr', 'reply', 'questions', 'match', 'calendar']) {
      expect(await sprite.text()).toContain(`id="${id}"`);
    }

    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    await expectNoAxeViolations(page);
  });
}

test('the footer: both PDFs, company details from the configuration, the promise and © 2025', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const config = (await (await request.get('/api/public-config')).json()) as {
    companyName: string;
    companyOrgNumber: string;
    contactEmail: string;
  };
  await expect(footer).toContainText(config.companyName);
  await expect(footer).toContainText(config.companyOrgNumber);
  await expect(footer.getByRole('link', { name: config.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${config.contactEmail}`,
  );
  await expect(footer).toContainText('Vi svarar inom 24 timmar');
  await expect(footer).toContainText('© 2025');

  for (const [name, href] of [
    ['Integritetspolicy', '/integritetspolicy.pdf'],
    ['Användarvillkor & Cookies', '/anvandarvillkor-och-cookies.pdf'],
  ] as const) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    const pdf = await request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }
});

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Hoppa till huvudinnehållet' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

test('an unknown route on a phone shows the 404 page without violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/finns/inte');
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
  await expect(page).toHaveTitle('Sidan hittades inte – Samtalsmatch');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Till startsidan' }).click();
  await expect(page).toHaveURL(/\/$/);
});

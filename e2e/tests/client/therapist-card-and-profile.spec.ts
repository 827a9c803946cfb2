import type { Locator } from '@playwright/test';
import { expect, logInClient, test } from '../../fixtures/test';
import { DESKTOP, PHONE, axeAtBothWidths } from '../../fixtures/people';
import { primaryActions } from '../../fixtures/primaries';

// The seeded client who has answered (Swedish, anxiety and stress matter most)
// and the seeded therapist Anna Lindqvist, a psychologist whose licence was
// checked when the demo data was seeded (packages/db/src/seed).
const CLIENT = { email: 'klient.ett@samtalsmatch.example', password: 'Klient-demo-2025!' };
const ANNA = 'Anna Lindqvist';
const CHECKED_LICENCE = /^Legitimerad psykolog · kontrollerad \d{1,2} [a-zåäö]+ \d{4}$/;

/**
 * The seeded portrait (her drawing, rasterised at seed time into the images
 * table) is served by the API, has loaded, and is sharp on a phone's screen:
 * at least twice as many pixels as it is shown wide.
 */
async function expectPortrait(img: Locator) {
  await expect(img).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}\?exp=\d+&sig=/);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const { natural, shown } = await img.evaluate((el: HTMLImageElement) => ({
    natural: el.naturalWidth,
    shown: el.getBoundingClientRect().width,
  }));
  expect(natural).toBeGreaterThanOrEqual(2 * shown);
}

for (const [label, viewport] of [
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
] as const) {
  test(`a card and a profile show the checked licence, a face, the meeting format, the languages and the reasons (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await logInClient(page, CLIENT.email, CLIENT.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Recompute the recommendations from the seeded answers.
    expect((await page.request.get('/api/matches/potential')).status()).toBe(200);
    await page.reload();

    const card = page
      .getByRole('region', { name: 'Rekommenderade terapeuter' })
      .getByRole('article', { name: ANNA });
    await expect(card).toBeVisible();
    const titles = card.getByRole('list', { name: 'Titlar' });
    await expect(titles.getByRole('listitem')).toHaveText([CHECKED_LICENCE]);
    await expect(card.getByText('Mötesform')).toBeVisible();
    await expect(card.getByText('Video eller på mottagningen')).toBeVisible();
    await expect(card.getByText('Svenska', { exact: true })).toBeVisible();
    await expect(card.getByText('Engelska', { exact: true })).toBeVisible();
    // The top fits, the most important to the client first; no difference on a card.
    const fits = card.getByRole('listitem').filter({ hasText: /^(Talar|Arbetar med|Erbjuder)/ });
    await expect(fits.first()).toHaveText('Talar svenska');
    expect(await fits.count()).toBeLessThanOrEqual(3);
    // A picture large enough to see a face, and no licence wording for unlicensed titles anywhere.
    const photo = card.getByRole('img', { name: `Profilbild av ${ANNA}` });
    expect((await photo.boundingBox())!.width).toBeGreaterThanOrEqual(96);
    await expectPortrait(photo);
    await expect(page.getByText(/Legitimerad (socionom|sexolog)/i)).toHaveCount(0);
    // The crisis numbers are on the dashboard.
    const help = page.getByRole('complementary', { name: 'Behöver du hjälp nu?' });
    await expect(help.getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    await expect(help).toContainText('1177 Vårdguiden');
    await expect(help).toContainText('Självmordslinjen 90101');
    await axeAtBothWidths(page, { endAt: viewport === PHONE ? 'phone' : 'desktop' });

    await card.getByRole('link', { name: `Visa profil: ${ANNA}` }).click();
    // The provider page takes focus to its heading once the profile has loaded.
    await expect(page.getByRole('heading', { level: 1, name: ANNA })).toBeFocused();
    expect((await primaryActions(page)).main).toHaveLength(1);
    await expect(page.getByRole('list', { name: 'Titlar' }).getByRole('listitem')).toHaveText([
      CHECKED_LICENCE,
    ]);
    await expect(page.getByText('Video eller på mottagningen')).toBeVisible();
    const big = page.getByRole('img', { name: `Profilbild av ${ANNA}` });
    expect((await big.boundingBox())!.width).toBeGreaterThanOrEqual(144);
    await expectPortrait(big);
    // The description keeps its paragraphs.
    const about = page.getByRole('region', { name: 'Om terapeuten' });
    expect(await about.locator('p').count()).toBeGreaterThanOrEqual(3);
    const why = page.getByRole('region', { name: 'Varför den här matchningen?' });
    await expect(why.getByRole('listitem').first()).toHaveText('Talar svenska');
    await axeAtBothWidths(page, { endAt: viewport === PHONE ? 'phone' : 'desktop' });
  });
}

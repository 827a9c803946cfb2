import { expectNoAxeViolations } from '../../fixtures/axe';
import { PHONE, registerVerifiedClient, signInAsNewTherapist } from '../../fixtures/people';
import { expect, logInClient, test, uniqueEmail } from '../../fixtures/test';

/*
 * The private calendar feed from the web (docs/rules/bookings.md#a-private-calendar-feed),
 * at 390 px: a client turns it on at Integritet, copies the link (the
 * clipboard holds it and a live region says so), the link answers a
 * calendar, a new link stops the old one, and turning it off stops the
 * new one. A therapist finds the same section on their profile.
 */

test('a client turns the calendar feed on, copies the link, makes a new one and turns it off', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('kalender');
  await registerVerifiedClient(page, { email });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);
  await page.setViewportSize(PHONE);
  await page.goto('/integritet');

  const section = page.getByRole('region', { name: 'Dina samtal i din kalender' });
  await expect(section.getByText('Kalenderlänken är avstängd.')).toBeVisible();
  await expect(section.getByText('Google Kalender', { exact: true })).toBeVisible();
  await expect(section.getByText('Apple Kalender', { exact: true })).toBeVisible();
  await expect(section.getByText('Outlook', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Skapa kalenderlänk' }).click();

  const link = section.getByRole('textbox', { name: 'Din privata kalenderlänk' });
  await expect(link).toBeFocused();
  const url = await link.inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await section.getByRole('button', { name: 'Kopiera länken' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: 'Länken är kopierad.' }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectNoAxeViolations(page);

  // The link is a calendar, read without a session.
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  // A new link: the old one answers 404.
  await section.getByRole('button', { name: 'Skapa en ny länk' }).click();
  await expect(link).not.toHaveValue(url);
  const second = await link.inputValue();
  expect((await page.request.get(url)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);

  // After a reload the link is not shown again, only that the feed is on.
  await page.reload();
  await expect(section.getByText(/Kalenderlänken är på sedan/)).toBeVisible();
  await expect(
    section.getByText(/Av säkerhetsskäl visas länken bara när den skapas/),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByRole('button', { name: 'Stäng av kalenderlänken' }).click();
  await expect(section.getByRole('button', { name: 'Skapa kalenderlänk' })).toBeFocused();
  expect((await page.request.get(second)).status()).toBe(404);
});

test('a therapist finds the calendar feed on their profile', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAsNewTherapist(page, 'Kalle Kalender');
  const section = page.getByRole('region', { name: 'Dina samtal i din kalender' });
  await section.getByRole('button', { name: 'Skapa kalenderlänk' }).click();
  await expect(section.getByRole('textbox', { name: 'Din privata kalenderlänk' })).toHaveValue(
    /\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
  );
  await expect(section.getByRole('button', { name: 'Kopiera länken' })).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { freshPersonnummer } from '../../fixtures/people';

async function expectSignedInAsNewProvider(page: Page, name: string) {
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ type: 'PROVIDER', onboardingStep: 'USER_CREATED', name });
}

test('a new therapist signs in with BankID from the landing page and lands on /profile', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Börja matchningen' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('button', { name: /Jag är terapeut/ }).click();

  // The local BankID test provider's login page.
  await expect(page.getByRole('heading', { name: 'Testinloggning med BankID' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Logga in som Johan Provsson' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expectSignedInAsNewProvider(page, 'Johan Provsson');
});

test('the test login page signs in any valid personnummer and refuses an invalid one', async ({
  page,
}) => {
  const start = await page.request.get('/api/auth/bankid/initiate?role=provider');
  expect(start.status()).toBe(200);
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  await page.goto(authorizationUrl);

  await page.getByLabel('Personnummer eller samordningsnummer').fill('19850621-1235');
  await page.getByLabel('Namn').fill('Fel Siffra');
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/Ange ett giltigt personnummer/);

  await page.getByLabel('Personnummer eller samordningsnummer').fill(freshPersonnummer());
  await page.getByLabel('Namn').fill('Ny Terapeut');
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();

  await expect(page).toHaveURL(/\/(auth\/callback\/bankid|profile)$/);
  await expectSignedInAsNewProvider(page, 'Ny Terapeut');
});

test('cancelling at the test provider ends on the after-authentication error state', async ({
  page,
}) => {
  const start = await page.request.get('/api/auth/bankid/initiate?role=provider');
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  await page.goto(authorizationUrl);
  await page.getByRole('button', { name: 'Avbryt inloggningen' }).click();
  await expect(page).toHaveURL(/\/auth\/callback\/bankid\?error=cancelled$/);
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
});

test('a client may sign in with BankID too: a new person becomes a client and goes to the questionnaire', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: /Matcha mig med en terapeut/ }).click();
  await page.getByRole('button', { name: 'Logga in med BankID' }).click();

  await expect(page.getByRole('heading', { name: 'Testinloggning med BankID' })).toBeVisible();
  await page.getByLabel('Personnummer eller samordningsnummer').fill(freshPersonnummer());
  await page.getByLabel('Namn').fill('Ny Klient');
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();

  await expect(page).toHaveURL(/\/questions$/);
  const me = await page.request.get('/api/users/me');
  expect(await me.json()).toMatchObject({
    type: 'CLIENT',
    onboardingStep: 'PROFILE_COMPLETED',
    name: 'Ny Klient',
  });
});

import { expectNoAxeViolations } from '../../fixtures/axe';
import { mailedLink } from '../../fixtures/mailbox';
import { expect, registerClient, STRONG_PASSWORD, test, uniqueEmail } from '../../fixtures/test';

const NEUTRAL =
  'Om ett konto existerar för den angivna e-posten har en återställningslänk skickats.';
const LINK_FAILED = 'Länken kan ha gått ut eller så är den ogiltig.';

test('forgot password: the answer is neutral, the mailed link resets the password once', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('glomsk');
  await registerClient(request, { email });

  await page.goto('/auth?form=klient');
  await page.getByRole('link', { name: 'Glömt lösenord?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Glömt lösenord' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Skicka återställningslänk' }).click();
  await expect(page.getByText('Ogiltig e-postadress')).toBeVisible();
  await page.getByLabel('E-postadress').fill(email);
  await page.getByRole('button', { name: 'Skicka återställningslänk' }).click();
  await expect(page.getByText(NEUTRAL)).toBeVisible();
  await expectNoAxeViolations(page);

  const resetPath = await mailedLink(request, email, '/reset-password/');
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' })).toBeVisible();
  await expectNoAxeViolations(page);

  const newPassword = `Ny${STRONG_PASSWORD}2`;
  await page.getByLabel('Nytt lösenord', { exact: true }).fill('kort');
  await page.getByLabel('Bekräfta nytt lösenord').fill('annat');
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByText('Lösenordet måste vara minst 8 tecken.')).toBeVisible();
  await expect(page.getByText('Lösenorden matchar inte.')).toBeVisible();

  await page.getByLabel('Nytt lösenord', { exact: true }).fill(newPassword);
  await page.getByLabel('Bekräfta nytt lösenord').fill(newPassword);
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'lösenord' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The link is single use: opened again, the page says so before asking for a password.
  await page.goto(resetPath);
  await expect(page.getByRole('alert')).toHaveText(LINK_FAILED);
  await expect(page.getByLabel('Nytt lösenord', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Begär en ny länk' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expectNoAxeViolations(page);

  // The new password works.
  await page.goto('/auth?form=klient');
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(/\/questions$/);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: a forged reset link is refused before any password is asked for`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/reset-password/finns-inte-alls');
    await expect(page.getByRole('heading', { level: 1, name: 'Välj nytt lösenord' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(LINK_FAILED);
    await expect(page.getByLabel('Nytt lösenord', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Spara nytt lösenord' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Begär en ny länk' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
}

test('an unknown verification link fails and offers to send a new one', async ({ page }) => {
  await page.goto('/verify-email/finns-inte');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-postadress').fill(uniqueEmail('ny-lank'));
  await page.getByRole('button', { name: 'Skicka nytt verifieringsmejl' }).click();
  await expect(page.getByText(/har vi skickat ett nytt bekräftelsemejl/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the after-authentication screen shows the failure state with a way back', async ({
  page,
}) => {
  await page.goto('/auth/callback/bankid?error=cancelled');
  await expect(page.getByRole('heading', { name: 'Ett fel uppstod' })).toBeVisible();
  await expect(page.getByText('Failed to complete authentication')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Tillbaka till inloggningssidan.' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

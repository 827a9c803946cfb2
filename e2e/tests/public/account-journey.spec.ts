import { expectNoAxeViolations } from '../../fixtures/axe';
import { mailedLink } from '../../fixtures/mailbox';
import {
  expect,
  logInClient,
  registerClient,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
} from '../../fixtures/test';

test('a client registers, opens the mailed link, logs in, uses the menu on phone and desktop, and logs out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  const name = 'Alva Andersson';

  // /auth: the two choice cards.
  await page.goto('/auth');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Välkommen till Samtalsmatch' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Jag är terapeut/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The client card opens the login form; the toggle switches to register.
  await page.getByRole('button', { name: /Matcha mig med en terapeut/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Glömt lösenord?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skapa konto' })).toBeVisible();

  // Every rule is checked in the browser before anything is sent.
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText('Namn är obligatoriskt')).toBeVisible();
  await expect(page.getByText('Ogiltig e-postadress')).toBeVisible();
  await expect(page.getByText('Lösenord måste vara minst 8 tecken')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Namn').fill(name);
  await page.getByLabel('E-postadress').fill(email);
  const password = page.getByLabel('Lösenord', { exact: true });
  await password.fill('abc');
  await expect(page.getByText('Lösenordsstyrka: Svagt')).toBeVisible();
  await password.fill('abcdefgh');
  await expect(page.getByText('Lösenordsstyrka: Medel')).toBeVisible();
  await password.fill('Abcdefgh');
  await expect(page.getByText('Lösenordsstyrka: Starkt')).toBeVisible();
  await password.fill(STRONG_PASSWORD);
  await expect(page.getByText('Lösenordsstyrka: Mycket starkt')).toBeVisible();
  await page.getByLabel('Bekräfta lösenord').fill(`${STRONG_PASSWORD}x`);
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText('Lösenorden matchar inte')).toBeVisible();
  await page.getByLabel('Bekräfta lösenord').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Skapa konto' }).click();

  // The thank-you dialog, then the form is in login mode.
  const thanks = page.getByRole('dialog', { name: 'Tack för din registrering!' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toContainText(email);
  await expectNoAxeViolations(page);
  await thanks.getByRole('button', { name: 'Stäng' }).click();
  await expect(thanks).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();

  // The mailed verification link.
  const verifyPath = await mailedLink(request, email, '/verify-email/');
  await page.goto(verifyPath);
  await expect(page.getByText('E-postadressen är bekräftad')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Logga in' }).last().click();

  // Log in: a client registered by e-mail is at PROFILE_COMPLETED, so the guard sends /dashboard on to /questions.
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(/\/questions$/);

  // Desktop (1280 px): the dropdown 'Meny' with 'Mitt konto'; 'Logga ut' last.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Öppna menyn' })).toBeHidden();
  await page.getByRole('button', { name: 'Meny', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Mitt konto')).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Frågeformulär',
    'E-postadress',
    'Integritet',
    'Logga ut',
  ]);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Phone (390 px): the hamburger opens a full-screen dialog; focus is inside it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Meny', exact: true })).toBeHidden();
  const opener = page.getByRole('button', { name: 'Öppna menyn' });
  await opener.click();
  const sheet = page.getByRole('dialog', { name: 'Meny' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('listitem')).toHaveText([
    'Frågeformulär',
    'E-postadress',
    'Integritet',
    'Logga ut',
  ]);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await sheet.getByRole('button', { name: 'Logga ut' }).click();

  // Logged out: the start page, the 'Logga in' button, and the session is gone.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Logga in' })).toBeVisible();
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
});

test('a wrong password is refused with the server message and the user stays on /auth', async ({
  page,
}) => {
  await page.goto('/auth?form=klient');
  await page.getByLabel('E-postadress').fill(uniqueEmail('okand'));
  await page.getByLabel('Lösenord', { exact: true }).fill('FelLösenord1');
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  // INVALID_CREDENTIALS: the server's own words, once, in the form (tied to both fields).
  const form = page.getByRole('form', { name: 'Logga in' });
  await expect(form.getByRole('alert')).toHaveText('Fel e-postadress eller lösenord.');
  for (const field of [
    page.getByLabel('E-postadress'),
    page.getByLabel('Lösenord', { exact: true }),
  ]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Fel e-postadress eller lösenord.');
  }
  await expect(page.getByLabel('Lösenord', { exact: true })).toBeFocused();
  // Not also as a toast: once the network is quiet (a toast's code would have loaded by then),
  // the text is on the page exactly once, in the form.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Fel e-postadress eller lösenord.')).toHaveCount(1);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect(page).toHaveURL(/\/auth\?form=klient$/);
});

test('a signed-in visitor who opens /auth is sent on by the guard', async ({ page, request }) => {
  const email = uniqueEmail();
  await registerClient(request, { email });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/questions$/);
});

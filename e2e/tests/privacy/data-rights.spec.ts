import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { registerVerifiedClient, signInAsNewTherapist } from '../../fixtures/people';
import { expect, logInClient, STRONG_PASSWORD, test, uniqueEmail } from '../../fixtures/test';

// docs/rules/privacy.md#privacy-page: from /integritet a person downloads everything
// held about them, and erases their account after a dialog that says what
// happens and asks for the proof; they land on / with a toast.
test('a client downloads their data, then erases the account and lands on the start page', async ({
  page,
}) => {
  const email = uniqueEmail('radera');
  await registerVerifiedClient(page, { email, name: 'Rut Raderasson' });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);
  await page.goto('/integritet');
  await expect(page.getByRole('heading', { level: 1, name: 'Integritet' })).toBeVisible();

  // Download: a JSON file with the account in it.
  const section = page.getByRole('region', { name: 'Ladda ned mina uppgifter' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Ladda ned mina uppgifter' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^samtalsmatch-mina-uppgifter-\d{4}-\d{2}-\d{2}\.json$/,
  );
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { email: string; name: string };
    mails: { subject: string }[];
  };
  expect(file.account).toMatchObject({ email, name: 'Rut Raderasson' });
  expect(file.mails.map((m) => m.subject)).toContain('Bekräfta din e-postadress hos Samtalsmatch');
  await expect(page.getByText('Filen med dina uppgifter har laddats ned.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Erase: the dialog says what happens and asks for the password.
  const opener = page.getByRole('button', { name: 'Radera mitt konto' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Radera ditt konto?' });
  await expect(dialog).toContainText('Borttagen klient');
  await expect(dialog).toContainText('terapeuten får ett mejl');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Radera kontot' }).click();
  await expect(dialog.getByText('Ange ditt lösenord för att radera kontot.')).toBeVisible();
  await dialog.getByLabel('Ditt lösenord').fill('Fel-Lösenord-123');
  await dialog.getByRole('button', { name: 'Radera kontot' }).click();
  await expect(dialog.getByLabel('Ditt lösenord')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Ditt lösenord').fill(STRONG_PASSWORD);
  await dialog.getByRole('button', { name: 'Radera kontot' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Ditt konto är raderat. Tack för att du använde Samtalsmatch.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Logga in' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The old password signs nothing in.
  await page.goto('/auth?form=klient');
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(
    page.getByRole('form', { name: 'Logga in' }).getByText('Fel e-postadress eller lösenord.'),
  ).toBeVisible();
});

test('a therapist who just signed in with BankID erases the account without a password', async ({
  page,
}) => {
  await signInAsNewTherapist(page, 'Tove Tillfällig');
  await page.goto('/integritet');
  await page.getByRole('button', { name: 'Radera mitt konto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Radera ditt konto?' });
  await expect(dialog).toContainText('Borttagen terapeut');
  await expect(dialog.getByLabel('Ditt lösenord')).toHaveCount(0);
  await expect(dialog).toContainText('de senaste 10 minuterna');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Radera kontot' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Ditt konto är raderat. Tack för att du använde Samtalsmatch.'),
  ).toBeVisible();
});

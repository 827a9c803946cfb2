import { expectNoAxeViolations } from '../../fixtures/axe';
import { mailedLink } from '../../fixtures/mailbox';
import { expect, logInClient, STRONG_PASSWORD, test, uniqueEmail } from '../../fixtures/test';
import { registerVerifiedClient } from '../../fixtures/people';

// docs/rules/accounts.md#e-mail-change: the address changes only with the password, and the old
// address gets a link that undoes the change and ends every session.
test('a client changes the e-mail address with the password, and the old address undoes it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('byte');
  const newEmail = uniqueEmail('nyadress');
  await registerVerifiedClient(page, { email });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);

  // Phone (390 px): the menu leads to the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Öppna menyn' }).click();
  await page
    .getByRole('dialog', { name: 'Meny' })
    .getByRole('link', { name: 'E-postadress' })
    .click();
  await expect(page).toHaveURL(/\/account\/email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Byt e-postadress' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong password is refused on its field.
  await page.getByLabel('Ny e-postadress').fill(newEmail);
  await page.getByLabel('Nuvarande lösenord').fill('Fel-Lösenord-1');
  await page.getByRole('button', { name: 'Skicka bekräftelselänk' }).click();
  await expect(
    page
      .getByText('Lösenordet stämmer inte. Försök igen med ditt nuvarande lösenord.', {
        exact: true,
      })
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel('Nuvarande lösenord')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  // Desktop (1280 px): the right password sends the link to the new address.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Nuvarande lösenord').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Skicka bekräftelselänk' }).click();
  await expect(
    page.getByText(/Vi har skickat en bekräftelselänk till den nya e-postadressen/),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The new address confirms; the old one gets the notice with the undo link.
  await page.goto(await mailedLink(request, newEmail, '/verify-email/'));
  await expect(page.getByText('E-postadressen är bekräftad')).toBeVisible();
  const undoPath = await mailedLink(request, email, '/undo-email-change/');
  const token = undoPath.split('/').pop()!;

  await page.goto(undoPath);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ångra bytet av e-postadress' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/undo-email-change$/);
  expect(page.url()).not.toContain(token);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Ångra bytet av e-postadress' }).click();
  await expect(page.getByText('Bytet är ångrat')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Välj nytt lösenord' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Every session ended, this browser's too.
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
});

import { expectNoAxeViolations } from '../../fixtures/axe';
import {
  axeAtBothWidths,
  DESKTOP,
  PHONE,
  registerVerifiedClient,
  signInAsNewTherapist,
} from '../../fixtures/people';
import { expect, logInClient, test, uniqueEmail } from '../../fixtures/test';

// Issue 20, points 1 and 7: /integritet from the menu, and the discreet-mail
// switch that asks before it lets a client's mails say more.
test('a client turns discreet mails off after the dialog, and on again', async ({ page }) => {
  const email = uniqueEmail('integritet');
  await registerVerifiedClient(page, { email });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);

  // Phone: the slide-in menu has 'Integritet' right before 'Logga ut'.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Öppna menyn' }).click();
  const menu = page.getByRole('dialog', { name: 'Meny' });
  const items = menu.locator('a, button').filter({ hasText: /^(Integritet|Logga ut)$/ });
  await expect(items).toHaveText(['Integritet', 'Logga ut']);
  await menu.getByRole('link', { name: 'Integritet' }).click();
  await expect(page).toHaveURL(/\/integritet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integritet' })).toBeVisible();
  await expect(page).toHaveTitle('Integritet – Samtalsmatch');
  const discreet = page.getByRole('switch', { name: 'Diskreta utskick' });
  await expect(discreet).toBeChecked();
  await axeAtBothWidths(page, { endAt: 'desktop' });

  // Keyboard: the switch opens the dialog, which says what the mails would reveal.
  await discreet.focus();
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'Stänga av diskreta utskick?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('terapeutens namn');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(discreet).toBeFocused();
  await expect(discreet).toBeChecked();

  await discreet.click();
  await dialog.getByRole('button', { name: 'Stäng av diskreta utskick' }).click();
  await expect(dialog).toBeHidden();
  await expect(discreet).not.toBeChecked();
  await expect(page.getByText('Diskreta utskick är avstängda.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Kept by the server: a reload shows the same.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Diskreta utskick' })).not.toBeChecked();

  await page.getByRole('switch', { name: 'Diskreta utskick' }).click();
  await expect(page.getByRole('switch', { name: 'Diskreta utskick' })).toBeChecked();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.setViewportSize(DESKTOP);
});

test('a therapist reaches /integritet from the menu and has no switch to turn', async ({
  page,
}) => {
  await signInAsNewTherapist(page, 'Tilda Terapeut');
  await page.getByRole('button', { name: 'Meny' }).click();
  const items = page.getByRole('menuitem');
  await expect(items.last()).toHaveText('Logga ut');
  await expect(items.nth((await items.count()) - 2)).toHaveText('Integritet');
  await page.getByRole('menuitem', { name: 'Integritet' }).click();
  await expect(page).toHaveURL(/\/integritet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integritet' })).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expect(page.getByText('Mejl till dig nämner aldrig klienten')).toBeVisible();
  await axeAtBothWidths(page);
});

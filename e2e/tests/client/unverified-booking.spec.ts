import { mailedLink } from '../../fixtures/mailbox';
import {
  CLIENT_ANSWERS_FOR_FRESH_THERAPIST,
  PHONE,
  axeAtBothWidths,
  saveAnswers,
} from '../../fixtures/people';
import { expect, logInClient, registerClient, test, uniqueEmail } from '../../fixtures/test';

/*
 * docs/rules/accounts.md#e-mail-verification: a client whose e-mail is not verified opens a booking
 * page. It says so at the top, offers a new verification mail, and shows no
 * times to pick; once the address is verified (the link in the new mail),
 * the same page shows the free times.
 */
test('an unverified client is told on the booking page, resends the mail, verifies and then sees the times', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('overifierad');
  await registerClient(page.request, { email, name: 'Ove Rifierad' });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);
  await saveAnswers(page.request, CLIENT_ANSWERS_FOR_FRESH_THERAPIST);

  // A recommended (seeded) therapist's profile, then 'Boka en tid'.
  await page.goto('/dashboard');
  await page
    .getByRole('link', { name: /^Visa profil: / })
    .first()
    .click();
  await page.getByRole('link', { name: 'Boka en tid' }).first().click();
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]+\/booking$/);
  const bookingPath = new URL(page.url()).pathname;

  // At the top, under the page's heading: verify first, with the resend; nothing to pick.
  await expect(page.getByRole('heading', { level: 1, name: /^Boka tid hos / })).toBeVisible();
  const notice = page.getByRole('region', { name: 'Bekräfta din e-postadress först' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    'Du behöver bekräfta din e-postadress innan du kan välja tider och skicka en bokningsförfrågan.',
  );
  await expect(page.locator('button[aria-pressed]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Granska och skicka' })).toHaveCount(0);
  await axeAtBothWidths(page);

  // The resend (the same call as elsewhere), the address filled in.
  const resend = notice.getByRole('form', { name: 'Skicka ett nytt verifieringsmejl' });
  await expect(resend.getByLabel('E-postadress')).toHaveValue(email);
  await resend.getByRole('button', { name: 'Skicka nytt verifieringsmejl' }).click();
  await expect(notice.getByRole('status')).toContainText('bekräftelsemejl');
  await axeAtBothWidths(page);

  // The link verifies the address; back on the booking page the times are there.
  await page.goto(await mailedLink(page.request, email, '/verify-email/'));
  await expect(page.getByText('E-postadressen är bekräftad')).toBeVisible();
  await page.goto(bookingPath);
  const jump = page.getByRole('button', { name: 'Visa nästa vecka med lediga tider' });
  await expect(page.locator('button[aria-pressed]').or(jump).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bekräfta din e-postadress först' })).toHaveCount(
    0,
  );
  await expect(page.getByRole('button', { name: 'Granska och skicka' })).toBeVisible();
});

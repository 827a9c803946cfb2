import { apiPost, expect, test } from '../../fixtures/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { axeAtBothWidths, signInWithBankIdAs } from '../../fixtures/people';
import { withE2eDatabase } from '../../fixtures/database';

// The seeded demo accounts (packages/db/src/seed/demo.ts; README demo table).
const ADMIN = { name: 'Administratör Samtalsmatch', personnummer: '19770515-2390' };
const CLIENT = { email: 'klient.ett@samtalsmatch.example', password: 'Klient-demo-2025!' };
const UNVERIFIED = {
  name: 'Okänd Terapeut',
  email: 'okand.terapeut@samtalsmatch.example',
  personnummer: '19860130-1776',
};

test("the admin signs in with BankID, verifies the seeded unverified therapist, who then reaches the dashboard and a client's matches", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The test provider's page lists the demo admin with the test personnummer.
  await page.goto('/auth');
  await page.getByRole('button', { name: /Matcha mig med en terapeut/ }).click();
  await page.getByRole('button', { name: 'Logga in med BankID' }).click();
  await expect(page.getByText(ADMIN.personnummer)).toBeVisible();
  await page.getByRole('button', { name: `Logga in som ${ADMIN.name}` }).click();

  // /admin: the table, the review queue first; the header offers only 'Logga ut'.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vårdgivare' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Logga ut' })).toBeVisible();
  await expect(header.getByRole('button', { name: /Meny/ })).toHaveCount(0);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText(UNVERIFIED.name);
  await expect(rows.nth(1)).toContainText('Ej verifierad');
  await expect(rows.filter({ hasText: 'Anna Lindqvist' })).toContainText('Verifierad');
  await axeAtBothWidths(page, { endAt: 'desktop' });

  // The filter by status.
  await page.getByLabel('Visa').selectOption({ label: 'Verifierade' });
  await expect(rows.filter({ hasText: UNVERIFIED.name })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Anna Lindqvist' })).toHaveCount(1);
  await page.getByLabel('Visa').selectOption({ label: 'Ej verifierade' });
  await expect(rows.filter({ hasText: 'Anna Lindqvist' })).toHaveCount(0);
  await page.getByLabel('Visa').selectOption({ label: 'Alla' });

  // The server searches name or e-mail (any case).
  await page.getByLabel('Sök på namn eller e-post').fill('LINDQVIST');
  await page.getByRole('button', { name: 'Sök', exact: true }).click();
  await expect(rows.filter({ hasText: UNVERIFIED.name })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Anna Lindqvist' })).toHaveCount(1);
  await page.getByLabel('Sök på namn eller e-post').fill('');
  await page.getByRole('button', { name: 'Sök', exact: true }).click();
  await expect(rows.filter({ hasText: UNVERIFIED.name })).toHaveCount(1);

  // The row is reachable with the keyboard: its link opens the detail.
  const link = page.getByRole('link', { name: UNVERIFIED.name });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();

  // Every field, the personnummer as YYYYMMDD-XXXX, and the read in 'Historik'.
  await expect(page.getByRole('heading', { level: 1, name: UNVERIFIED.name })).toBeVisible();
  await expect(page.getByText(UNVERIFIED.personnummer)).toBeVisible();
  await expect(page.getByText(UNVERIFIED.email)).toBeVisible();
  await expect(page.getByText('Kungsgatan 7, 753 21 Uppsala')).toBeVisible();
  await expect(page.getByText('Kurator', { exact: true })).toBeVisible();
  await expect(page.getByText(/terapeuten visas inte för klienter/)).toBeVisible();
  const history = page.getByRole('list', { name: 'Historik' });
  await expect(history).toContainText(`${ADMIN.name}: Visade uppgifterna med personnummer`);
  await expect(history).toContainText('(svensk tid)');
  await axeAtBothWidths(page, { endAt: 'desktop' });

  // Proof of licence: the claimed Kurator title has no check yet, so verifying is refused.
  const verify = page.getByRole('button', { name: 'Verifiera', exact: true });
  const licence = page.getByRole('list', { name: 'Legitimation' });
  await expect(licence).toContainText('Legitimerad hälso- och sjukvårdskurator');
  await expect(licence).toContainText('Ej kontrollerad');
  await verify.click();
  await page
    .getByRole('dialog', { name: 'Verifiera terapeuten?' })
    .getByRole('button', { name: 'Verifiera', exact: true })
    .click();
  await expect(
    page.getByText(
      'Legitimationen som hälso- och sjukvårdskurator behöver kontrolleras i Socialstyrelsens register (HOSP) innan terapeuten kan verifieras. Kontrollen får vara högst 12 månader gammal.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Ej verifierad', { exact: true })).toBeVisible();

  // The admin records the check in a dialog: labelled, focus inside, no axe findings at 390 and 1280 px.
  const record = page.getByRole('button', { name: 'Registrera kontroll' });
  await record.click();
  const checkDialog = page.getByRole('dialog', { name: 'Registrera kontroll av legitimation' });
  await expect(checkDialog).toBeVisible();
  await expect(checkDialog.getByLabel('Titel')).toHaveValue('KURATOR');
  await axeAtBothWidths(page, { endAt: 'desktop' });
  await checkDialog.getByRole('button', { name: 'Spara kontrollen' }).click();
  await expect(checkDialog.getByText('Ange om titeln finns i registret.')).toBeVisible();
  await checkDialog.getByRole('radio', { name: 'Finns i registret', exact: true }).check();
  await checkDialog.getByRole('button', { name: 'Spara kontrollen' }).click();
  await expect(checkDialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Kontrollen är sparad' })).toBeVisible();
  await expect(record).toBeFocused();
  await expect(licence).toContainText('Kontrollerad');
  await expect(licence).not.toContainText('Ej kontrollerad');
  await expect(history).toContainText(`${ADMIN.name}: Kontrollerade legitimationen`);

  // Verify: asked first; focus is trapped in the dialog and returns to the control.
  await verify.click();
  const dialog = page.getByRole('dialog', { name: 'Verifiera terapeuten?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(verify).toBeFocused();
  await expect(page.getByText('Ej verifierad', { exact: true })).toBeVisible();

  await verify.click();
  await dialog.getByRole('button', { name: 'Verifiera', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Terapeuten är verifierad' }),
  ).toBeVisible();
  await expect(page.getByText('Verifierad', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ta bort verifiering' })).toBeFocused();
  await expect(history).toContainText(`${ADMIN.name}: Verifierade terapeuten`);

  // The therapist is told by e-mail that the account is active.
  await expect
    .poll(async () => {
      const res = await page.request.get(
        `/dev/mailbox.json?to=${encodeURIComponent(UNVERIFIED.email)}`,
      );
      const { mails } = (await res.json()) as { mails: { subject: string }[] };
      return mails.map((m) => m.subject);
    })
    .toContain('Ditt konto hos Samtalsmatch är nu aktivt');

  // 'Gå tillbaka' leads to the list, where the badge has changed.
  await page.getByRole('link', { name: 'Gå tillbaka' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(rows.filter({ hasText: UNVERIFIED.name })).toContainText('Verifierad');

  // An unknown id: 'Vårdgivare hittades inte'.
  await page.goto('/admin/00000000-0000-4000-8000-000000000000');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vårdgivare hittades inte' }),
  ).toBeVisible();
  await axeAtBothWidths(page, { endAt: 'desktop' });

  // The verified therapist signs in with BankID and reaches the dashboard,
  // not the holding page 'Ditt konto granskas'.
  const therapistContext = await browser.newContext({ baseURL: new URL(detailUrl).origin });
  await therapistContext.addInitScript(() => {
    window.localStorage.setItem('cookie-consent', 'declined');
  });
  const therapist = await therapistContext.newPage();
  await therapist.goto('/auth');
  await therapist.getByRole('button', { name: /Jag är terapeut/ }).click();
  await therapist.getByRole('button', { name: `Logga in som ${UNVERIFIED.name}` }).click();
  await expect(therapist).toHaveURL(/\/dashboard$/);
  // The provider dashboard: welcome and the two links.
  await expect(
    therapist.getByRole('heading', { level: 1, name: 'Välkommen, Okänd!' }),
  ).toBeVisible();
  await expect(therapist.getByRole('link', { name: 'Redigera profil' })).toBeVisible();
  await expect(therapist.getByText('Ditt konto granskas')).toHaveCount(0);
  const me = (await (await therapist.request.get('/api/users/me')).json()) as {
    type: string;
    ssn: string | null;
    profile: { isVerified: boolean };
  };
  expect(me).toMatchObject({ type: 'PROVIDER', ssn: null, profile: { isVerified: true } });
  await therapistContext.close();

  // A client whose answers fit (the seeded klient.ett: Swedish, stress) now finds
  // the therapist among the recommendations at the next recomputation.
  const clientContext = await browser.newContext({ baseURL: new URL(detailUrl).origin });
  await clientContext.addInitScript(() => {
    window.localStorage.setItem('cookie-consent', 'declined');
  });
  const client = await clientContext.newPage();
  const login = await apiPost(client.request, '/auth/login', CLIENT);
  expect(login.status(), await login.text()).toBe(200);
  const potential = await client.request.get('/api/matches/potential');
  expect(potential.status()).toBe(200);
  const recommended = (await potential.json()) as { provider: { name: string } }[];
  expect(recommended.map((m) => m.provider.name)).toContain(UNVERIFIED.name);
  await client.goto('/dashboard');
  await expect(
    client.getByRole('heading', { name: UNVERIFIED.name, exact: true }).first(),
  ).toBeVisible();

  // Leave the seed as it was: the holding-page journey (provider/onboarding.spec.ts)
  // signs in as this therapist and expects the account still under review.
  const providerId = new URL(detailUrl).pathname.split('/').pop()!;
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as {
    csrfToken: string;
  };
  const undo = await page.request.patch(`/api/admin/providers/${providerId}/verify`, {
    data: { isVerified: false },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(await undo.json()).toMatchObject({ id: providerId, isVerified: false });
  // Unverifying pauses an account; the seed's therapist was never verified, so
  // it goes back to waiting for its first review, not to a paused account.
  await withE2eDatabase((db) =>
    db.query('update provider_profiles set paused_at = null where user_id = $1', [providerId]),
  );

  // Unverified again, the therapist leaves the client's recommendations at the next recomputation.
  const after = (await (await client.request.get('/api/matches/potential')).json()) as {
    provider: { name: string };
  }[];
  expect(after.map((m) => m.provider.name)).not.toContain(UNVERIFIED.name);
  await clientContext.close();
});

test('a client and a therapist are sent away from /admin, and the admin API refuses them', async ({
  page,
}) => {
  await signInWithBankIdAs(page, 'Anna Lindqvist');
  await expect(page).not.toHaveURL(/\/admin/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await page.request.get('/api/admin/providers')).status()).toBe(403);
});

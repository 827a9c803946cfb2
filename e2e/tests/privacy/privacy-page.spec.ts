import { expectNoAxeViolations } from '../../fixtures/axe';
import {
  adminPage,
  axeAtBothWidths,
  CLIENT_ANSWERS_FOR_FRESH_THERAPIST,
  clientRequestsFirstHours,
  DESKTOP,
  freshTherapist,
  newPage,
  PHONE,
  registerVerifiedClient,
  saveAnswers,
  setProviderVerified,
  signInAsNewTherapist,
} from '../../fixtures/people';
import { expect, logInClient, test, uniqueEmail } from '../../fixtures/test';

// /integritet from the menu, and the discreet-mail
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

// Withdrawing the questionnaire consent removes the
// answers; the dashboard says so and offers to answer again.
test('a client withdraws the questionnaire consent and the dashboard says the answers are gone', async ({
  page,
}) => {
  const email = uniqueEmail('samtycke');
  await registerVerifiedClient(page, { email });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);
  await saveAnswers(page.request, CLIENT_ANSWERS_FOR_FRESH_THERAPIST);

  await page.goto('/integritet');
  const section = page.getByRole('region', { name: 'Samtycke till frågeformuläret' });
  await expect(section.getByText(/Du gav ditt samtycke .* \(svensk tid\)\./)).toBeVisible();
  await section.getByRole('button', { name: 'Ta tillbaka samtycket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ta tillbaka samtycket?' });
  await expect(dialog).toContainText('Bokningar som redan pågår påverkas inte');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Ta tillbaka och ta bort mina svar' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Dina svar är borttagna', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Svara på frågorna igen' })).toBeVisible();
  await axeAtBothWidths(page);
  const answers = (await (await page.request.get('/api/answers')).json()) as unknown[];
  expect(answers).toEqual([]);
});

// A therapist opening a client's request is a real read of
// the client's answers; the client then sees it under 'Vem har läst mina
// uppgifter', with the day, the therapist's name and what was read.
test("a therapist opens a client's request and the client sees that read on /integritet", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const therapist = 'Lova Läsare';
  const admin = await adminPage(browser, baseURL!);
  const client = await newPage(browser, baseURL!);
  const providerId = await freshTherapist(page, {
    name: therapist,
    street: 'Läsargatan 3',
    title: ['PSYKOTERAPEUT'],
    price: 900,
    personalAttributes: 'Lugn',
  });
  await setProviderVerified(admin, providerId, true);
  try {
    await clientRequestsFirstHours(client, providerId, 'Vera Väntansson');

    // Before the therapist opens anything, nobody has read the client's data.
    await client.goto('/integritet');
    const log = client.getByRole('region', { name: 'Vem har läst mina uppgifter' });
    await expect(log.getByText('Ingen annan har läst dina uppgifter.')).toBeVisible();

    // The therapist's dashboard lists the request (no read); 'Granska' reads the answers.
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard');
    const row = page
      .getByRole('region', { name: 'Bokningsförfrågningar' })
      .getByRole('row', { name: /Vera Väntansson/ });
    const openedOn = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Stockholm',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date());
    await row.getByRole('button', { name: 'Granska' }).click();
    const dialog = page.getByRole('dialog', { name: 'Granska bokning' });
    await expect(
      dialog.getByRole('region', { name: 'Klientens svar' }).getByText('Ångest och oro (viktig)'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Stäng' }).click();

    // The client sees the read: when, who and what, in a named list.
    await client.reload();
    const entries = log
      .getByRole('list', { name: 'Läsningar av dina uppgifter, den senaste först' })
      .getByRole('listitem');
    await expect(entries).toHaveCount(1);
    // The read's time starts its line: a capital.
    const openedOnAtLineStart = openedOn.charAt(0).toUpperCase() + openedOn.slice(1);
    await expect(entries.first()).toHaveText(new RegExp(`^${openedOnAtLineStart} kl\\. `));
    await expect(entries.first()).toContainText(`Vem:${therapist}, terapeut`);
    await expect(entries.first()).toContainText('Vad:Ditt namn och dina svar på frågeformuläret');
    // Every read counts: the line says how many (decision 412).
    await expect(entries.first()).toContainText(/Antal:\d+ gång/);
    await expect(log.getByText('Tiderna är svensk tid.', { exact: false })).toBeVisible();
    await axeAtBothWidths(client);
  } finally {
    // Leave the shared database as the other journeys expect: this therapist is matched no more.
    await setProviderVerified(admin, providerId, false);
    await client.context().close();
    await admin.context().close();
  }
});

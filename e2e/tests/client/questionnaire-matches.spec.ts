import type { Locator, Page } from '@playwright/test';
import { mailedLink } from '../../fixtures/mailbox';
import {
  expect,
  logInClient,
  registerClient,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
} from '../../fixtures/test';
import { PHONE, axeAtBothWidths, saveAnswers } from '../../fixtures/people';

/** Presses Tab (nothing else) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function stepHeading(page: Page, name: string) {
  const heading = page.getByRole('heading', { level: 2, name });
  await expect(heading).toBeFocused();
  return heading;
}

test('a new client answers everything with the keyboard and sees explained matches and a therapist', async ({
  page,
  request,
}) => {
  // A long journey with axe at two widths in every state.
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('matchning');

  // Register, verify the address through the development mailbox, sign in.
  await page.goto('/auth?form=klient');
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await page.getByLabel('Namn').fill('Maja Berg');
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Bekräfta lösenord').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await page
    .getByRole('dialog', { name: 'Tack för din registrering!' })
    .getByRole('button', { name: 'Stäng' })
    .click();
  await page.goto(await mailedLink(request, email, '/verify-email/'));
  await expect(page.getByText('E-postadressen är bekräftad')).toBeVisible();
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);

  // From here on: the keyboard only.
  const progress = page.getByRole('progressbar', { name: 'Framsteg i frågeformuläret' });
  await expect(page.getByRole('heading', { level: 2, name: 'Innan du börjar' })).toBeVisible();
  await expect(page.getByText(/personuppgifter delas inte med terapeuterna/)).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', /^Steg 1 av \d+$/);
  await axeAtBothWidths(page);
  const next = page.getByRole('button', { name: 'Nästa' });
  await expect(next).toBeDisabled();
  await tabTo(page, page.getByRole('checkbox', { name: /Jag samtycker/ }));
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');

  // Age (single choice): Space picks and the next question follows by itself.
  await stepHeading(page, 'Vilken åldersgrupp tillhör du?');
  await axeAtBothWidths(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: '18–24 år' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: '25–34 år' })).toBeChecked();
  await page.keyboard.press('Space');

  // Language (multiselect): Swedish and English, then Next.
  await stepHeading(page, 'På vilket språk vill du ha dina samtal?');
  await axeAtBothWidths(page);
  await expect(next).toBeDisabled();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Svenska' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Engelska' })).toBeChecked();
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Its importance: 'Väldigt viktig', picked with the arrows, confirmed with Space.
  await stepHeading(page, 'Hur viktigt är det här för dig?');
  await axeAtBothWidths(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Väldigt viktig' })).toBeChecked();
  await page.keyboard.press('Space');

  // Therapy methods: "don't know" clears nothing to clear and needs no importance.
  await stepHeading(page, 'Vilken eller vilka terapiformer är du intresserad av?');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'KBT (kognitiv beteendeterapi)' })).toBeChecked();
  const dontKnow = page.getByRole('checkbox', { name: 'Vet inte / ingen preferens' });
  await tabTo(page, dontKnow);
  await page.keyboard.press('Space');
  await expect(dontKnow).toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: 'KBT (kognitiv beteendeterapi)' }),
  ).not.toBeChecked();
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // Problem areas: anxiety, importance 'Viktig'.
  await stepHeading(page, 'Vad skulle du vilja ha hjälp med?');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Ångest och oro' })).toBeChecked();
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await stepHeading(page, 'Hur viktigt är det här för dig?');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');

  // Back one step keeps the answer; forward again.
  await stepHeading(
    page,
    'Vill du att din terapeut har särskild kunskap inom något av de här områdena?',
  );
  await tabTo(page, page.getByRole('button', { name: 'Föregående' }));
  await page.keyboard.press('Enter');
  await stepHeading(page, 'Hur viktigt är det här för dig?');
  await expect(page.getByRole('radio', { name: 'Viktig', exact: true })).toBeChecked();
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  // The last question, then save.
  await stepHeading(
    page,
    'Vill du att din terapeut har särskild kunskap inom något av de här områdena?',
  );
  const nothingSpecial = page.getByRole('checkbox', { name: 'Inget särskilt / ingen preferens' });
  await tabTo(page, nothingSpecial);
  await page.keyboard.press('Space');
  // No preference needs no importance: this is the last step now.
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  const save = page.getByRole('button', { name: 'Spara svar' });
  await axeAtBothWidths(page);
  await tabTo(page, save);
  await page.keyboard.press('Enter');

  // The dashboard: explained recommendations.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Välkommen, Maja!' })).toBeVisible();
  const recommended = page.getByRole('region', { name: 'Rekommenderade terapeuter' });
  await expect(recommended.getByRole('article').first()).toBeVisible();
  const first = recommended.getByRole('article').first();
  await expect(first.getByText('Talar svenska och engelska')).toBeVisible();
  await expect(first.getByText(/Väldigt bra match|Bra match|Okej match/)).toBeVisible();
  await expect(first.getByText(/Från \d+ SEK \/ session/)).toBeVisible();
  await axeAtBothWidths(page);

  // The first recommended therapist, opened with the keyboard.
  const name = (await first.getByRole('heading', { level: 3 }).textContent())!;
  await tabTo(page, first.getByRole('link', { name: `Visa profil: ${name}` }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/provider\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Din bästa matchning')).toBeVisible();
  const why = page.getByRole('region', { name: 'Varför den här matchningen?' });
  await expect(why.getByText('Talar svenska och engelska')).toBeVisible();
  await expect(page.getByText('Avbokningspolicy')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Boka en tid' }).first()).toHaveAttribute(
    'href',
    /\/provider\/[0-9a-f-]+\/booking$/,
  );
  // Cookies declined: no map until the client asks for it.
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Öppna adressen i en karta/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/search\?query=/,
  );
  await axeAtBothWidths(page);
  await tabTo(page, page.getByRole('button', { name: 'Visa karta' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('iframe')).toHaveCount(1);

  // 'Gå tillbaka' leads to the dashboard.
  await page.getByRole('link', { name: 'Gå tillbaka' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A match that is not the client's: a Swedish not-found state.
  await page.goto('/provider/00000000-0000-4000-8000-00000000dead');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Matchningen hittades inte' }),
  ).toBeVisible();
  await axeAtBothWidths(page);
});

test('a client whose must-have no therapist meets sees the empty state and why', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('tom');
  await registerClient(request, { email, name: 'Tove Tom' });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);

  // Answers saved over the API (the questionnaire itself is the other journey): Somali is a must.
  await saveAnswers(page.request, [
    ['age', ['25-34']],
    ['language', ['so'], 3],
    ['therapy_methods', ['any']],
    ['problem_areas', ['angest'], 1],
    ['knowledge_areas', ['any']],
  ]);

  await page.goto('/dashboard');
  const empty = page.getByRole('region', { name: 'Inga matchningar än' });
  await expect(empty.getByRole('heading', { level: 2, name: 'Inga matchningar än' })).toBeVisible();
  await expect(empty.getByRole('link', { name: 'Uppdatera dina svar' })).toHaveAttribute(
    'href',
    '/questions',
  );
  // Why: the very important answer that no therapist meets, with the client's choice.
  await expect(
    empty.getByText(
      'Ingen av våra terapeuter med lediga tider uppfyller det här, som du har markerat som ”Väldigt viktig”:',
    ),
  ).toBeVisible();
  await expect(empty.getByText('På vilket språk vill du ha dina samtal?')).toBeVisible();
  await expect(empty.getByText('Ditt svar: Somaliska')).toBeVisible();
  const change = empty.getByRole('link', {
    name: 'Ändra svaret på frågan ”På vilket språk vill du ha dina samtal?”',
  });
  await expect(change).toHaveAttribute('href', '/questions?fraga=language');
  await axeAtBothWidths(page);

  // The link opens that question, the consent already recorded and the answer chosen.
  await change.click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'På vilket språk vill du ha dina samtal?' }),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Somaliska' })).toBeChecked();

  // 'Uppdatera dina svar' opens the first question with the saved answers chosen.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Uppdatera dina svar' }).click();
  await expect(page.getByRole('radio', { name: '25–34 år' })).toBeChecked();
});

import type { Page } from '@playwright/test';
import { PHONE, axeAtBothWidths, newPage } from '../../fixtures/people';
import { expect, logInClient, registerClient, test, uniqueEmail } from '../../fixtures/test';

/** The next PUT /api/answers/draft that succeeds (the questionnaire saves its place on each step). */
function draftSaved(page: Page) {
  return page.waitForResponse(
    (r) => r.url().endsWith('/api/answers/draft') && r.request().method() === 'PUT' && r.ok(),
  );
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('a reload or another device resumes the questionnaire at the first unanswered step, answers kept', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('fortsatt');
  await registerClient(page.request, { email, name: 'Rut Åter' });
  await logInClient(page, email);
  await expect(page).toHaveURL(/\/questions$/);

  // Consent, then a few steps: age, language and its importance.
  await page.getByRole('checkbox', { name: /Jag samtycker/ }).check();
  await page.getByRole('button', { name: 'Nästa' }).click();
  await expect(heading(page, 'Vilken åldersgrupp tillhör du?')).toBeVisible();
  let saved = draftSaved(page);
  await page.getByRole('radio', { name: '35–49 år' }).check();
  await expect(heading(page, 'På vilket språk vill du ha dina samtal?')).toBeVisible();
  await saved;
  await page.getByRole('checkbox', { name: 'Svenska' }).check();
  await page.getByRole('checkbox', { name: 'Finska' }).check();
  saved = draftSaved(page);
  await page.getByRole('button', { name: 'Nästa' }).click();
  await expect(heading(page, 'Hur viktigt är det här för dig?')).toBeVisible();
  await saved;
  saved = draftSaved(page);
  await page.getByRole('radio', { name: 'Viktig', exact: true }).check();
  const methods = 'Vilken eller vilka terapiformer är du intresserad av?';
  await expect(heading(page, methods)).toBeVisible();
  await saved;
  const progress = page.getByRole('progressbar', { name: 'Framsteg i frågeformuläret' });
  const position = await progress.getAttribute('aria-valuetext');
  expect(position).toMatch(/^Steg 5 av \d+$/);

  // A reload: the same step, no consent asked again, the earlier answers kept.
  await page.reload();
  await expect(heading(page, methods)).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', position!);
  await axeAtBothWidths(page);
  await page.getByRole('button', { name: 'Föregående' }).click();
  await expect(heading(page, 'Hur viktigt är det här för dig?')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Viktig', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Föregående' }).click();
  await expect(page.getByRole('checkbox', { name: 'Svenska' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Finska' })).toBeChecked();
  await page.getByRole('button', { name: 'Föregående' }).click();
  await expect(page.getByRole('radio', { name: '35–49 år' })).toBeChecked();

  // Another device (a browser of its own) signs in and lands on the same step.
  const other = await newPage(browser, baseURL!);
  await other.setViewportSize(PHONE);
  await logInClient(other, email);
  await expect(other).toHaveURL(/\/questions$/);
  await expect(heading(other, methods)).toBeVisible();
  await other.close();

  // The draft never completed the questionnaire: the rest, then 'Spara svar' does.
  await page.getByRole('button', { name: 'Nästa' }).click();
  await page.getByRole('button', { name: 'Nästa' }).click();
  await page.getByRole('button', { name: 'Nästa' }).click();
  await expect(heading(page, methods)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Vet inte / ingen preferens' }).check();
  await page.getByRole('button', { name: 'Nästa' }).click();
  await page.getByRole('checkbox', { name: 'Ångest och oro' }).check();
  await page.getByRole('button', { name: 'Nästa' }).click();
  await page.getByRole('radio', { name: 'Inte så viktig' }).check();
  await page.getByRole('checkbox', { name: 'Inget särskilt / ingen preferens' }).check();
  await page.getByRole('button', { name: 'Spara svar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const draft = (await (await page.request.get('/api/answers/draft')).json()) as {
    answers: unknown[];
  };
  expect(draft.answers).toEqual([]);
});

import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, test } from '../../fixtures/test';
import {
  DESKTOP,
  PHONE,
  THERAPIST_DESCRIPTION,
  makePng,
  signInAsNewTherapist,
  signInAsUnverifiedTherapist,
} from '../../fixtures/people';
import { stockholmWeekday } from '../../fixtures/stockholm';

/** The page itself never scrolls sideways (the calendar scrolls inside its own box). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Answers every provider question with its first option until the answers are saved. */
async function answerQuestionnaire(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Innan du börjar' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: /Jag samtycker/ }).check();
  await page.getByRole('button', { name: 'Nästa' }).click();
  const form = page.locator('main form');
  for (let step = 0; step < 40; step += 1) {
    if (/\/availability$/.test(page.url())) return;
    const heading = form.getByRole('heading', { level: 2 });
    const before = await heading.textContent();
    const radios = form.getByRole('radio');
    const boxes = form.getByRole('checkbox');
    const text = form.getByRole('textbox');
    if (await radios.count()) await radios.first().check();
    else if (await boxes.count()) await boxes.first().check();
    else if (await text.count()) await text.first().fill('Samtal');
    // A single choice moves on by itself after 200 ms; otherwise press the button.
    const moved = await expect(heading)
      .not.toHaveText(before ?? '', { timeout: 1500 })
      .then(() => true)
      .catch(() => false);
    if (moved) continue;
    const save = page.getByRole('button', { name: 'Spara svar' });
    if (await save.isVisible()) {
      await save.click();
      await expect(page).toHaveURL(/\/availability$/);
      return;
    }
    await page.getByRole('button', { name: 'Nästa' }).click();
  }
  await expect(page).toHaveURL(/\/availability$/);
}

/** BankID as a new therapist, then the profile form in every state, saved. */
async function completeProfile(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await signInAsNewTherapist(page, 'Tova Terapeut');

  // The profile form: the name from BankID, no way back at the first step.
  await expect(page.getByRole('heading', { level: 1, name: 'Din profil' })).toBeVisible();
  await expect(page.getByLabel('Namn')).toBeDisabled();
  await expect(page.getByLabel('Namn')).toHaveValue('Tova Terapeut');
  await expect(page.getByRole('button', { name: 'Gå tillbaka' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: '24 timmar innan' })).toBeChecked();
  await expect(page.getByText('200 ord kvar')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoPageOverflow(page);

  // An empty save: the banner and the messages, axe-clean.
  await page.getByRole('button', { name: 'Spara profil' }).click();
  await expect(
    page.getByText('Formuläret innehåller fel. Rätta de markerade fälten och försök igen.'),
  ).toBeVisible();
  await expect(page.getByText('Profilbild är obligatorisk')).toBeVisible();
  await expect(page.getByText('Beskrivning måste vara minst 200 ord lång')).toBeVisible();
  await expectNoAxeViolations(page);

  // A file that is not an image is refused before upload.
  const picker = page.getByLabel('Profilbild');
  await picker.setInputFiles({
    name: 'skript.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('echo hej'),
  });
  await expect(
    page.getByText('Profilbilden måste vara en jpg-, jpeg- eller png-fil.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // A real PNG is uploaded and shown.
  await picker.setInputFiles({
    name: 'profil.png',
    mimeType: 'image/png',
    buffer: await makePng(),
  });
  await expect(page.getByRole('img', { name: 'Din profilbild' })).toBeVisible();
  await expect(page.getByText('Profilbild är obligatorisk')).toHaveCount(0);

  await page.getByLabel('E-postadress').fill(`tova.${Date.now()}@example.se`);
  await page.getByLabel('Telefonnummer').fill('0701234567');
  await page.getByLabel('Gatuadress').fill('Storgatan 1');
  await page.getByLabel('Postnummer').fill('111 22');
  await page.getByLabel('Ort').fill('Stockholm');
  await page.getByRole('checkbox', { name: 'Psykoterapeut' }).check();
  await page.getByRole('checkbox', { name: 'Masterexamen' }).check();
  await page.getByRole('radio', { name: 'Video', exact: true }).check();
  await page.getByLabel('Beskrivning').fill(THERAPIST_DESCRIPTION);
  await expect(page.getByText('Beskrivningen når upp till 200 ord.')).toBeVisible();
  await page.getByLabel('Pris per session (SEK)').fill('950');
  await page.getByLabel('Sessionslängd (minuter)').fill('50');
  await page.getByLabel('Personliga egenskaper').fill('Lugn, nyfiken, varm');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Formuläret innehåller fel' }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Spara profil' }).click();
}

for (const [label, viewport] of [
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
] as const) {
  test(`a new therapist signs in with BankID, completes the profile and goes on to the questionnaire (${label})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await completeProfile(page, viewport);
    // PROFILE_COMPLETED goes on to the questionnaire (docs/rules/accounts.md#after-a-save).
    await expect(page).toHaveURL(/\/questions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frågeformulär' })).toBeVisible();
    const me = (await (await page.request.get('/api/users/me')).json()) as {
      onboardingStep: string;
      profile: {
        title: string[];
        cancellationPolicy: string;
        meetingFormat: string;
        profileImageSignedUrl: string;
      };
    };
    expect(me.onboardingStep).toBe('PROFILE_COMPLETED');
    expect(me.profile.meetingFormat).toBe('VIDEO');
    expect(me.profile.title).toEqual(['PSYKOTERAPEUT']);
    expect(me.profile.cancellationPolicy).toBe('TWENTY_FOUR_HOURS');
    // The uploaded image is served through its signed URL.
    const image = await page.request.get(me.profile.profileImageSignedUrl);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
  });

  test(`a new therapist goes from BankID through profile, questionnaire and availability to the holding page (${label})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await completeProfile(page, viewport);
    await expect(page).toHaveURL(/\/questions$/);
    await answerQuestionnaire(page);

    // The manage calendar.
    await expect(page.getByRole('heading', { level: 1, name: 'Tillgänglighet' })).toBeVisible();
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    // The calendar starts today.
    const today = stockholmWeekday(new Date());
    // The weekday starts the column's first line: a capital.
    const todayAtLineStart = today.charAt(0).toUpperCase() + today.slice(1);
    await expect(grid.getByRole('columnheader').nth(1)).toHaveText(
      new RegExp(`^${todayAtLineStart}`),
    );
    await expectNoAxeViolations(page);
    await expectNoPageOverflow(page);
    // On a phone one day at a time (the day switcher), on a desktop seven days.
    await expect(grid.getByRole('columnheader')).toHaveCount(viewport === PHONE ? 2 : 8);

    // With the keyboard: into the grid, to the next week's second day at 08:00, chosen with Space.
    await page.getByRole('button', { name: 'Nästa vecka' }).click();
    if (viewport === PHONE) await page.getByRole('tablist').getByRole('tab').nth(1).click();
    const firstCell = grid.getByRole('gridcell').first();
    await firstCell.focus();
    await expect(firstCell).toHaveAttribute('aria-label', / 07:00, ingen tid$/);
    if (viewport === DESKTOP) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const secondDay8 = grid.getByRole('gridcell').nth(viewport === PHONE ? 1 : 8);
    await expect(secondDay8).toBeFocused();
    await page.keyboard.press('Space');
    await expect(secondDay8).toHaveAttribute('aria-label', / 08:00, ledig$/);
    const secondWeekday = (await secondDay8.getAttribute('aria-label'))!.split(' ')[0]!;
    await page.getByLabel('Använd veckans tider i').selectOption({ label: '2 veckor' });
    await page.getByRole('button', { name: 'Spara tider' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Spara i 2 veckor' }).click();

    await expect(page.getByText('Dina tider har sparats')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Ditt konto granskas' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('1–2 arbetsdagar');
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'Till översikten' }).click();

    // The holding page for an unverified therapist.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ditt konto granskas' }),
    ).toBeVisible();
    await expect(page.getByText(/Tack för att du har registrerat dig/)).toBeVisible();
    await expect(
      page.getByText(/e-postmeddelande så snart ditt konto är verifierat/),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    const me = (await (await page.request.get('/api/users/me')).json()) as {
      id: string;
      onboardingStep: string;
      profile: { isVerified: boolean };
    };
    expect(me.onboardingStep).toBe('ONBOARDING_COMPLETED');
    expect(me.profile.isVerified).toBe(false);
    const slots = (await (await page.request.get(`/api/availabilities/${me.id}`)).json()) as {
      startTime: string;
    }[];
    // The week's choice (that day at 08:00, plus the default hours of the first seven days) for two weeks.
    const chosenHour = slots.filter((s) => {
      const d = new Date(s.startTime);
      return (
        new Intl.DateTimeFormat('sv-SE', {
          timeZone: 'Europe/Stockholm',
          weekday: 'long',
          hour: '2-digit',
        }).format(d) === `${secondWeekday} 08`
      );
    });
    expect(chosenHour).toHaveLength(2);
  });

  test(`an unverified therapist's dashboard is the holding page 'Ditt konto granskas' (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAsUnverifiedTherapist(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ditt konto granskas' }),
    ).toBeVisible();
    await expect(page.getByText(/Tack för att du har registrerat dig/)).toBeVisible();
    await expect(page.getByText(/1–2 arbetsdagar/)).toBeVisible();
    await expect(
      page.getByText(/e-postmeddelande så snart ditt konto är verifierat och aktivt/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoPageOverflow(page);
    await page.getByRole('link', { name: 'Tillgänglighet' }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoPageOverflow(page);
  });
}

async function slotStarts(page: Page): Promise<Set<string>> {
  const me = (await (await page.request.get('/api/users/me')).json()) as { id: string };
  const slots = (await (await page.request.get(`/api/availabilities/${me.id}`)).json()) as {
    startTime: string;
  }[];
  return new Set(slots.map((s) => new Date(s.startTime).toISOString()));
}

test.describe('the calendar across the clock changes', () => {
  test('the week of the last Sunday of March (23 hours)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAsUnverifiedTherapist(page);
    // Wednesday 24 March 2027, 12:00 Stockholm; Sunday 28 March has no 02:00.
    await page.clock.setFixedTime(new Date('2027-03-24T11:00:00Z'));
    await page.goto('/availability');
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    // The phone shows one day at a time: today first, the others through the day switcher.
    await expect(
      grid.getByRole('gridcell', { name: /^onsdag 24 mars 11:00.*passerad$/ }),
    ).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('tab', { name: 'lördag 27 mars' }).click();
    const sat7 = grid.getByRole('gridcell', { name: /^lördag 27 mars 07:00/ });
    await expect(sat7).toHaveAttribute('data-start', '2027-03-27T06:00:00.000Z');
    await expectNoAxeViolations(page);
    await grid.getByRole('gridcell', { name: 'lördag 27 mars 08:00, ingen tid' }).click();
    await page.getByRole('tab', { name: 'söndag 28 mars' }).click();
    const sun7 = grid.getByRole('gridcell', { name: /^söndag 28 mars 07:00/ });
    await expect(sun7).toHaveAttribute('data-start', '2027-03-28T05:00:00.000Z');
    await grid.getByRole('gridcell', { name: 'söndag 28 mars 08:00, ingen tid' }).click();
    await page.getByRole('button', { name: 'Spara tider' }).click();
    await expect(page.getByText('Dina tider har sparats')).toBeVisible();
    await expect(grid.getByRole('gridcell', { name: 'söndag 28 mars 08:00, ledig' })).toBeVisible();
    const starts = await slotStarts(page);
    expect(starts.has('2027-03-27T07:00:00.000Z')).toBe(true); // 08:00 CET
    expect(starts.has('2027-03-28T06:00:00.000Z')).toBe(true); // 08:00 CEST
  });

  test('the week of the last Sunday of October (25 hours), applied for 2 weeks', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsUnverifiedTherapist(page);
    // Wednesday 27 October 2027, 12:00 Stockholm; Sunday 31 October has 02:00 twice.
    await page.clock.setFixedTime(new Date('2027-10-27T10:00:00Z'));
    await page.goto('/availability');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('gridcell', { name: /^lördag 30 oktober 07:00/ })).toHaveAttribute(
      'data-start',
      '2027-10-30T05:00:00.000Z',
    );
    await expect(grid.getByRole('gridcell', { name: /^söndag 31 oktober 07:00/ })).toHaveAttribute(
      'data-start',
      '2027-10-31T06:00:00.000Z',
    );

    await grid.getByRole('gridcell', { name: 'söndag 31 oktober 09:00, ingen tid' }).click();
    await page.getByLabel('Använd veckans tider i').selectOption({ label: '2 veckor' });
    await page.getByRole('button', { name: 'Spara tider' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Spara i 2 veckor' }).click();
    await expect(page.getByText('Dina tider har sparats')).toBeVisible();
    await page.getByRole('button', { name: 'Nästa vecka' }).click();
    await expect(
      grid.getByRole('gridcell', { name: 'söndag 7 november 09:00, ledig' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const starts = await slotStarts(page);
    expect(starts.has('2027-10-31T08:00:00.000Z')).toBe(true); // 09:00 CET, the long day
    expect(starts.has('2027-11-07T08:00:00.000Z')).toBe(true);

    // Clearing the two weeks removes them again, after the confirmation.
    await page.getByRole('button', { name: 'Föregående vecka' }).click();
    await page.getByRole('button', { name: 'Rensa' }).click();
    await page
      .getByRole('dialog', { name: 'Rensa lediga tider i 2 veckor?' })
      .getByRole('button', { name: /^Rensa \d+ tider?$/ })
      .click();
    await expect(page.getByText('Dina tider har rensats')).toBeVisible();
    const after = await slotStarts(page);
    expect(after.has('2027-10-31T08:00:00.000Z')).toBe(false);
    expect(after.has('2027-11-07T08:00:00.000Z')).toBe(false);
  });
});

import { expectNoAxeViolations } from '../../fixtures/axe';
import { primaryActions } from '../../fixtures/primaries';
import { expect, logInClient, test, uniqueEmail } from '../../fixtures/test';
import {
  CLIENT_ANSWERS_FOR_FRESH_THERAPIST,
  DESKTOP,
  PHONE,
  axeAtBothWidths,
  registerVerifiedClient,
  saveAnswers,
  verifiedTherapistAndClient,
  type FreshTherapist,
} from '../../fixtures/people';

/*
 * The client's journey (docs/rules/bookings.md): request three times from the booking page,
 * the therapist confirms in the review dialog of the therapist's dashboard,
 * the client reads 'Bokningsinformation' and cancels
 * within the policy. The therapist is made fresh for this test (BankID test
 * login, profile, answers, slots, verified by the admin) and unverified again
 * at the end, so the seeded therapists and the shared e2e database keep their
 * state for the other journeys.
 */

const THERAPIST = 'Britt Bokare';
const BRITT: FreshTherapist = {
  name: THERAPIST,
  street: 'Bokgatan 3',
  title: ['PSYKOLOG'],
  price: 900,
  personalAttributes: 'Lugn, varm',
};
const MESSAGE = 'Välkommen! Ring på porttelefonen när du kommer.';

test('a client requests three times, the therapist confirms, the client reads the booking and cancels within the policy', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // A fresh therapist (profile, answers, slots), verified by the admin (BankID test login).
  const people = await verifiedTherapistAndClient({ browser, baseURL, page }, BRITT, 'own page');
  const { therapist, providerId } = people;

  try {
    // A fresh client with a verified e-mail and saved answers.
    await page.setViewportSize(PHONE);
    const email = uniqueEmail('bokning');
    await registerVerifiedClient(page, { email, name: 'Bo Klient' });
    await logInClient(page, email);
    await expect(page).toHaveURL(/\/questions$/);
    await saveAnswers(page.request, CLIENT_ANSWERS_FOR_FRESH_THERAPIST);

    // The therapist among the recommendations: the profile, then 'Boka en tid'.
    await page.goto('/dashboard');
    // Each page takes focus to its heading after the move, the profile and the booking page too.
    await page.getByRole('link', { name: `Visa profil: ${THERAPIST}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: THERAPIST })).toBeFocused();
    // 'Boka en tid' in the bar that stays in view; one primary action on the page.
    await expect(page.getByRole('link', { name: 'Boka en tid' })).toHaveCount(1);
    expect((await primaryActions(page)).main).toEqual(['Boka en tid']);
    await page.getByRole('link', { name: 'Boka en tid' }).click();
    await expect(page).toHaveURL(/\/provider\/[0-9a-f-]+\/booking$/);
    const bookingPath = new URL(page.url()).pathname;

    // The booking page: free times from tomorrow, week by week.
    await expect(
      page.getByRole('heading', { level: 1, name: `Boka tid hos ${THERAPIST}` }),
    ).toBeFocused();
    await expect(page.getByRole('button', { name: 'Föregående vecka' })).toBeDisabled();
    const jump = page.getByRole('button', { name: 'Visa nästa vecka med lediga tider' });
    const times = page.locator('button[aria-pressed]');
    await expect(times.or(jump).first()).toBeVisible();
    if (await jump.isVisible()) await jump.click();
    const free = page.locator('button[aria-pressed="false"]:not([disabled])');
    await expect(free.first()).toBeVisible();
    const send = page.getByRole('button', { name: 'Granska och skicka' });
    await expect(send).toBeDisabled();
    expect((await primaryActions(page)).main).toEqual(['Granska och skicka']);
    await axeAtBothWidths(page);

    // The chosen times stand beside the calendar on a desktop, below it on a phone.
    const chosen = page.getByRole('region', { name: 'Dina valda tider' });
    const calendar = page.getByRole('region', { name: 'Lediga tider' });
    await page.setViewportSize(DESKTOP);
    let [c, k] = [(await chosen.boundingBox())!, (await calendar.boundingBox())!];
    expect(c.x).toBeGreaterThanOrEqual(k.x + k.width);
    expect(c.y).toBeLessThan(k.y + k.height);
    await page.setViewportSize(PHONE);
    [c, k] = [(await chosen.boundingBox())!, (await calendar.boundingBox())!];
    expect(c.y).toBeGreaterThanOrEqual(k.y + k.height);

    // Three times with the keyboard only: the times are one Tab stop, the arrows move.
    await page.getByRole('heading', { level: 1 }).focus();
    const focusedStart = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-start') ?? null);
    for (let i = 0; i < 15 && !(await focusedStart()); i++) await page.keyboard.press('Tab');
    expect(await focusedStart()).not.toBeNull();
    const picked: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) {
        const before = await focusedStart();
        await page.keyboard.press('ArrowRight');
        expect(await focusedStart()).not.toBe(before);
      }
      picked.push((await focusedStart())!);
      await page.keyboard.press('Space');
    }
    for (const start of picked) {
      await expect(page.locator(`button[data-start="${start}"]`)).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    await expect(page.getByText('3 av 3 tider valda.')).toBeVisible();
    // With three chosen the others cannot be chosen: no arrow lands on one.
    const focusedDisabled = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-disabled') ?? null);
    for (const key of ['ArrowRight', 'ArrowDown', 'End', 'ArrowRight', 'Home', 'ArrowUp']) {
      await page.keyboard.press(key);
      expect(await focusedStart(), key).not.toBeNull();
      expect(await focusedDisabled(), key).toBeNull();
    }
    // One Tab stop among the times, and never a disabled one.
    await expect(page.locator('button[data-start][tabindex="0"]')).toHaveCount(1);
    await expect(page.locator('button[data-start][disabled][tabindex="0"]')).toHaveCount(0);
    await expect(
      page.locator('button[data-start][aria-disabled="true"][tabindex="0"]'),
    ).toHaveCount(0);
    const fourth = page.locator('button[aria-pressed="false"][aria-disabled="true"]').first();
    if (await fourth.count()) {
      // Marked aria-disabled (still focusable, so Playwright would wait for it): click anyway.
      await fourth.click({ force: true });
      await expect(page.getByText('3 av 3 tider valda.')).toBeVisible();
    }
    await expect(send).toBeEnabled();
    await axeAtBothWidths(page);

    // The summary before sending opens on its title, never on the send button; axe-clean.
    await send.focus();
    await page.keyboard.press('Enter');
    const summary = page.getByRole('dialog', { name: 'Skicka bokningsförfrågan' });
    await expect(summary.getByRole('heading', { name: 'Skicka bokningsförfrågan' })).toBeFocused();
    await expect(summary.getByRole('listitem')).toHaveCount(3);
    await expect(summary.getByRole('listitem').first()).toContainText('(svensk tid)');
    expect((await primaryActions(page)).dialogs).toEqual([['Skicka förfrågan']]);
    await axeAtBothWidths(page);
    await summary.getByRole('button', { name: 'Skicka förfrågan' }).click();

    // The dashboard, with a toast; the match is ongoing and waits for an answer.
    await expect(page).toHaveURL(/\/dashboard$/);
    const toastText = page.getByText('Din bokningsförfrågan har skickats', { exact: true });
    await expect(toastText).toBeVisible();
    // Toasts appear below the sticky header, never over it.
    const header = (await page.getByRole('banner').boundingBox())!;
    // Polled: the toast slides in from above, so its place is read once it has settled.
    await expect
      .poll(async () => (await toastText.boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(header.y + header.height);
    const ongoing = page.getByRole('region', { name: 'Pågående processer' });
    await expect(ongoing.getByText('Inväntar svar')).toBeVisible();

    // While it is pending the booking page sends the client back to the dashboard.
    await page.goto(bookingPath);
    await expect(page).toHaveURL(/\/dashboard$/);

    // 'Bokningsinformation' while pending: the yellow notice; 'Stäng' returns focus.
    const open = ongoing.getByRole('button', { name: `Visa bokning: ${THERAPIST}` });
    await open.click();
    const info = page.getByRole('dialog', { name: 'Bokningsinformation' });
    await expect(info.getByText('Väntar på bekräftelse')).toBeVisible();
    await expect(info.getByRole('listitem')).toHaveCount(3);
    expect((await primaryActions(page)).dialogs).toEqual([[]]);
    await axeAtBothWidths(page);
    await info.getByRole('button', { name: 'Stäng' }).click();
    await expect(info).toBeHidden();
    await expect(open).toBeFocused();

    // The therapist confirms the earliest suggested time with a message, in the review dialog.
    const providerMatches = (await (await therapist.request.get('/api/matches')).json()) as {
      bookings: { id: string; status: string; suggestedTimes: string[] }[];
    }[];
    const pending = providerMatches
      .flatMap((m) => m.bookings)
      .find((b) => b.status === 'PENDING_PROVIDER_CONFIRMATION')!;
    await therapist.goto('/dashboard');
    const requests = therapist.getByRole('table', { name: 'Bokningsförfrågningar' });
    await requests
      .getByRole('row', { name: /Bo Klient/ })
      .getByRole('button', { name: 'Granska' })
      .click();
    const review = therapist.getByRole('dialog', { name: 'Granska bokning' });
    const earliest = review.getByRole('radio').first();
    const confirmedLabel = (await review
      .getByText(/\(svensk tid\)$/)
      .first()
      .textContent())!;
    expect((await primaryActions(therapist)).dialogs).toEqual([['Bekräfta']]);
    await earliest.check();
    await review.getByLabel('Meddelande till klienten (valfritt)').fill(MESSAGE);
    await review.getByRole('button', { name: 'Bekräfta' }).click();
    await expect(review).toBeHidden();
    await expect(therapist.getByText('Bokningen är bekräftad')).toBeVisible();

    // The client sees the confirmation: the time, the message, the contact details, 'Avboka'.
    await page.reload();
    await expect(ongoing.getByText('Bokning bekräftad')).toBeVisible();
    await open.click();
    await expect(info.getByText('Bekräftad', { exact: true })).toBeVisible();
    await expect(info.getByText(confirmedLabel, { exact: true })).toBeVisible();
    await expect(info.getByText(MESSAGE)).toBeVisible();
    await expect(info.getByRole('link', { name: '0701234567' })).toBeVisible();
    await expect(
      info.getByText('Du kan skicka en ny tid via fliken Historik efter att du har avbokat.'),
    ).toBeVisible();
    await expect(info.getByRole('link', { name: 'Gå till profil' })).toBeVisible();
    await axeAtBothWidths(page);

    // Cancelling is asked first; then the matches are read again and the dialog closes.
    await info.getByRole('button', { name: 'Avboka' }).click();
    await expect(info.getByText(/^Vill du avboka tiden/)).toBeFocused();
    await expectNoAxeViolations(page);
    await info.getByRole('button', { name: 'Ja, avboka' }).click();
    await expect(info).toBeHidden();
    await expect(page.getByText('Din bokning är avbokad', { exact: true })).toBeVisible();
    await expect(ongoing.getByText('Bokning avbruten')).toBeVisible();
    await expect(open).toBeFocused();

    // The cancelled booking: a red notice; the three hours are free again.
    await open.click();
    await expect(info.getByText('Bokningen är avbokad')).toBeVisible();
    await expect(info.getByText(/avbokades av dig/)).toBeVisible();
    await axeAtBothWidths(page);
    const after = (await (
      await therapist.request.get(`/api/availabilities/${providerId}`)
    ).json()) as {
      startTime: string;
      status: string;
    }[];
    for (const time of pending.suggestedTimes) {
      const slot = after.find((s) => new Date(s.startTime).getTime() === new Date(time).getTime());
      expect(slot?.status).toBe('AVAILABLE');
    }
  } finally {
    await people.release();
  }
});

import { moveConfirmedBookingIntoThePast } from '../../fixtures/database';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, test } from '../../fixtures/test';
import {
  PHONE,
  apiPatch,
  confirmedFirstHour,
  verifiedTherapistAndClient,
  type FreshTherapist,
} from '../../fixtures/people';
import { stockholmDayKey } from '../../fixtures/stockholm';

/*
 * A series after a first session (docs/rules/bookings.md#series-and-moves-on-the-dashboards):
 * the client's request is confirmed and its hour passes (moved into the past
 * in the database: decision 185) and is completed; the therapist books a
 * weekly series from 'Historik' at 390 px, sees 'Varje vecka' and the
 * sessions ahead, and the client sees the series in 'Bokningsinformation'.
 * axe finds nothing in each dialog. The therapist is unverified again at the
 * end, so the shared e2e database keeps the seeded state the other journeys
 * expect.
 */

const THERAPIST = 'Sara Serie';
const SARA: FreshTherapist = {
  name: THERAPIST,
  street: 'Seriegatan 3',
  title: ['PSYKOTERAPEUT'],
  price: 900,
  personalAttributes: 'Lugn, varm',
};
const CLIENT = 'Vera Veckovis';
const DAY = 86_400_000;

test('a therapist starts a weekly series after a first session and the client sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const people = await verifiedTherapistAndClient({ browser, baseURL, page }, SARA, 'test page');
  const { client } = people;
  try {
    // The first session: confirmed, its hour passed, completed.
    const { bookingId: first } = await confirmedFirstHour(people, CLIENT);
    await moveConfirmedBookingIntoThePast(first);
    const completed = await apiPatch(page.request, `/bookings/complete/${first}`, {});
    expect(completed.status(), await completed.text()).toBe(200);

    // 'Historik': the completed session's details offer 'Boka en serie'.
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Historik' }).click();
    await page
      .getByRole('region', { name: 'Historik' })
      .getByRole('button', { name: CLIENT })
      .click();
    const details = page.getByRole('dialog', { name: 'Bokningsdetaljer' });
    await details.getByRole('button', { name: 'Boka en serie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Boka en serie' });
    await expect(dialog.getByRole('radio', { name: 'Varje vecka' })).toBeChecked();
    const day = stockholmDayKey(new Date(Date.now() + 3 * DAY));
    await dialog.getByLabel('Datum').fill(day);
    await dialog.getByLabel('Tid', { exact: true }).selectOption('10:00');
    await dialog.getByLabel('Antal tillfällen').selectOption('3');
    await dialog.getByLabel('Meddelande till klienten (valfritt)').fill('Samma tid varje vecka.');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Boka serien' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Serien är bokad')).toBeVisible();

    // 'Aktuella bokningar': the row says 'Varje vecka'; the review lists the two sessions after it.
    await page.getByRole('tab', { name: 'Aktuella bokningar' }).click();
    const row = page
      .getByRole('region', { name: 'Bokningsförfrågningar' })
      .getByRole('row', { name: new RegExp(CLIENT) });
    await expect(row).toContainText('Bekräftad');
    await expect(row).toContainText('Varje vecka');
    await row.getByRole('button', { name: 'Granska' }).click();
    const review = page.getByRole('dialog', { name: 'Granska bokning' });
    await expect(review).toContainText('Varje vecka');
    const ahead = review.getByRole('region', { name: 'Kommande tider' });
    await expect(ahead.getByRole('listitem')).toHaveCount(2);
    await expect(review.getByRole('button', { name: 'Avboka resten av serien' })).toBeVisible();
    await expectNoAxeViolations(page);
    await review.getByRole('button', { name: 'Stäng', exact: true }).click();
    await expect(review).toBeHidden();

    // Three sessions at 10:00 Stockholm, a week apart, each of the series.
    const [after] = (await (await client.request.get('/api/matches')).json()) as {
      bookings: { status: string; confirmedTime: string; seriesId: string | null }[];
    }[];
    const sessions = after!.bookings
      .filter((b) => b.status === 'CONFIRMED')
      .sort((a, b) => Date.parse(a.confirmedTime) - Date.parse(b.confirmedTime));
    expect(sessions).toHaveLength(3);
    expect(new Set(sessions.map((b) => b.seriesId)).size).toBe(1);
    expect(sessions[0]!.seriesId).toBeTruthy();
    const hour = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Stockholm',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(sessions.map((b) => hour.format(new Date(b.confirmedTime)))).toEqual([
      '10:00',
      '10:00',
      '10:00',
    ]);
    // A week on at 10:00 is the next Stockholm day key seven days on (a clock change moves it an hour).
    const firstAt = Date.parse(sessions[0]!.confirmedTime);
    expect(sessions.map((b) => stockholmDayKey(new Date(b.confirmedTime)))).toEqual([
      day,
      stockholmDayKey(new Date(firstAt + 7 * DAY)),
      stockholmDayKey(new Date(firstAt + 14 * DAY)),
    ]);

    // The client sees the series: 'Varje vecka' and the sessions ahead.
    await client.setViewportSize(PHONE);
    await client.goto('/dashboard');
    await client.getByRole('button', { name: `Visa bokning: ${THERAPIST}` }).click();
    const info = client.getByRole('dialog', { name: 'Bokningsinformation' });
    await expect(info).toContainText('Serie: Varje vecka');
    await expect(info).toContainText('kl. 10:00 (svensk tid)');
    await expect(
      info.getByRole('region', { name: 'Kommande tider' }).getByRole('listitem'),
    ).toHaveCount(2);
    await expectNoAxeViolations(client);
  } finally {
    await people.release();
  }
});

import { moveConfirmedBookingIntoThePast } from '../../fixtures/database';
import { expect, test } from '../../fixtures/test';
import {
  DESKTOP,
  axeAtBothWidths,
  clientRequestsFirstHours,
  verifiedTherapistAndClient,
  type FreshTherapist,
} from '../../fixtures/people';

/*
 * The therapist's journey on /dashboard (docs/rules/bookings.md): a client's request is
 * reviewed with the client's answers and confirmed in the review dialog
 * (decision 359), the session is completed once its time has passed (the
 * booking moved into the past in the database: decision 185),
 * and a new time is sent from 'Historik'. Every dialog is axe-clean at 390
 * and 1280 px. The therapist and the client are made fresh for this test;
 * the therapist is unverified again at the end, so the shared e2e database
 * keeps the seeded state the other journeys expect.
 */

const THERAPIST = 'Petra Prövare';
const PETRA: FreshTherapist = {
  name: THERAPIST,
  street: 'Provgatan 5',
  title: ['PSYKOTERAPEUT'],
  price: 950,
  personalAttributes: 'Lugn, rak',
};
const CLIENT = 'Kim Klientsson';
const MESSAGE = 'Välkommen! Jag möter dig i entrén.';

/** 'YYYY-MM-DD' of the Stockholm day `days` after today's. */
function stockholmDay(days: number): string {
  const today = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

test('the therapist confirms a request, completes the session once it has passed, and sends a new time from Historik', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const people = await verifiedTherapistAndClient({ browser, baseURL, page }, PETRA, 'test page');
  const { client, providerId } = people;
  try {
    const suggested = await clientRequestsFirstHours(client, providerId, CLIENT);

    // The dashboard: 'Aktuella bokningar' first, the request with 'Granska'.
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Välkommen, Petra!' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Aktuella bokningar' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const requests = page.getByRole('region', { name: 'Bokningsförfrågningar' });
    const row = requests.getByRole('row', { name: new RegExp(CLIENT) });
    await expect(row).toContainText('Väntar på bekräftelse');
    await axeAtBothWidths(page, { endAt: 'desktop' });

    // The review dialog: the client's answers in their words (read from
    // GET /api/matches/{id}, the logged read), three suggested times; nothing
    // is sent without a choice.
    const review = row.getByRole('button', { name: 'Granska' });
    await review.click();
    const dialog = page.getByRole('dialog', { name: 'Granska bokning' });
    const answers = dialog.getByRole('region', { name: 'Klientens svar' });
    await expect(answers.getByRole('term')).toHaveText([
      'Vilken åldersgrupp tillhör du?',
      'På vilket språk vill du ha dina samtal?',
      'Vilken eller vilka terapiformer är du intresserad av?',
      'Vad skulle du vilja ha hjälp med?',
      'Vill du att din terapeut har särskild kunskap inom något av de här områdena?',
    ]);
    await expect(answers.getByRole('definition')).toHaveText([
      '25–34 år',
      'Svenska (viktig)',
      'Vet inte / ingen preferens',
      'Ångest och oro (viktig)',
      'Inget särskilt / ingen preferens',
    ]);
    await expect(dialog.getByRole('radio')).toHaveCount(3);
    await expect(dialog.getByRole('radio').first()).toBeFocused();
    await dialog.getByRole('button', { name: 'Bekräfta' }).click();
    await expect(dialog.getByText('Välj en av de föreslagna tiderna.')).toBeVisible();
    await axeAtBothWidths(page, { endAt: 'desktop' });

    // Confirm the first time with a message: toast, closed, the row is confirmed, focus back.
    await dialog.getByRole('radio').first().check();
    await dialog.getByLabel('Meddelande till klienten (valfritt)').fill(MESSAGE);
    await dialog.getByRole('button', { name: 'Bekräfta' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Bokningen är bekräftad')).toBeVisible();
    await expect(row).toContainText('Bekräftad');
    await expect(review).toBeFocused();

    // The client sees the booking confirmed at the chosen time.
    await expect
      .poll(async () => {
        const res = await client.request.get('/api/matches');
        const [m] = (await res.json()) as {
          bookings: { id: string; status: string; confirmedTime: string | null }[];
        }[];
        return m?.bookings[0]?.status;
      })
      .toBe('CONFIRMED');
    const [clientMatch] = (await (await client.request.get('/api/matches')).json()) as {
      bookings: { id: string; confirmedTime: string }[];
    }[];
    const booking = clientMatch!.bookings[0]!;
    expect(booking.confirmedTime).toBe(suggested[0]);

    // Before its time: 'Avboka', no 'Slutför'. The cancel dialog asks first; 'Stäng' keeps it.
    await review.click();
    await expect(dialog.getByText(MESSAGE)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Slutför' })).toHaveCount(0);
    await axeAtBothWidths(page, { endAt: 'desktop' });
    await dialog.getByRole('button', { name: 'Avboka' }).click();
    const ask = page.getByRole('dialog', { name: 'Avboka bokningen?' });
    await expect(ask).toContainText(`Vill du avboka bokningen med ${CLIENT}?`);
    await axeAtBothWidths(page, { endAt: 'desktop' });
    await ask.getByRole('button', { name: 'Stäng' }).click();
    await expect(ask).toBeHidden();
    await expect(review).toBeFocused();
    await expect(row).toContainText('Bekräftad');

    // The session's hour passes (decision 185): now 'Slutför', and no 'Avboka'.
    await moveConfirmedBookingIntoThePast(booking.id);
    await page.reload();
    await expect(row).toContainText('Bekräftad');
    await row.getByRole('button', { name: 'Granska' }).click();
    await expect(dialog.getByRole('button', { name: 'Avboka' })).toHaveCount(0);
    await axeAtBothWidths(page, { endAt: 'desktop' });
    await dialog.getByRole('button', { name: 'Slutför' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Bokningen är slutförd')).toBeVisible();
    await expect(requests.getByText('Inga aktuella bokningar.')).toBeVisible();
    await expect(requests.getByRole('heading', { name: 'Bokningsförfrågningar' })).toBeFocused();

    // Historik: the completed session; its row opens the details.
    await page.getByRole('tab', { name: 'Historik' }).click();
    const history = page.getByRole('region', { name: 'Historik' });
    const past = history.getByRole('row', { name: new RegExp(CLIENT) });
    await expect(past).toContainText('Slutförd');
    await expect(past).toContainText('(svensk tid)');
    await axeAtBothWidths(page, { endAt: 'desktop' });
    await past.getByRole('cell').nth(1).click();
    const details = page.getByRole('dialog', { name: 'Bokningsdetaljer' });
    await expect(details).toContainText('Slutförd');
    // A past booking shows the answers only when asked.
    await expect(details.getByRole('region', { name: 'Klientens svar' })).toHaveCount(0);
    await details.getByRole('button', { name: 'Visa klientens svar' }).click();
    await expect(
      details.getByRole('region', { name: 'Klientens svar' }).getByRole('definition'),
    ).toContainText(['25–34 år']);
    await axeAtBothWidths(page, { endAt: 'desktop' });

    // 'Skicka ny bokningstid': tomorrow 08:00 by default, 07:00-20:00, nothing earlier than tomorrow.
    await details.getByRole('button', { name: 'Skicka ny bokningstid' }).click();
    const rebook = page.getByRole('dialog', { name: 'Skicka ny bokningstid' });
    const date = rebook.getByLabel('Datum');
    const time = rebook.getByLabel('Tid', { exact: true });
    await expect(date).toHaveValue(stockholmDay(1));
    await expect(date).toHaveAttribute('min', stockholmDay(1));
    await expect(time).toHaveValue('08:00');
    await expect(time.locator('option:not([value=""])')).toHaveText([
      '07:00',
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
    ]);
    await axeAtBothWidths(page, { endAt: 'desktop' });

    // A day already past is refused before anything is sent (the first of the rebook checks).
    await date.fill(stockholmDay(-1));
    await rebook.getByRole('button', { name: 'Skicka' }).click();
    await expect(rebook.getByRole('alert')).toHaveText('Kan inte boka tid som redan har passerat');
    await axeAtBothWidths(page, { endAt: 'desktop' });
    // An empty date cannot be sent.
    await date.fill('');
    await expect(rebook.getByRole('button', { name: 'Skicka' })).toBeDisabled();

    // The day after tomorrow at 10:00 is sent: toast, closed, a confirmed booking again.
    await date.fill(stockholmDay(2));
    await time.selectOption('10:00');
    await rebook.getByLabel('Meddelande till klienten (valfritt)').fill('Välkommen tillbaka!');
    await rebook.getByRole('button', { name: 'Skicka' }).click();
    await expect(rebook).toBeHidden();
    await expect(page.getByText('Den nya tiden har skickats till klienten')).toBeVisible();
    await page.getByRole('tab', { name: 'Aktuella bokningar' }).click();
    await expect(row).toContainText('Bekräftad');
    const [after] = (await (await client.request.get('/api/matches')).json()) as {
      bookings: { status: string; confirmedTime: string | null; messageFromProvider: string }[];
    }[];
    const rebooked = after!.bookings.find((b) => b.status === 'CONFIRMED')!;
    expect(rebooked.messageFromProvider).toBe('Välkommen tillbaka!');
    expect(
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Stockholm',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(rebooked.confirmedTime!)),
    ).toBe(`${stockholmDay(2)} 10:00`);
  } finally {
    await people.release();
  }
});

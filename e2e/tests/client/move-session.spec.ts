import { expectNoAxeViolations } from '../../fixtures/axe';
import { expect, test } from '../../fixtures/test';
import {
  PHONE,
  confirmedFirstHour,
  verifiedTherapistAndClient,
  type FreshTherapist,
} from '../../fixtures/people';

/*
 * The client moves a confirmed session themselves
 * (docs/rules/bookings.md#series-and-moves-on-the-dashboards), at 390 px:
 * 'Bokningsinformation' offers 'Flytta tiden' within the therapist's policy
 * (24 hours; the session is two days away), the dialog shows the therapist's
 * free hours in the booking calendar, one is picked and sent; the booking
 * keeps its id and has the new hour. axe finds nothing in the dialogs. The
 * therapist is unverified again at the end, so the shared e2e database keeps
 * the seeded state the other journeys expect.
 */

const THERAPIST = 'Filip Flyttbar';
const FILIP: FreshTherapist = {
  name: THERAPIST,
  street: 'Flyttgatan 2',
  title: ['PSYKOTERAPEUT'],
  price: 850,
  personalAttributes: 'Rak, varm',
};
const CLIENT = 'Maja Mover';

test('a client moves a confirmed session to another of the therapist’s free hours', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const people = await verifiedTherapistAndClient({ browser, baseURL, page }, FILIP, 'test page');
  const { client, providerId } = people;
  try {
    const { bookingId } = await confirmedFirstHour(people, CLIENT);

    // The hour to move to: a free hour of the therapist's, later the same week of hours.
    const free = (await (await client.request.get(`/api/availabilities/${providerId}`)).json()) as {
      startTime: string;
      status: string;
    }[];
    const target = free
      .filter((s) => s.status === 'AVAILABLE')
      .map((s) => s.startTime)
      .sort()[5]!;

    await client.setViewportSize(PHONE);
    await client.goto('/dashboard');
    const opener = client.getByRole('button', { name: `Visa bokning: ${THERAPIST}` });
    await opener.click();
    const info = client.getByRole('dialog', { name: 'Bokningsinformation' });
    await expect(info).toContainText('Bekräftad');
    await info.getByRole('button', { name: 'Flytta tiden' }).click();

    const move = client.getByRole('dialog', { name: 'Flytta tiden' });
    await expect(move.getByRole('heading', { name: 'Lediga tider' })).toBeVisible();
    const send = move.getByRole('button', { name: 'Flytta', exact: true });
    await expect(send).toBeDisabled();
    await expectNoAxeViolations(client);
    // The calendar opens on this week; the hour may lie in a week after it.
    const hour = move.locator(`button[data-start="${new Date(target).toISOString()}"]`);
    for (let week = 0; week < 3 && !(await hour.isVisible()); week += 1) {
      await move.getByRole('button', { name: 'Nästa vecka' }).click();
    }
    await hour.click();
    await expect(hour).toHaveAttribute('aria-pressed', 'true');
    await expect(move.getByText(/^Ny tid: /)).toBeVisible();
    await expectNoAxeViolations(client);
    await send.click();
    await expect(move).toBeHidden();
    await expect(client.getByText('Tiden är flyttad')).toBeVisible();

    // The same booking, at the new hour; the dialog shows it.
    const [after] = (await (await client.request.get('/api/matches')).json()) as {
      bookings: { id: string; status: string; confirmedTime: string }[];
    }[];
    expect(after!.bookings).toEqual([
      expect.objectContaining({
        id: bookingId,
        status: 'CONFIRMED',
        confirmedTime: new Date(target).toISOString(),
      }),
    ]);
    const shown = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Stockholm',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(target));
    await expect(info).toContainText(`kl. ${shown} (svensk tid)`);
    await expectNoAxeViolations(client);
  } finally {
    await people.release();
  }
});

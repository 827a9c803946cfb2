import {
  providerMatchesResponseSchema,
  type ProviderListBooking,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderDashboardPage } from '@/app/routes/provider/dashboard';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { withToasterEnvironment } from '@/test/toaster';
import { providerUser } from '@/test/users';

withToasterEnvironment();
afterEach(() => vi.restoreAllMocks());

/** Tuesday 10 March 2026, 11:00 in Stockholm (CET). */
const NOW = new Date('2026-03-10T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * HOUR).toISOString();
const PROVIDER = providerUser({ id: 'f0000000-0000-4000-8000-000000000001' });
const SERIES = 'd0000000-0000-4000-8000-000000000001';

let n = 0;
const uuid = (prefix: string) => `${prefix}0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function booking(
  overrides: Partial<ProviderListBooking> & Pick<ProviderListBooking, 'status'>,
): ProviderListBooking {
  return {
    id: uuid('b'),
    meetingFormat: 'IN_PERSON',
    confirmedTime: null,
    suggestedTimes: [],
    messageFromProvider: null,
    cancelledBy: null,
    cancelledAt: null,
    completedAt: null,
    ...overrides,
  };
}

function match(bookings: ProviderListBooking[]): ProviderMatchSummary {
  return { id: uuid('a'), status: 'ACTIVE', client: { name: 'Stina Klient' }, bookings };
}

const completed = () =>
  booking({ status: 'COMPLETED', confirmedTime: at(-30), completedAt: at(-20) });
const session = (hours: number) =>
  booking({
    status: 'CONFIRMED',
    confirmedTime: at(hours),
    suggestedTimes: [at(hours)],
    seriesId: SERIES,
    seriesInterval: 'WEEKLY',
  });

function renderDashboard(state: { matches: ProviderMatchSummary[] }, routes = {}) {
  const fetches = mockFetch({
    'GET /users/me': json(PROVIDER),
    'GET /matches': () => json(providerMatchesResponseSchema.parse(state.matches)),
    ...routes,
  });
  renderRoute(
    <>
      <ProviderDashboardPage now={() => NOW} />
      <Toaster />
    </>,
    { path: '/dashboard', user: PROVIDER },
  );
  return { user: userEvent.setup(), fetches };
}

async function openSeriesFromHistory(state: { matches: ProviderMatchSummary[] }, routes = {}) {
  const utils = renderDashboard(state, routes);
  await utils.user.click(screen.getByRole('tab', { name: 'Historik' }));
  await utils.user.click(await screen.findByRole('button', { name: 'Stina Klient' }));
  const details = screen.getByRole('dialog', { name: 'Bokningsdetaljer' });
  await utils.user.click(within(details).getByRole('button', { name: 'Boka en serie' }));
  return { ...utils, dialog: screen.getByRole('dialog', { name: 'Boka en serie' }) };
}

async function fillFirstTime(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const date = within(dialog).getByLabelText('Datum');
  await user.clear(date);
  await user.type(date, '2026-03-12');
  await user.selectOptions(within(dialog).getByLabelText('Tid'), '09:00');
}

describe("'Boka en serie'", () => {
  it('is offered after a session, and not while a request waits', async () => {
    const { user } = renderDashboard({
      matches: [
        match([
          completed(),
          booking({ status: 'PENDING_PROVIDER_CONFIRMATION', suggestedTimes: [at(50)] }),
        ]),
      ],
    });
    await user.click(screen.getByRole('tab', { name: 'Historik' }));
    await user.click(await screen.findByRole('button', { name: 'Stina Klient' }));
    const details = screen.getByRole('dialog', { name: 'Bokningsdetaljer' });
    expect(within(details).queryByRole('button', { name: 'Boka en serie' })).toBeNull();
  });

  it('sends the first time as the Stockholm instant with the interval, the count and the message; toasts, closes and returns focus', async () => {
    const state = { matches: [match([completed()])] };
    const matchId = state.matches[0]!.id;
    const { user, dialog, fetches } = await openSeriesFromHistory(state, {
      'POST /bookings/series': () => json({ id: SERIES, interval: 'BIWEEKLY', bookings: [] }, 201),
    });
    expect(within(dialog).getByLabelText('Datum')).toHaveValue('2026-03-11');
    expect(within(dialog).getByRole('radio', { name: 'Varje vecka' })).toBeChecked();
    const count = within(dialog).getByLabelText('Antal tillfällen');
    expect(count).toHaveValue('4');
    expect(
      within(count)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);

    await fillFirstTime(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Varannan vecka' }));
    await user.selectOptions(count, '6');
    // Every date before sending, at the same Stockholm hour across the change to summer time.
    const preview = within(dialog).getByRole('region', { name: 'Tiderna i serien' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Torsdag 12 mars 2026 kl. 09:00 (svensk tid)',
      'Torsdag 26 mars 2026 kl. 09:00 (svensk tid)',
      'Torsdag 9 april 2026 kl. 09:00 (svensk tid)',
      'Torsdag 23 april 2026 kl. 09:00 (svensk tid)',
      'Torsdag 7 maj 2026 kl. 09:00 (svensk tid)',
      'Torsdag 21 maj 2026 kl. 09:00 (svensk tid)',
    ]);
    await user.type(within(dialog).getByLabelText('Meddelande till klienten (valfritt)'), 'Vi ses');
    await user.click(within(dialog).getByRole('button', { name: 'Boka serien' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fetches.find('POST', '/bookings/series').map((c) => c.body)).toEqual([
      {
        matchId,
        firstTime: '2026-03-12T08:00:00.000Z',
        interval: 'BIWEEKLY',
        count: 6,
        messageFromProvider: 'Vi ses',
      },
    ]);
    expect(await screen.findByText('Serien är bokad')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stina Klient' })).toHaveFocus();
  });

  it('checks every time before sending: the first failing check, and the six months', async () => {
    const { user, dialog, fetches } = await openSeriesFromHistory({
      matches: [match([completed()])],
    });
    // The default, tomorrow 08:00, is only 21 hours ahead.
    await user.click(within(dialog).getByRole('button', { name: 'Boka serien' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Måste boka minst 24 timmar i förväg',
    );
    // From 1 June, twelve sessions every other week reach November.
    const date = within(dialog).getByLabelText('Datum');
    await user.clear(date);
    await user.type(date, '2026-06-01');
    await user.click(within(dialog).getByRole('radio', { name: 'Varannan vecka' }));
    await user.selectOptions(within(dialog).getByLabelText('Antal tillfällen'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Boka serien' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'En serie kan sträcka sig högst sex månader framåt.',
    );
    expect(fetches.find('POST', '/bookings/series')).toHaveLength(0);
  });

  it('lists the taken hours of a 409, books only the free ones on request, and lists what was skipped', async () => {
    const taken = '2026-03-19T08:00:00.000Z';
    const { user, dialog, fetches } = await openSeriesFromHistory(
      { matches: [match([completed()])] },
      {
        'POST /bookings/series': ({ body }: { body: unknown }) =>
          (body as { skipConflicts?: boolean }).skipConflicts
            ? json(
                {
                  id: SERIES,
                  interval: 'WEEKLY',
                  bookings: [session(46), session(46 + 14 * 24), session(46 + 21 * 24)],
                  skipped: [taken],
                },
                201,
              )
            : json(
                {
                  message:
                    'En eller flera av tiderna i serien är redan bokade. Välj en annan tid, eller boka bara de lediga tiderna.',
                  status: 409,
                  code: 'SERIES_CONFLICT',
                  conflicts: [taken],
                },
                409,
              ),
      },
    );
    await fillFirstTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Boka serien' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('En eller flera av tiderna i serien är redan bokade.');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'Torsdag 19 mars 2026 kl. 09:00 (svensk tid)',
    );
    // Nothing was lost: the form is as it was.
    expect(within(dialog).getByLabelText('Datum')).toHaveValue('2026-03-12');

    await user.click(within(alert).getByRole('button', { name: 'Boka bara de lediga tiderna' }));
    expect(await within(dialog).findByText('3 tider är bokade.')).toBeInTheDocument();
    expect(within(dialog).getByText('De här tiderna var upptagna och bokades inte:')).toBeVisible();
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Torsdag 19 mars 2026 kl. 09:00 (svensk tid)',
    );
    expect(fetches.find('POST', '/bookings/series').map((c) => c.body)).toEqual([
      expect.not.objectContaining({ skipConflicts: true }),
      expect.objectContaining({ skipConflicts: true, firstTime: '2026-03-12T08:00:00.000Z' }),
    ]);
  });
});

describe('a series and its sessions on the dashboard', () => {
  it("shows 'Varje vecka', lists the sessions ahead, and cancels the rest after asking", async () => {
    const first = session(48);
    const state = { matches: [match([completed(), first, session(48 + 168), session(48 + 336)])] };
    const { user, fetches } = renderDashboard(state, {
      [`PATCH /bookings/series/${SERIES}/cancel`]: () => json({ id: SERIES, cancelled: [] }),
    });
    const row = await screen.findByRole('row', { name: /Stina Klient/ });
    expect(row).toHaveTextContent('Varje vecka');
    const review = within(row).getByRole('button', { name: 'Granska' });
    await user.click(review);
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    expect(dialog).toHaveTextContent('Serie:Varje vecka');
    const ahead = within(dialog).getByRole('region', { name: 'Kommande tider' });
    expect(
      within(ahead)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual([
      'Torsdag 19 mars 2026 kl. 11:00 (svensk tid)',
      'Torsdag 26 mars 2026 kl. 11:00 (svensk tid)',
    ]);
    expect(within(ahead).getAllByRole('button', { name: 'Flytta' })).toHaveLength(2);
    expect(within(ahead).getAllByRole('button', { name: 'Avboka' })).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Avboka resten av serien' }));
    const ask = screen.getByRole('dialog', { name: 'Avboka resten av serien?' });
    expect(ask).toHaveTextContent('Vill du avboka seriens 3 kommande tider med Stina Klient?');
    expect(within(ask).getByRole('heading', { name: 'Avboka resten av serien?' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Avboka resten av serien' }));
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    expect(fetches.find('PATCH', `/bookings/series/${SERIES}/cancel`)).toHaveLength(1);
    expect(await screen.findByText('Resten av serien är avbokad')).toBeInTheDocument();
    expect(review).toHaveFocus();
  });

  it('cancels one session of the list through the cancel dialog', async () => {
    const later = session(48 + 168);
    const { user, fetches } = renderDashboard(
      { matches: [match([session(48), later])] },
      { [`PATCH /bookings/cancel/${later.id}`]: () => json(later) },
    );
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    const ahead = screen.getByRole('region', { name: 'Kommande tider' });
    await user.click(within(ahead).getByRole('button', { name: 'Avboka' }));
    const ask = screen.getByRole('dialog', { name: 'Avboka bokningen?' });
    await user.click(within(ask).getByRole('button', { name: 'Avboka' }));
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    expect(fetches.find('PATCH', `/bookings/cancel/${later.id}`)).toHaveLength(1);
  });
});

describe("'Flytta' by the therapist", () => {
  it('moves a confirmed session to the Stockholm hour chosen; a 409 keeps the form and shows why', async () => {
    const ahead = booking({ status: 'CONFIRMED', confirmedTime: at(48), suggestedTimes: [at(48)] });
    let replies = 0;
    const { user, fetches } = renderDashboard(
      { matches: [match([ahead])] },
      {
        [`PATCH /bookings/move/${ahead.id}`]: () =>
          ++replies === 1
            ? json(
                {
                  message: 'En eller flera av tiderna är inte längre lediga. Välj andra tider.',
                  status: 409,
                  code: 'SLOT_TAKEN',
                },
                409,
              )
            : json(ahead),
      },
    );
    const review = await screen.findByRole('button', { name: 'Granska' });
    await user.click(review);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Granska bokning' })).getByRole('button', {
        name: 'Flytta',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Flytta tiden' });
    expect(dialog).toHaveTextContent(
      'Välj en ny tid för samtalet med Stina Klient torsdag 12 mars 2026 kl. 11:00 (svensk tid).',
    );
    const date = within(dialog).getByLabelText('Datum');
    await user.clear(date);
    await user.type(date, '2026-03-13');
    await user.selectOptions(within(dialog).getByLabelText('Tid'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Flytta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'En eller flera av tiderna är inte längre lediga.',
    );
    expect(date).toHaveValue('2026-03-13');

    await user.click(within(dialog).getByRole('button', { name: 'Flytta' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fetches.find('PATCH', `/bookings/move/${ahead.id}`).map((c) => c.body)).toEqual([
      { time: '2026-03-13T09:00:00.000Z' },
      { time: '2026-03-13T09:00:00.000Z' },
    ]);
    expect(await screen.findByText('Tiden är flyttad')).toBeInTheDocument();
    expect(review).toHaveFocus();
  });
});

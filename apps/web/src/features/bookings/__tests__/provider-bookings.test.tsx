import {
  CLIENT_ANSWERS_TEXTS,
  errorCatalog,
  MSG,
  providerMatchesResponseSchema,
  providerMatchSchema,
  type ClientAnswer,
  type ProviderMatch,
  type ProviderListBooking,
  type ProviderMatchSummary,
  type Question,
} from '@samtalsmatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderDashboardPage } from '@/app/routes/provider/dashboard';
import { createQueryClient } from '@/lib/query-client';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { withToasterEnvironment } from '@/test/toaster';
import { providerUser } from '@/test/users';

withToasterEnvironment();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Tuesday 10 March 2026, 11:00 in Stockholm (CET). */
const NOW = new Date('2026-03-10T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const at = (offsetHours: number) => new Date(NOW.getTime() + offsetHours * HOUR).toISOString();

// A hexadecimal id: the provider's view is parsed with the strict contract below.
const PROVIDER = providerUser({ id: 'f0000000-0000-4000-8000-000000000001' });

let n = 0;
const uuid = (prefix: string) => `${prefix}0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function booking(
  overrides: Partial<ProviderListBooking> & Pick<ProviderListBooking, 'status'>,
): ProviderListBooking {
  return {
    id: uuid('b'),
    meetingFormat: 'IN_PERSON',
    confirmedTime: null,
    suggestedTimes: [at(48), at(49), at(72)],
    messageFromProvider: null,
    cancelledBy: null,
    cancelledAt: null,
    completedAt: null,
    ...overrides,
  };
}

/**
 * A match in the provider's list (contracts `providerMatchSummarySchema`: no
 * answers, decision 358; only what the dashboard reads, decision 514).
 */
function match(clientName: string, bookings: ProviderListBooking[]): ProviderMatchSummary {
  return { id: uuid('a'), status: 'ACTIVE', client: { name: clientName }, bookings };
}

function question(
  order: number,
  key: string,
  clientText: string,
  options: [value: string, label: string, userType?: 'CLIENT'][],
): Question {
  return {
    id: `e0000000-0000-4000-8000-00000000000${order}`,
    order,
    key,
    type: 'MULTISELECT',
    clientText,
    providerText: `Terapeutens fråga ${order}`,
    clientDescription: null,
    providerDescription: null,
    description: null,
    hasImportanceScale: true,
    options: options.map(([value, label, userType]) => ({
      value,
      label,
      userType: userType ?? ('BOTH' as const),
    })),
  };
}

/** A client's answers as GET /matches/{id} gives them: each with its question as the client saw it. */
const ANSWERS: ClientAnswer[] = [
  {
    q: question(1, 'language', 'På vilket språk vill du ha dina samtal?', [
      ['sv', 'Svenska'],
      ['en', 'Engelska'],
    ]),
    value: ['sv', 'en'],
    importance: 3 as const,
  },
  {
    q: question(2, 'therapy_methods', 'Vilken eller vilka terapiformer är du intresserad av?', [
      ['kbt', 'KBT (kognitiv beteendeterapi)'],
      ['any', 'Vet inte / ingen preferens', 'CLIENT'],
    ]),
    value: ['any'],
    importance: null,
  },
].map(({ q, value, importance }) => ({ questionId: q.id, value, importance, question: q }));

/**
 * The therapist's view of one match (GET /matches/{id}): the list's match
 * with the client's answers, and the whole Booking and match the list leaves out.
 */
function detailOf(m: ProviderMatchSummary, answer: ClientAnswer[] = ANSWERS): ProviderMatch {
  return providerMatchSchema.parse({
    ...m,
    score: 0.8,
    providerId: PROVIDER.id,
    clientId: `c${m.id.slice(1)}`,
    client: { name: m.client.name, answer },
    bookings: m.bookings.map((b) => ({ ...b, matchId: m.id })),
    createdAt: at(-100),
  });
}

/**
 * Renders the page with GET /matches answering `state.matches` (tests change
 * it), and GET /matches/{id} each of those first matches with ANSWERS.
 */
function renderDashboard(
  state: { matches: ProviderMatchSummary[] },
  routes: Parameters<typeof mockFetch>[0] = {},
  now: () => Date = () => NOW,
  client?: QueryClient,
) {
  const details = Object.fromEntries(
    state.matches.map((m) => [`GET /matches/${m.id}`, json(detailOf(m))]),
  );
  const fetches = mockFetch({
    'GET /users/me': json(PROVIDER),
    // The API's answer to a therapist: the provider's view, nothing more (strict schema).
    'GET /matches': () => json(providerMatchesResponseSchema.parse(state.matches)),
    ...details,
    ...routes,
  });
  const utils = renderRoute(
    <>
      <ProviderDashboardPage now={now} />
      <Toaster />
    </>,
    { path: '/dashboard', user: PROVIDER, ...(client ? { client } : {}) },
  );
  return { ...utils, fetches };
}

describe('the provider dashboard tabs', () => {
  it("shows 'Aktuella bokningar' first with its card, columns and 'Granska' per open booking", async () => {
    const state = {
      matches: [
        match('Maja Klient', [booking({ status: 'PENDING_PROVIDER_CONFIRMATION' })]),
        match('Olle Klient', [booking({ status: 'CONFIRMED', confirmedTime: at(30) })]),
        match('Stina Klient', [
          booking({ status: 'COMPLETED', confirmedTime: at(-30), completedAt: at(-20) }),
        ]),
      ],
    };
    renderDashboard(state);

    const tabs = screen.getByRole('tablist', { name: 'Bokningar' });
    const active = within(tabs).getByRole('tab', { name: 'Aktuella bokningar' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'Historik' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Bokningsförfrågningar' })).toBeVisible();
    expect(
      within(panel).getByText('Granska och bekräfta bokningsförfrågningar från klienter.'),
    ).toBeVisible();
    expect(
      within(panel)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Klient', 'Status', 'Åtgärd']);

    const maja = await within(panel).findByRole('row', { name: /Maja Klient/ });
    expect(maja).toHaveTextContent('Väntar på bekräftelse');
    expect(within(maja).getByRole('button', { name: 'Granska' })).toBeVisible();
    expect(within(panel).getByRole('row', { name: /Olle Klient/ })).toHaveTextContent('Bekräftad');
    // A completed booking is history, not a current booking.
    expect(within(panel).queryByText('Stina Klient')).not.toBeInTheDocument();
  });

  it('shows the time each pending request has left to be answered', async () => {
    const state = {
      matches: [
        match('Maja Klient', [
          booking({ status: 'PENDING_PROVIDER_CONFIRMATION', expiresAt: at(27.5) }),
        ]),
        match('Ada Klient', [
          booking({ status: 'PENDING_PROVIDER_CONFIRMATION', expiresAt: at(0.5) }),
        ]),
        match('Olle Klient', [booking({ status: 'CONFIRMED', confirmedTime: at(30) })]),
      ],
    };
    renderDashboard(state);
    const panel = screen.getByRole('tabpanel');
    const maja = await within(panel).findByRole('row', { name: /Maja Klient/ });
    expect(maja).toHaveTextContent('1 dygn och 3 timmar kvar att svara');
    expect(within(panel).getByRole('row', { name: /Ada Klient/ })).toHaveTextContent(
      'Mindre än en timme kvar att svara',
    );
    expect(within(panel).getByRole('row', { name: /Olle Klient/ })).not.toHaveTextContent(
      'kvar att svara',
    );
  });

  it("switches to 'Historik': its card, its columns, who cancelled and when, newest first, expired included", async () => {
    const user = userEvent.setup();
    const state = {
      matches: [
        match('Maja Klient', [
          booking({
            status: 'CANCELLED',
            confirmedTime: at(-100),
            cancelledBy: 'CLIENT',
            cancelledAt: at(-120),
          }),
        ]),
        match('Olle Klient', [
          booking({ status: 'COMPLETED', confirmedTime: at(-3), completedAt: at(-1) }),
        ]),
        match('Stina Klient', [
          booking({
            status: 'EXPIRED',
            suggestedTimes: [at(-50), at(-49), at(-48)],
            expiresAt: at(-48),
          }),
        ]),
      ],
    };
    renderDashboard(state);
    await user.click(screen.getByRole('tab', { name: 'Historik' }));

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { name: 'Historik' })).toBeVisible();
    expect(
      within(panel).getByText('Tidigare bokningar som är avbokade eller slutförda.'),
    ).toBeVisible();
    expect(
      within(panel)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Klient', 'Status', 'Avbokad av', 'Datum']);
    await within(panel).findByText('Olle Klient');
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Olle Klient',
      'Stina Klient',
      'Maja Klient',
    ]);
    expect(rows[0]).toHaveTextContent('Slutförd');
    // The date as everywhere else (full month, no short form), its cell's line starting with a capital.
    expect(within(rows[0]!).getAllByRole('cell')[3]).toHaveTextContent(
      /^Tisdag 10 mars 2026 kl\. 08:00 \(svensk tid\)$/,
    );
    expect(rows[1]).toHaveTextContent('Utgången');
    expect(rows[2]).toHaveTextContent('Avbokad');
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('Klient');

    // The details of the expired request list its suggested times, a line each.
    await user.click(within(rows[1]!).getByRole('button', { name: 'Stina Klient' }));
    const details = screen.getByRole('dialog', { name: 'Bokningsdetaljer' });
    const suggested = within(details)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(suggested).toHaveLength(3);
    for (const line of suggested) expect(line).toMatch(/^[A-ZÅÄÖ][a-zåäö]+dag \d+ mars 2026 kl\./);
  });

  it('shows skeleton rows while loading, then the empty states of both tabs', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => {};
    mockFetch({
      'GET /users/me': json(PROVIDER),
      'GET /matches': () =>
        new Promise((resolve) => {
          answer = resolve;
        }) as never,
    });
    renderRoute(<ProviderDashboardPage now={() => NOW} />, { path: '/dashboard', user: PROVIDER });

    const table = screen.getByRole('table', { name: 'Bokningsförfrågningar' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Laddar bokningar…');
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(4);
    expect(screen.queryByText('Inga aktuella bokningar.')).not.toBeInTheDocument();

    answer(json([]));
    expect(await screen.findByText('Inga aktuella bokningar.')).toBeVisible();
    expect(table).not.toHaveAttribute('aria-busy');
    await user.click(screen.getByRole('tab', { name: 'Historik' }));
    expect(await screen.findByText('Ingen historik tillgänglig.')).toBeVisible();
  });

  it('says so when the bookings cannot be read', async () => {
    mockFetch({
      'GET /users/me': json(PROVIDER),
      'GET /matches': json({ message: 'x', status: 500 }, 500),
    });
    renderRoute(<ProviderDashboardPage now={() => NOW} />, { path: '/dashboard', user: PROVIDER });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Något gick fel/);
  });

  it('the tabs are keyboard operable (arrow keys move between them)', async () => {
    const user = userEvent.setup();
    renderDashboard({ matches: [] });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Aktuella bokningar' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Historik' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Historik' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the review dialog', () => {
  it('confirms one chosen suggested time with a message, then refetches, toasts and closes', async () => {
    const user = userEvent.setup();
    const request = booking({ status: 'PENDING_PROVIDER_CONFIRMATION' });
    const state = { matches: [match('Maja Klient', [request])] };
    const { fetches } = renderDashboard(state, {
      [`PATCH /bookings/confirm/${request.id}`]: ({ body }) => {
        const b = body as { confirmedTime: string; messageFromProvider: string | null };
        state.matches = [
          match('Maja Klient', [
            { ...request, status: 'CONFIRMED', confirmedTime: b.confirmedTime },
          ]),
        ];
        return json({ ...request, status: 'CONFIRMED' });
      },
    });

    const opener = await screen.findByRole('button', { name: 'Granska' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    expect(dialog).toHaveTextContent('Maja Klient');
    const times = within(dialog).getByRole('group', { name: 'Föreslagna tider' });
    const radios = within(times).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
      'Torsdag 12 mars 2026 kl. 11:00 (svensk tid)',
      'Torsdag 12 mars 2026 kl. 12:00 (svensk tid)',
      'Fredag 13 mars 2026 kl. 11:00 (svensk tid)',
    ]);
    // Focus moved into the dialog.
    expect(radios[0]).toHaveFocus();

    // A time must be chosen: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Bekräfta' }));
    expect(within(dialog).getByText('Välj en av de föreslagna tiderna.')).toBeVisible();
    expect(fetches.find('PATCH', `/bookings/confirm/${request.id}`)).toHaveLength(0);

    await user.click(radios[1]!);
    await user.type(
      within(dialog).getByLabelText('Meddelande till klienten (valfritt)'),
      'Välkommen!',
    );
    const matchesBefore = fetches.find('GET', '/matches').length;
    await user.click(within(dialog).getByRole('button', { name: 'Bekräfta' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fetches.find('PATCH', `/bookings/confirm/${request.id}`)[0]!.body).toEqual({
      confirmedTime: at(49),
      messageFromProvider: 'Välkommen!',
    });
    expect(fetches.find('GET', '/matches').length).toBeGreaterThan(matchesBefore);
    expect(await screen.findByText('Bokningen är bekräftad')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Maja Klient/ })).toHaveTextContent('Bekräftad');
    // Focus went back to the button that opened the dialog.
    expect(screen.getByRole('button', { name: 'Granska' })).toHaveFocus();
  });

  it('shows a refusal (409) inside the dialog and keeps the chosen time and the message', async () => {
    const user = userEvent.setup();
    const request = booking({ status: 'PENDING_PROVIDER_CONFIRMATION' });
    renderDashboard(
      { matches: [match('Maja Klient', [request])] },
      {
        [`PATCH /bookings/confirm/${request.id}`]: json(
          { message: 'Bokningen har redan ändrats. Ladda om sidan.', status: 409 },
          409,
        ),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    await user.click(within(dialog).getAllByRole('radio')[2]!);
    const message = within(dialog).getByLabelText('Meddelande till klienten (valfritt)');
    await user.type(message, 'Hej');
    await user.click(within(dialog).getByRole('button', { name: 'Bekräfta' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Bokningen har redan ändrats. Ladda om sidan.',
    );
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio')[2]).toBeChecked();
    expect(message).toHaveValue('Hej');
  });

  it('refuses a message of invisible characters only at its field, with the rule of contracts, and sends nothing', async () => {
    const user = userEvent.setup();
    const request = booking({ status: 'PENDING_PROVIDER_CONFIRMATION' });
    const { fetches } = renderDashboard({ matches: [match('Maja Klient', [request])] });
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    await user.click(within(dialog).getAllByRole('radio')[0]!);
    const message = within(dialog).getByLabelText('Meddelande till klienten (valfritt)');
    await user.type(message, '\u200B\u200B');
    await user.click(within(dialog).getByRole('button', { name: 'Bekräfta' }));

    expect(
      await within(dialog).findByText('Texten får inte bestå av enbart osynliga tecken.'),
    ).toBeVisible();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(fetches.find('PATCH', `/bookings/confirm/${request.id}`)).toHaveLength(0);
  });

  it("offers 'Avboka' and no 'Slutför' before the confirmed time, and the reverse after it", async () => {
    const user = userEvent.setup();
    const confirmed = booking({ status: 'CONFIRMED', confirmedTime: at(2) });
    const state = { matches: [match('Olle Klient', [confirmed])] };
    let clock = NOW;
    renderDashboard(state, {}, () => clock);

    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    let dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    expect(dialog).toHaveTextContent('tisdag 10 mars 2026 kl. 13:00 (svensk tid)');
    expect(within(dialog).getByRole('button', { name: 'Avboka' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Slutför' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Bekräfta' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // The session's hour has come.
    clock = new Date(NOW.getTime() + 2 * HOUR);
    await user.click(screen.getByRole('button', { name: 'Granska' }));
    dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    expect(within(dialog).getByRole('button', { name: 'Slutför' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Avboka' })).not.toBeInTheDocument();
  });

  it("'Slutför' completes the session: refetch, toast, closed, and the row moves to Historik", async () => {
    const user = userEvent.setup();
    const confirmed = booking({ status: 'CONFIRMED', confirmedTime: at(-1) });
    const state = { matches: [match('Olle Klient', [confirmed])] };
    const { fetches } = renderDashboard(state, {
      [`PATCH /bookings/complete/${confirmed.id}`]: () => {
        state.matches = [
          match('Olle Klient', [
            { ...confirmed, status: 'COMPLETED', completedAt: NOW.toISOString() },
          ]),
        ];
        return json({ ...confirmed, status: 'COMPLETED' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    await user.click(within(dialog).getByRole('button', { name: 'Slutför' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fetches.find('PATCH', `/bookings/complete/${confirmed.id}`)[0]!.body).toEqual({});
    expect(await screen.findByText('Bokningen är slutförd')).toBeInTheDocument();
    expect(await screen.findByText('Inga aktuella bokningar.')).toBeVisible();
    // The opener is gone: focus lands on the card's heading, not on the page's end.
    expect(screen.getByRole('heading', { name: 'Bokningsförfrågningar' })).toHaveFocus();
  });

  it("shows a refused 'Slutför' (422) inside the review dialog, which stays open", async () => {
    const user = userEvent.setup();
    const confirmed = booking({ status: 'CONFIRMED', confirmedTime: at(-1) });
    renderDashboard(
      { matches: [match('Olle Klient', [confirmed])] },
      {
        [`PATCH /bookings/complete/${confirmed.id}`]: json(
          { message: 'Bokningen kan slutföras först när tiden har passerat.', status: 422 },
          422,
        ),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    await user.click(within(dialog).getByRole('button', { name: 'Slutför' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Bokningen kan slutföras först när tiden har passerat.',
    );
    expect(within(dialog).getByRole('button', { name: 'Slutför' })).toBeEnabled();
  });

  it("'Avboka' asks first in the cancel dialog: 'Stäng' keeps the booking, 'Avboka' cancels it", async () => {
    const user = userEvent.setup();
    const request = booking({ status: 'PENDING_PROVIDER_CONFIRMATION' });
    const state = { matches: [match('Maja Klient', [request])] };
    const { fetches } = renderDashboard(state, {
      [`PATCH /bookings/cancel/${request.id}`]: () => {
        state.matches = [
          match('Maja Klient', [
            {
              ...request,
              status: 'CANCELLED',
              cancelledBy: 'PROVIDER',
              cancelledAt: NOW.toISOString(),
            },
          ]),
        ];
        return json({ ...request, status: 'CANCELLED' });
      },
    });
    const path = `/bookings/cancel/${request.id}`;

    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Granska bokning' })).getByRole('button', {
        name: 'Avboka',
      }),
    );
    let ask = screen.getByRole('dialog', { name: 'Avboka bokningen?' });
    expect(ask).toHaveTextContent('Vill du avboka bokningen med Maja Klient?');
    expect(screen.queryByRole('dialog', { name: 'Granska bokning' })).not.toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    expect(fetches.find('PATCH', path)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Granska' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Granska' }));
    await user.click(screen.getByRole('button', { name: 'Avboka' }));
    ask = screen.getByRole('dialog', { name: 'Avboka bokningen?' });
    await user.click(within(ask).getByRole('button', { name: 'Avboka' }));
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    expect(fetches.find('PATCH', path)).toHaveLength(1);
    expect(await screen.findByText('Bokningen är avbokad')).toBeInTheDocument();
    expect(await screen.findByText('Inga aktuella bokningar.')).toBeVisible();
  });

  it('shows a refused cancel (422) inside the cancel dialog', async () => {
    const user = userEvent.setup();
    const confirmed = booking({ status: 'CONFIRMED', confirmedTime: at(5) });
    renderDashboard(
      { matches: [match('Olle Klient', [confirmed])] },
      {
        [`PATCH /bookings/cancel/${confirmed.id}`]: json(
          { message: 'Bokningen kan inte avbokas efter att tiden har passerat.', status: 422 },
          422,
        ),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    await user.click(screen.getByRole('button', { name: 'Avboka' }));
    const ask = screen.getByRole('dialog', { name: 'Avboka bokningen?' });
    await user.click(within(ask).getByRole('button', { name: 'Avboka' }));
    expect(await within(ask).findByRole('alert')).toHaveTextContent(
      'Bokningen kan inte avbokas efter att tiden har passerat.',
    );
  });
});

describe('details and rebook', () => {
  const completed = () =>
    booking({ status: 'COMPLETED', confirmedTime: at(-30), completedAt: at(-20) });

  async function openRebook(state: { matches: ProviderMatchSummary[] }, routes = {}) {
    const user = userEvent.setup();
    const utils = renderDashboard(state, routes);
    await user.click(screen.getByRole('tab', { name: 'Historik' }));
    await user.click(await screen.findByRole('button', { name: 'Stina Klient' }));
    const details = screen.getByRole('dialog', { name: 'Bokningsdetaljer' });
    expect(details).toHaveTextContent('Slutförd');
    expect(details).toHaveTextContent('måndag 9 mars 2026 kl. 05:00 (svensk tid)');
    await user.click(within(details).getByRole('button', { name: 'Skicka ny bokningstid' }));
    const dialog = screen.getByRole('dialog', { name: 'Skicka ny bokningstid' });
    return { user, dialog, ...utils };
  }

  it('a history row opens the details; the rebook dialog defaults to tomorrow 08:00 and offers 07:00-20:00 from tomorrow', async () => {
    const { dialog } = await openRebook({ matches: [match('Stina Klient', [completed()])] });
    const date = within(dialog).getByLabelText('Datum');
    expect(date).toHaveValue('2026-03-11');
    expect(date).toHaveAttribute('min', '2026-03-11');
    const time = within(dialog).getByLabelText('Tid');
    expect(time).toHaveValue('08:00');
    expect(
      within(time)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value)
        .filter(Boolean),
    ).toEqual([
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
  });

  it('runs the checks in order (past before 24 hours) with an alert, and sends nothing', async () => {
    const { user, dialog, fetches } = await openRebook({
      matches: [match('Stina Klient', [completed()])],
    });
    const send = within(dialog).getByRole('button', { name: 'Skicka' });

    // The default, tomorrow 08:00, is only 21 hours ahead.
    await user.click(send);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Måste boka minst 24 timmar i förväg',
    );
    // A day already past fails the first check (and the second): the first one is told.
    const date = within(dialog).getByLabelText('Datum');
    await user.clear(date);
    await user.type(date, '2026-03-09');
    await user.click(send);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Kan inte boka tid som redan har passerat',
    );
    expect(fetches.find('POST', '/bookings/rebook')).toHaveLength(0);
  });

  it('sends a valid time as the Stockholm instant, then refetches, toasts and closes', async () => {
    const past = completed();
    const state = { matches: [match('Stina Klient', [past])] };
    const matchId = state.matches[0]!.id;
    const { user, dialog, fetches } = await openRebook(state, {
      'POST /bookings/rebook': () => {
        state.matches = [
          match('Stina Klient', [past, booking({ status: 'CONFIRMED', confirmedTime: at(46) })]),
        ];
        return json({}, 201);
      },
    });
    const date = within(dialog).getByLabelText('Datum');
    await user.clear(date);
    await user.type(date, '2026-03-12');
    await user.selectOptions(within(dialog).getByLabelText('Tid'), '09:00');
    await user.type(within(dialog).getByLabelText('Meddelande till klienten (valfritt)'), 'Ny tid');
    await user.click(within(dialog).getByRole('button', { name: 'Skicka' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fetches.find('POST', '/bookings/rebook')[0]!.body).toEqual({
      matchId,
      confirmedTime: '2026-03-12T08:00:00.000Z',
      messageFromProvider: 'Ny tid',
    });
    expect(await screen.findByText('Den nya tiden har skickats till klienten')).toBeInTheDocument();
    // Focus returns to the history row's button.
    expect(screen.getByRole('button', { name: 'Stina Klient' })).toHaveFocus();
  });

  it("disables 'Skicka' while the date or the time is empty and while sending; a 409 stays in the dialog", async () => {
    let reply: (value: unknown) => void = () => {};
    const { user, dialog } = await openRebook(
      { matches: [match('Stina Klient', [completed()])] },
      {
        'POST /bookings/rebook': () =>
          new Promise((resolve) => {
            reply = resolve;
          }),
      },
    );
    const send = within(dialog).getByRole('button', { name: 'Skicka' });
    const date = within(dialog).getByLabelText('Datum');
    const time = within(dialog).getByLabelText('Tid');
    expect(send).toBeEnabled();
    await user.clear(date);
    expect(send).toBeDisabled();
    await user.type(date, '2026-03-12');
    expect(send).toBeEnabled();
    await user.selectOptions(time, '');
    expect(send).toBeDisabled();
    await user.selectOptions(time, '10:00');
    expect(send).toBeEnabled();

    await user.click(send);
    expect(within(dialog).getByRole('button', { name: 'Skickar…' })).toBeDisabled();
    reply(json({ message: 'Tiden är redan bokad.', status: 409 }, 409));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tiden är redan bokad.');
    expect(within(dialog).getByRole('button', { name: 'Skicka' })).toBeEnabled();
    expect(date).toHaveValue('2026-03-12');
    expect(time).toHaveValue('10:00');
  });

  it('refuses a message of invisible characters only at its field; each opening starts again from tomorrow 08:00', async () => {
    const { user, dialog, fetches } = await openRebook({
      matches: [match('Stina Klient', [completed()])],
    });
    const date = within(dialog).getByLabelText('Datum');
    await user.clear(date);
    await user.type(date, '2026-03-12');
    await user.selectOptions(within(dialog).getByLabelText('Tid'), '09:00');
    const message = within(dialog).getByLabelText('Meddelande till klienten (valfritt)');
    await user.type(message, '\u200B');
    await user.click(within(dialog).getByRole('button', { name: 'Skicka' }));
    expect(
      await within(dialog).findByText('Texten får inte bestå av enbart osynliga tecken.'),
    ).toBeVisible();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(fetches.find('POST', '/bookings/rebook')).toHaveLength(0);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Stina Klient' }));
    const details = screen.getByRole('dialog', { name: 'Bokningsdetaljer' });
    await user.click(within(details).getByRole('button', { name: 'Skicka ny bokningstid' }));
    const again = screen.getByRole('dialog', { name: 'Skicka ny bokningstid' });
    expect(within(again).getByLabelText('Datum')).toHaveValue('2026-03-11');
    expect(within(again).getByLabelText('Tid')).toHaveValue('08:00');
    expect(within(again).getByLabelText('Meddelande till klienten (valfritt)')).toHaveValue('');
    expect(
      within(again).queryByText('Texten får inte bestå av enbart osynliga tecken.'),
    ).not.toBeInTheDocument();
  });

  it("offers no 'Skicka ny bokningstid' while the match still has an open booking", async () => {
    const user = userEvent.setup();
    renderDashboard({
      matches: [
        match('Stina Klient', [completed(), booking({ status: 'PENDING_PROVIDER_CONFIRMATION' })]),
      ],
    });
    await user.click(screen.getByRole('tab', { name: 'Historik' }));
    await user.click(await screen.findByRole('button', { name: 'Stina Klient' }));
    const details = screen.getByRole('dialog', { name: 'Bokningsdetaljer' });
    expect(
      within(details).queryByRole('button', { name: 'Skicka ny bokningstid' }),
    ).not.toBeInTheDocument();
    expect(details).toHaveTextContent('Klienten har redan en aktuell bokning med dig.');
  });
});

describe("the client's answers in the booking dialogs (decisions 358 and 359)", () => {
  const answersOf = (dialog: HTMLElement) =>
    within(dialog).getByRole('region', { name: CLIENT_ANSWERS_TEXTS.title });

  it('a request reads them when the dialog opens, not before; Bekräfta waits for them', async () => {
    const user = userEvent.setup();
    const m = match('Maja Klient', [booking({ status: 'PENDING_PROVIDER_CONFIRMATION' })]);
    let release: (reply: ReturnType<typeof json>) => void = () => {};
    const { fetches } = renderDashboard(
      { matches: [m] },
      {
        [`GET /matches/${m.id}`]: () =>
          new Promise<ReturnType<typeof json>>((resolve) => (release = resolve)),
      },
    );
    const opener = await screen.findByRole('button', { name: 'Granska' });
    // The dashboard's list is not a read of anyone's answers.
    expect(fetches.find('GET', `/matches/${m.id}`)).toHaveLength(0);

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    expect(within(answersOf(dialog)).getByRole('status')).toHaveTextContent(
      CLIENT_ANSWERS_TEXTS.loading,
    );
    expect(within(dialog).getByRole('button', { name: 'Bekräfta' })).toBeDisabled();
    expect(within(dialog).getAllByRole('radio')[0]).toHaveFocus();

    release(json(detailOf(m)));
    const answers = answersOf(dialog);
    expect(await within(answers).findByText('Svenska, Engelska (väldigt viktig)')).toBeVisible();
    const terms = within(answers)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual([
      'På vilket språk vill du ha dina samtal?',
      'Vilken eller vilka terapiformer är du intresserad av?',
    ]);
    // A client-only option reads as the client chose it; no importance, no parentheses.
    expect(
      within(answers)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Svenska, Engelska (väldigt viktig)', 'Vet inte / ingen preferens']);
    expect(within(dialog).getByRole('button', { name: 'Bekräfta' })).toBeEnabled();
    expect(fetches.find('GET', `/matches/${m.id}`)).toHaveLength(1);
  });

  it('a failed read says so and does not stop the confirmation', async () => {
    const user = userEvent.setup();
    const request = booking({ status: 'PENDING_PROVIDER_CONFIRMATION' });
    const m = match('Maja Klient', [request]);
    const { fetches } = renderDashboard(
      { matches: [m] },
      {
        [`GET /matches/${m.id}`]: json({ message: 'x', status: 500 }, 500),
        [`PATCH /bookings/confirm/${request.id}`]: json({ ...request, status: 'CONFIRMED' }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    expect(await within(answersOf(dialog)).findByRole('alert')).toHaveTextContent(
      CLIENT_ANSWERS_TEXTS.error,
    );
    await user.click(within(dialog).getAllByRole('radio')[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Bekräfta' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fetches.find('PATCH', `/bookings/confirm/${request.id}`)).toHaveLength(1);
  });

  it("'Försök igen' reads them again; a client without answers is said to have none", async () => {
    const user = userEvent.setup();
    const m = match('Maja Klient', [booking({ status: 'PENDING_PROVIDER_CONFIRMATION' })]);
    let fail = true;
    const { fetches } = renderDashboard(
      { matches: [m] },
      {
        [`GET /matches/${m.id}`]: () =>
          fail ? json({ message: 'x', status: 500 }, 500) : json(detailOf(m, [])),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    const answers = answersOf(screen.getByRole('dialog', { name: 'Granska bokning' }));
    const alert = await within(answers).findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: CLIENT_ANSWERS_TEXTS.retry }));
    expect(await within(answers).findByText(CLIENT_ANSWERS_TEXTS.none)).toBeVisible();
    expect(fetches.find('GET', `/matches/${m.id}`)).toHaveLength(2);
  });

  it('a confirmed booking reads them only when the therapist asks', async () => {
    const user = userEvent.setup();
    const m = match('Olle Klient', [booking({ status: 'CONFIRMED', confirmedTime: at(30) })]);
    const { fetches } = renderDashboard({ matches: [m] });
    await user.click(await screen.findByRole('button', { name: 'Granska' }));
    const dialog = screen.getByRole('dialog', { name: 'Granska bokning' });
    const show = within(dialog).getByRole('button', { name: CLIENT_ANSWERS_TEXTS.show });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('region')).not.toBeInTheDocument();
    expect(fetches.find('GET', `/matches/${m.id}`)).toHaveLength(0);

    await user.click(show);
    expect(await within(answersOf(dialog)).findByText('Vet inte / ingen preferens')).toBeVisible();
    const hide = within(dialog).getByRole('button', { name: CLIENT_ANSWERS_TEXTS.hide });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveFocus();
    expect(fetches.find('GET', `/matches/${m.id}`)).toHaveLength(1);
    await user.click(hide);
    expect(within(dialog).queryByRole('region')).not.toBeInTheDocument();
  });

  it("a past booking's details read them only when the therapist asks", async () => {
    const user = userEvent.setup();
    const m = match('Stina Klient', [
      booking({ status: 'COMPLETED', confirmedTime: at(-30), completedAt: at(-20) }),
    ]);
    const { fetches } = renderDashboard({ matches: [m] });
    await user.click(screen.getByRole('tab', { name: 'Historik' }));
    await user.click(await screen.findByRole('button', { name: 'Stina Klient' }));
    const details = screen.getByRole('dialog', { name: 'Bokningsdetaljer' });
    expect(fetches.find('GET', `/matches/${m.id}`)).toHaveLength(0);
    await user.click(within(details).getByRole('button', { name: CLIENT_ANSWERS_TEXTS.show }));
    expect(
      await within(answersOf(details)).findByText('Svenska, Engelska (väldigt viktig)'),
    ).toBeVisible();
    expect(fetches.find('GET', `/matches/${m.id}`)).toHaveLength(1);
  });

  it.each([
    ['PROVIDER_PAUSED', { pausedAt: NOW.toISOString() }, MSG.accountPaused],
    ['PROVIDER_NOT_VERIFIED', { pausedAt: null }, MSG.accountUnderReview],
  ] as const)(
    'a therapist no longer verified meanwhile (403 %s) gets their holding page, not the answers',
    async (code, profile, heading) => {
      const user = userEvent.setup();
      const m = match('Maja Klient', [booking({ status: 'PENDING_PROVIDER_CONFIRMATION' })]);
      let me = PROVIDER;
      renderDashboard(
        { matches: [m] },
        {
          'GET /users/me': () => json(me),
          [`GET /matches/${m.id}`]: () => {
            me = providerUser({ id: PROVIDER.id, profile: { isVerified: false, ...profile } });
            return json({ message: errorCatalog[code].message, status: 403, code }, 403);
          },
        },
        () => NOW,
        createQueryClient(),
      );
      await user.click(await screen.findByRole('button', { name: 'Granska' }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByText('Vet inte / ingen preferens')).not.toBeInTheDocument();
    },
  );
});

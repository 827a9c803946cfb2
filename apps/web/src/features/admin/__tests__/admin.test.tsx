import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminProviderDetail } from '@samtalsmatch/contracts';
import { AdminProviderDetailPage } from '@/app/routes/admin/provider-detail';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute } from '@/test/render';
import { withToasterEnvironment } from '@/test/toaster';
import { ProvidersTable } from '../components/providers-table';

withToasterEnvironment();

afterEach(() => {
  vi.restoreAllMocks();
});

const ADMIN = { id: 'a0000000-0000-4000-8000-000000000001', type: 'ADMIN', name: 'Adam' };
const ID = 'b0000000-0000-4000-8000-000000000002';

const LIST = [
  {
    id: ID,
    name: 'Okänd Terapeut',
    email: 'okand@exempel.se',
    isVerified: false,
    onboardingStep: 'ONBOARDING_COMPLETED',
  },
  {
    id: 'c0000000-0000-4000-8000-000000000003',
    name: 'Anna Lindqvist',
    email: 'anna@exempel.se',
    isVerified: true,
    onboardingStep: 'ONBOARDING_COMPLETED',
    licenceCheckExpired: true,
  },
];

function detail(overrides: Partial<AdminProviderDetail> = {}): AdminProviderDetail {
  return {
    id: ID,
    name: 'Okänd Terapeut',
    email: 'okand@exempel.se',
    phoneNumber: '0701740648',
    ssn: '19860130-1776',
    bookingsAhead: 0,
    isVerified: false,
    onboardingStep: 'ONBOARDING_COMPLETED',
    address: { street: 'Kungsgatan 7', city: 'Uppsala', zip: '753 21' },
    profile: {
      title: ['KURATOR'],
      description: 'Text',
      education: ['BACHELOR'],
      price: 800,
      sessionDuration: 45,
      profileImageUrl: 'seed/okand.png',
      profileImageSignedUrl: null,
      personalAttributes: 'Lugn',
      cancellationPolicy: 'TWENTY_FOUR_HOURS',
      meetingFormat: 'VIDEO',
      isVerified: false,
    },
    answers: [],
    matches: [
      {
        id: 'd0000000-0000-4000-8000-000000000004',
        status: 'ACTIVE',
        score: 0.8,
        client: { name: 'Klara Ekström', answer: [] },
        bookings: [
          {
            id: 'e0000000-0000-4000-8000-000000000005',
            matchId: 'd0000000-0000-4000-8000-000000000004',
            status: 'CONFIRMED',
            meetingFormat: 'IN_PERSON',
            confirmedTime: '2026-03-30T12:00:00.000Z',
            suggestedTimes: [],
            messageFromProvider: null,
            cancelledBy: null,
            cancelledAt: null,
          },
        ],
      },
    ],
    licenceChecks: [],
    ...overrides,
  };
}

const listKey = (q = '', verified = '', page = 1) =>
  `GET /admin/providers?q=${encodeURIComponent(q)}&verified=${verified}&page=${page}&pageSize=50`;
const pageOf = (items: unknown[], total = items.length, page = 1) =>
  json({ items, total, page, pageSize: 50 });

describe('/admin provider table', () => {
  it('shows a loading state, then name, e-mail and badge, each row a link to its detail', async () => {
    mockFetch({ [listKey()]: pageOf(LIST) });
    renderRoute(<ProvidersTable />, { path: '/admin', user: ADMIN });
    expect(screen.getByRole('status')).toHaveTextContent('Laddar vårdgivare…');
    const link = await screen.findByRole('link', { name: 'Okänd Terapeut' });
    expect(link).toHaveAttribute('href', `/admin/${ID}`);
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('Ej verifierad')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Verifierad')).toBeInTheDocument();
    // A licence check 12 months old or more is flagged for a new check.
    expect(within(rows[2]!).getByText('Ny kontroll behövs')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Ny kontroll behövs')).not.toBeInTheDocument();
    expect(within(rows[1]!).getAllByText('okand@exempel.se').length).toBeGreaterThan(0);
    // One page: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Sidor' })).not.toBeInTheDocument();

    // Clicking anywhere on the row opens the detail.
    await userEvent.click(within(rows[2]!).getByText('Verifierad'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/c0000000-0000-4000-8000-000000000003',
    );
  });

  it('asks the server for a status and says when nothing matches', async () => {
    mockFetch({ [listKey()]: pageOf([LIST[1]]), [listKey('', 'false')]: pageOf([]) });
    renderRoute(<ProvidersTable />, { path: '/admin', user: ADMIN });
    await screen.findByRole('link', { name: 'Anna Lindqvist' });
    await userEvent.selectOptions(screen.getByLabelText('Visa'), 'Ej verifierade');
    expect(await screen.findByText('Inga vårdgivare matchar filtret.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Anna Lindqvist' })).not.toBeInTheDocument();
  });

  it('searches name or e-mail on the server and pages through the answer', async () => {
    const calls = mockFetch({
      [listKey()]: pageOf([LIST[0]], 120),
      [listKey('', '', 2)]: pageOf([LIST[1]], 120, 2),
      [listKey('anna', '', 1)]: pageOf([LIST[1]], 1),
    });
    renderRoute(<ProvidersTable />, { path: '/admin', user: ADMIN });
    await screen.findByRole('link', { name: 'Okänd Terapeut' });
    const pager = screen.getByRole('navigation', { name: 'Sidor' });
    expect(pager).toHaveTextContent('Sida 1 av 3');
    expect(within(pager).getByRole('button', { name: 'Föregående' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Nästa' }));
    expect(await screen.findByRole('link', { name: 'Anna Lindqvist' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sidor' })).toHaveTextContent('Sida 2 av 3');

    await userEvent.type(screen.getByLabelText('Sök på namn eller e-post'), ' anna ');
    await userEvent.click(screen.getByRole('button', { name: 'Sök' }));
    await screen.findByRole('link', { name: 'Anna Lindqvist' });
    expect(screen.queryByRole('navigation', { name: 'Sidor' })).not.toBeInTheDocument();
    expect(calls.calls.map((c) => c.path)).toContain(
      '/admin/providers?q=anna&verified=&page=1&pageSize=50',
    );
  });

  it('shows an empty state when there are no providers', async () => {
    mockFetch({ [listKey()]: pageOf([]) });
    renderRoute(<ProvidersTable />, { path: '/admin', user: ADMIN });
    expect(await screen.findByText('Inga vårdgivare att visa.')).toBeInTheDocument();
  });
});

describe('/admin/{providerId}', () => {
  const render = () =>
    renderRoute(
      <>
        <AdminProviderDetailPage />
        <Toaster />
      </>,
      { path: `/admin/${ID}`, pattern: '/admin/:providerId', user: ADMIN },
    );

  it("shows 'Vårdgivare hittades inte' and 'Gå tillbaka' for an unknown id", async () => {
    mockFetch({
      [`GET /admin/providers/${ID}`]: json(
        { message: 'Vårdgivare hittades inte', status: 404 },
        404,
      ),
    });
    render();
    expect(
      await screen.findByRole('heading', { name: 'Vårdgivare hittades inte' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå tillbaka' })).toHaveAttribute('href', '/admin');
  });

  it('shows the personnummer as YYYYMMDD-XXXX and the bookings in a labelled, focusable scroll box', async () => {
    mockFetch({
      [`GET /admin/providers/${ID}`]: json(detail()),
      [`GET /admin/providers/${ID}/history`]: json([]),
    });
    render();
    expect(await screen.findByText('19860130-1776')).toBeInTheDocument();
    expect(screen.getByText('Kungsgatan 7, 753 21 Uppsala')).toBeInTheDocument();
    const bookings = screen.getByRole('region', { name: 'Bokningar: Klara Ekström' });
    expect(bookings).toHaveAttribute('tabindex', '0');
    expect(bookings.className).toContain('max-h-[400px]');
    expect(bookings.className).toContain('overflow-y-auto');
    expect(
      within(bookings).getByText(/^Måndag 30 mars 2026 kl\. 14:00 \(svensk tid\)$/),
    ).toBeInTheDocument();
    expect(await screen.findByText('Ingen historik än.')).toBeInTheDocument();
  });

  it('dates the history as every other date: to the minute, its line starting with a capital', async () => {
    mockFetch({
      [`GET /admin/providers/${ID}`]: json(detail()),
      [`GET /admin/providers/${ID}/history`]: json([
        {
          id: 1,
          at: '2026-11-27T13:05:42.123Z',
          action: 'PROVIDER_VERIFIED',
          actor: { id: ADMIN.id, name: 'Adam' },
        },
      ]),
    });
    render();
    const history = await screen.findByRole('list', { name: 'Historik' });
    const time = await within(history).findByText(/svensk tid/);
    expect(time).toHaveTextContent(/^Fredag 27 november 2026 kl\. 14:05 \(svensk tid\)$/);
    expect(time).toHaveAttribute('datetime', '2026-11-27T13:05:42.123Z');
  });

  it('asks before verifying, sends the PATCH only on confirmation, then shows a toast and the new badge', async () => {
    const fetchMock = mockFetch({
      [`GET /admin/providers/${ID}`]: json(detail()),
      [`GET /admin/providers/${ID}/history`]: json([]),
      [`PATCH /admin/providers/${ID}/verify`]: json({ id: ID, isVerified: true }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Verifiera' }));
    const dialog = screen.getByRole('dialog', { name: 'Verifiera terapeuten?' });
    expect(fetchMock.find('PATCH', `/admin/providers/${ID}/verify`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verifiera' }));
    expect(await screen.findByText('Terapeuten är verifierad')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ta bort verifiering' })).toHaveFocus(),
    );
    expect(screen.getByText('Verifierad', { exact: true })).toBeInTheDocument();
    // The state the admin means, never an empty toggle (docs/rules/admin.md#verification-by-state).
    expect(fetchMock.find('PATCH', `/admin/providers/${ID}/verify`).map((c) => c.body)).toEqual([
      { isVerified: true },
    ]);
    // The detail (and its personnummer) is not read again after the change.
    expect(fetchMock.find('GET', `/admin/providers/${ID}`)).toHaveLength(1);
  });

  it('records a licence check in a dialog: only claimed licensed titles, a result required, the new check shown in place', async () => {
    const check = {
      id: 'f0000000-0000-4000-8000-000000000006',
      title: 'KURATOR',
      registered: true,
      checkedAt: '2026-11-12T09:00:00.000Z',
      checkedBy: { id: ADMIN.id, name: 'Adam' },
    };
    const fetchMock = mockFetch({
      [`GET /admin/providers/${ID}`]: json(
        detail({
          profile: { ...detail().profile!, title: ['KURATOR', 'SOCIONOM'] },
        }),
      ),
      [`GET /admin/providers/${ID}/history`]: json([]),
      [`POST /admin/providers/${ID}/licence-checks`]: json(check, 201),
    });
    render();
    const licence = await screen.findByRole('list', { name: 'Legitimation' });
    expect(licence).toHaveTextContent('Legitimerad hälso- och sjukvårdskurator');
    expect(licence).toHaveTextContent('Ej kontrollerad');
    expect(licence).not.toHaveTextContent('Socionom');
    const opener = screen.getByRole('button', { name: 'Registrera kontroll' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Registrera kontroll av legitimation' });
    const select = within(dialog).getByLabelText('Titel');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Legitimerad hälso- och sjukvårdskurator']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara kontrollen' }));
    expect(within(dialog).getByText('Ange om titeln finns i registret.')).toBeInTheDocument();
    expect(fetchMock.find('POST', `/admin/providers/${ID}/licence-checks`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Finns inte i registret' }));
    expect(
      within(dialog).getByText(/får ett mejl om att titeln måste tas bort/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Finns i registret' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spara kontrollen' }));
    expect(await screen.findByText('Kontrollen är sparad')).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [post] = fetchMock.find('POST', `/admin/providers/${ID}/licence-checks`);
    expect(post?.body).toEqual({ title: 'KURATOR', registered: true });
    expect(licence).toHaveTextContent('12 november 2026 · kontrollerad av Adam');
    expect(fetchMock.find('GET', `/admin/providers/${ID}`)).toHaveLength(1);
  });

  it('says no check is needed for a therapist without licensed titles', async () => {
    mockFetch({
      [`GET /admin/providers/${ID}`]: json(
        detail({ profile: { ...detail().profile!, title: ['SOCIONOM', 'SEXOLOG'] } }),
      ),
      [`GET /admin/providers/${ID}/history`]: json([]),
    });
    render();
    expect(
      await screen.findByText('Terapeuten anger ingen legitimerad titel. Ingen kontroll behövs.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrera kontroll' })).not.toBeInTheDocument();
  });

  it('says in the unverify dialog how many bookings ahead will be cancelled, before the admin confirms', async () => {
    const fetchMock = mockFetch({
      [`GET /admin/providers/${ID}`]: json(detail({ isVerified: true, bookingsAhead: 3 })),
      [`GET /admin/providers/${ID}/history`]: json([]),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort verifiering' }));
    const dialog = screen.getByRole('dialog', { name: 'Ta bort verifieringen?' });
    expect(
      within(dialog).getByText(
        /3 kommande bokningar \(förfrågningar eller bekräftade tider\) avbokas/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Kontot pausas direkt/)).toBeInTheDocument();
    expect(fetchMock.find('PATCH', `/admin/providers/${ID}/verify`)).toHaveLength(0);
  });

  it('sends the unverified state it means when the admin confirms', async () => {
    const fetchMock = mockFetch({
      [`GET /admin/providers/${ID}`]: json(detail({ isVerified: true })),
      [`GET /admin/providers/${ID}/history`]: json([]),
      [`PATCH /admin/providers/${ID}/verify`]: json({ id: ID, isVerified: false }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Ta bort verifiering' }));
    const dialog = screen.getByRole('dialog', { name: 'Ta bort verifieringen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ta bort verifiering' }));
    expect(await screen.findByRole('button', { name: 'Verifiera' })).toBeInTheDocument();
    expect(fetchMock.find('PATCH', `/admin/providers/${ID}/verify`).map((c) => c.body)).toEqual([
      { isVerified: false },
    ]);
  });
});

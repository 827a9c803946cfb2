import { DASHBOARD_TEXTS, EMPTY_MATCHES_TEXT } from '@samtalsmatch/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '@/features/auth/api/current-user';
import { MatchList } from '@/features/matching/components/match-list';
import { aBooking, aMatch } from '@/features/matching/test-data';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute, testQueryClient } from '@/test/render';
import { DashboardPage } from '../dashboard';
import { ClientDashboardPage } from './dashboard';
import { clientUser } from '@/test/users';

afterEach(() => vi.restoreAllMocks());

const client = clientUser({ id: '00000000-0000-4000-8000-0000000000aa' });

function ProviderRoute() {
  const location = useLocation();
  return <p data-testid="provider-state">{JSON.stringify(location.state)}</p>;
}

function renderDashboard(
  matches: unknown,
  user: unknown = client,
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  const fetchMock = mockFetch({
    'GET /matches': matches as never,
    'GET /users/me': json(user),
    'GET /users/me/match-alert': json({ enabled: false }),
    ...routes,
  });
  const queryClient = testQueryClient();
  if (user !== undefined) queryClient.setQueryData(currentUserKey, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/provider/:matchId" element={<ProviderRoute />} />
          <Route path="*" element={<p>Annan sida</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('client dashboard', () => {
  it('greets by first name and shows 2 placeholder cards while the matches load', async () => {
    renderDashboard(() => new Promise(() => {}));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Välkommen, Alva!' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Laddar matchningar…')).toBeInTheDocument();
    expect(document.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(2);
  });

  it("shows the empty state 'Inga matchningar än' with 'Uppdatera dina svar' to /questions", async () => {
    renderDashboard(json([]));
    expect(await screen.findByRole('heading', { name: 'Inga matchningar än' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Uppdatera dina svar' })).toHaveAttribute(
      'href',
      '/questions',
    );
    expect(screen.getByText(DASHBOARD_TEXTS.generic)).toBeInTheDocument();
  });

  it('splits ongoing and recommended, shows every card field and the explanation', async () => {
    const active = aMatch({
      status: 'ACTIVE',
      provider: {
        ...aMatch().provider,
        name: 'Erik Johansson',
        address: null,
        providerProfile: {
          ...aMatch().provider.providerProfile!,
          price: null,
          profileImageSignedUrl: null,
        },
      },
    });
    active.bookings = [aBooking('PENDING_PROVIDER_CONFIRMATION', active.id)];
    const best = aMatch({ score: 0.8 });
    const second = aMatch({
      score: 0.6,
      provider: { ...aMatch().provider, name: 'Sara Nilsson' },
    });
    renderDashboard(json([active, best, second]));

    const ongoing = await screen.findByRole('region', { name: 'Pågående processer' });
    const recommended = screen.getByRole('region', { name: 'Rekommenderade terapeuter' });
    // A pending booking outranks a found match (docs/rules/matching.md#dashboard-text).
    expect(screen.getByText(DASHBOARD_TEXTS.pending)).toBeInTheDocument();

    const erik = within(ongoing).getByRole('article', { name: 'Erik Johansson' });
    expect(within(erik).getByText('Plats ej specificerat')).toBeInTheDocument();
    expect(within(erik).getByText('Pris ej specificerat')).toBeInTheDocument();
    expect(within(erik).getByText('Inväntar svar')).toBeInTheDocument();
    expect(within(erik).queryByRole('img')).not.toBeInTheDocument();

    const anna = within(recommended).getByRole('article', { name: 'Anna Lindqvist' });
    expect(within(anna).getByRole('img', { name: 'Profilbild av Anna Lindqvist' })).toHaveAttribute(
      'src',
      '/api/images/anna.png?sig=x',
    );
    // A licensed title shows as its checked licence; an unchecked one not at all; others plainly.
    expect(
      within(anna).getByText('Legitimerad psykolog · kontrollerad 12 november 2026'),
    ).toBeInTheDocument();
    expect(within(anna).getByText('Socionom')).toBeInTheDocument();
    expect(within(anna).queryByText(/Psykoterapeut/i)).not.toBeInTheDocument();
    expect(within(anna).queryByText(/Legitimerad socionom/i)).not.toBeInTheDocument();
    // 'Mötesform' and the languages as chips.
    expect(within(anna).getByText('Mötesform')).toBeInTheDocument();
    expect(within(anna).getByText('Video eller på mottagningen')).toBeInTheDocument();
    expect(within(anna).getByText('Svenska')).toBeInTheDocument();
    expect(within(anna).getByText('Engelska')).toBeInTheDocument();
    expect(within(anna).getByText('Stockholm')).toBeInTheDocument();
    expect(within(anna).getByText('Från 950 SEK / session')).toBeInTheDocument();
    expect(within(anna).getByText('Väldigt bra match')).toBeInTheDocument();
    expect(within(anna).getByText(/Jag arbetar med KBT/)).toHaveClass('line-clamp-3');
    // The card shows the top three fits, most important first, and no difference.
    const fitList = within(anna).getByText('Talar svenska och engelska').closest('ul')!;
    const fits = within(fitList)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(fits).toEqual([
      'Talar svenska och engelska',
      'Arbetar med ångest',
      'Har särskild kunskap om studenter',
    ]);
    expect(within(anna).queryByText(/sorg|EMDR/)).not.toBeInTheDocument();
    expect(within(recommended).getByRole('article', { name: 'Sara Nilsson' })).toHaveTextContent(
      'Bra match',
    );
  });

  it('the three score labels look different from each other', async () => {
    renderDashboard(
      json([
        aMatch({ score: 0.9, provider: { ...aMatch().provider, name: 'Ett' } }),
        aMatch({ score: 0.7, provider: { ...aMatch().provider, name: 'Två' } }),
        aMatch({ score: 0.3, provider: { ...aMatch().provider, name: 'Tre' } }),
      ]),
    );
    const labels = await Promise.all(
      ['Väldigt bra match', 'Bra match', 'Okej match'].map((text) => screen.findByText(text)),
    );
    expect(new Set(labels.map((l) => l.className)).size).toBe(3);
    // Not by colour alone: the best has an icon, the last a dashed border.
    expect(labels[0]!.querySelector('svg')).not.toBeNull();
    expect(labels[2]!.className).toContain('border-dashed');
  });

  it('shows the crisis numbers, each one a phone link', async () => {
    renderDashboard(json([aMatch()]));
    const help = await screen.findByRole('complementary', { name: 'Behöver du hjälp nu?' });
    for (const number of ['112', '1177', '90101']) {
      expect(within(help).getByRole('link', { name: number })).toHaveAttribute(
        'href',
        `tel:${number}`,
      );
    }
    expect(help).toHaveTextContent('1177 Vårdguiden');
    expect(help).toHaveTextContent('Självmordslinjen 90101');
  });

  it('opens a recommended therapist at /provider/{matchId}; only the first carries the intro flag', async () => {
    const best = aMatch();
    const second = aMatch({ provider: { ...aMatch().provider, name: 'Sara Nilsson' } });
    renderDashboard(json([best, second]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Visa profil: Anna Lindqvist' }));
    expect(screen.getByTestId('provider-state')).toHaveTextContent('{"firstRecommended":true}');
  });

  it('the second recommended therapist opens without the intro flag', async () => {
    const best = aMatch();
    const second = aMatch({ provider: { ...aMatch().provider, name: 'Sara Nilsson' } });
    renderDashboard(json([best, second]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Visa profil: Sara Nilsson' }));
    expect(screen.getByTestId('provider-state')).toHaveTextContent('null');
  });

  it('shows the user-load failure text when the user failed to load, and asks for no matches', async () => {
    const fetchMock = mockFetch({ 'GET /users/me': json({ message: 'Serverfel' }, 500) });
    renderRoute(<ClientDashboardPage />);
    expect(await screen.findByText('Kunde inte ladda användardata.')).toBeInTheDocument();
    expect(fetchMock.find('GET', '/matches')).toHaveLength(0);
  });

  it('shows an error with a retry when the matches fail to load', async () => {
    renderDashboard(json({ message: 'Fel' }, 500));
    expect(await screen.findByText('Matchningarna kunde inte laddas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});

describe('an empty list says why (the very important answers nobody meets)', () => {
  const LANGUAGE = {
    questionId: '00000000-0000-4000-8000-000000000002',
    questionKey: 'language',
    question: 'På vilket språk vill du ha dina samtal?',
    values: [
      { value: 'ar', label: 'Arabiska' },
      { value: 'so', label: 'Somaliska' },
    ],
  };

  async function emptyWith(reason: unknown) {
    const fetchMock = renderDashboard(json([]), client, {
      'GET /matches/empty-reason': json(reason),
    });
    const section = within(
      (await screen.findByRole('heading', { level: 2, name: 'Inga matchningar än' })).closest(
        'section',
      )!,
    );
    // The empty state's own text stays as it is, whatever the reason.
    expect(section.getByRole('link', { name: 'Uppdatera dina svar' })).toHaveAttribute(
      'href',
      '/questions',
    );
    return { fetchMock, section };
  }

  it('names each unmet answer with the question and the choices, and links to that question', async () => {
    const { section } = await emptyWith({ kind: 'VERY_IMPORTANT_UNMET', answers: [LANGUAGE] });
    expect(section.getByText(EMPTY_MATCHES_TEXT.unmetIntro)).toBeInTheDocument();
    expect(section.getByText('På vilket språk vill du ha dina samtal?')).toBeInTheDocument();
    expect(section.getByText('Ditt svar: Arabiska eller Somaliska')).toBeInTheDocument();
    expect(
      section.getByRole('link', {
        name: 'Ändra svaret på frågan ”På vilket språk vill du ha dina samtal?”',
      }),
    ).toHaveAttribute('href', '/questions?fraga=language');
  });

  it('says neutrally that nobody has a bookable time, or that only the combination excludes everyone', async () => {
    const none = await emptyWith({ kind: 'NO_CANDIDATES', answers: [] });
    expect(none.section.getByText(EMPTY_MATCHES_TEXT.noCandidates)).toBeInTheDocument();
    expect(none.section.queryByText(EMPTY_MATCHES_TEXT.unmetIntro)).not.toBeInTheDocument();
    cleanup();
    const both = await emptyWith({ kind: 'COMBINATION', answers: [] });
    expect(both.section.getByText(EMPTY_MATCHES_TEXT.combination)).toBeInTheDocument();
  });

  it('adds nothing when nothing explains it, or when the reason cannot be read', async () => {
    const nothing = await emptyWith({ kind: 'NONE', answers: [] });
    expect(nothing.section.getAllByRole('link')).toHaveLength(1);
    expect(nothing.section.getAllByRole('paragraph')).toHaveLength(1);
    cleanup();
    renderDashboard(json([]), client, {
      'GET /matches/empty-reason': json({ message: 'Fel', status: 500 }, 500),
    });
    expect(await screen.findByRole('heading', { name: 'Inga matchningar än' })).toBeInTheDocument();
  });

  it('is not asked for while the list holds five recommendations', async () => {
    const five = Array.from({ length: 5 }, () => aMatch());
    const fetchMock = renderDashboard(json(five));
    expect(await screen.findByRole('region', { name: 'Rekommenderade terapeuter' })).toBeVisible();
    expect(fetchMock.find('GET', '/matches/empty-reason')).toEqual([]);
  });
});

describe('a list of fewer than five says why, with the empty list’s reasons', () => {
  const LANGUAGE = {
    questionId: '00000000-0000-4000-8000-000000000002',
    questionKey: 'language',
    question: 'På vilket språk vill du ha dina samtal?',
    values: [{ value: 'so', label: 'Somaliska' }],
  };

  async function shortWith(reason: unknown, count = 2) {
    const matches = Array.from({ length: count }, () => aMatch());
    const fetchMock = renderDashboard(json(matches), client, {
      'GET /matches/empty-reason': json(reason),
    });
    const section = within(
      await screen.findByRole('region', { name: 'Rekommenderade terapeuter' }),
    );
    return { fetchMock, section };
  }

  it('says how many fit, names the answer too few meet, and links to that question', async () => {
    const { section, fetchMock } = await shortWith({
      kind: 'VERY_IMPORTANT_UNMET',
      answers: [LANGUAGE],
    });
    expect(fetchMock.find('GET', '/matches/empty-reason')).toHaveLength(1);
    expect(section.getByText(EMPTY_MATCHES_TEXT.fewLead(2))).toBeInTheDocument();
    expect(section.getByText(EMPTY_MATCHES_TEXT.fewUnmetIntro)).toBeInTheDocument();
    expect(section.getByText('Ditt svar: Somaliska')).toBeInTheDocument();
    expect(
      section.getByRole('link', {
        name: 'Ändra svaret på frågan ”På vilket språk vill du ha dina samtal?”',
      }),
    ).toHaveAttribute('href', '/questions?fraga=language');
    // The cards are there too, after the reason.
    expect(section.getAllByRole('article')).toHaveLength(2);
  });

  it('says few can be booked, or that the combination limits the list', async () => {
    const few = await shortWith({ kind: 'NO_CANDIDATES', answers: [] }, 1);
    expect(few.section.getByText(EMPTY_MATCHES_TEXT.fewLead(1))).toBeInTheDocument();
    expect(
      few.section.getByText(
        'Just nu är det en terapeut som passar dina svar och har lediga tider.',
      ),
    ).toBeInTheDocument();
    expect(few.section.getByText(EMPTY_MATCHES_TEXT.fewCandidates)).toBeInTheDocument();
    expect(few.section.queryByText(EMPTY_MATCHES_TEXT.noCandidates)).not.toBeInTheDocument();
    cleanup();
    const both = await shortWith({ kind: 'COMBINATION', answers: [] }, 4);
    expect(both.section.getByText(EMPTY_MATCHES_TEXT.fewCombination)).toBeInTheDocument();
  });

  it('says nothing more when the reason cannot be read; the cards show', async () => {
    renderDashboard(json([aMatch(), aMatch()]), client, {
      'GET /matches/empty-reason': json({ message: 'Fel', status: 500 }, 500),
    });
    const section = within(
      await screen.findByRole('region', { name: 'Rekommenderade terapeuter' }),
    );
    expect(section.getAllByRole('article')).toHaveLength(2);
    expect(section.queryByText(EMPTY_MATCHES_TEXT.fewLead(2))).not.toBeInTheDocument();
  });
});

describe('a cancelled booking', () => {
  it('offers a new request to the same therapist from the card; an open booking does not', async () => {
    const cancelled = aMatch({ status: 'ACTIVE' });
    cancelled.bookings = [
      { ...aBooking('CANCELLED', cancelled.id), cancelledAt: new Date().toISOString() },
    ];
    const confirmed = aMatch({ status: 'ACTIVE' });
    confirmed.provider = { ...confirmed.provider, name: 'Erik Johansson' };
    confirmed.bookings = [aBooking('CONFIRMED', confirmed.id)];
    renderRoute(
      <MatchList
        matches={[cancelled, confirmed]}
        isLoading={false}
        isError={false}
        onOpenActive={() => undefined}
      />,
    );
    const card = screen.getByRole('heading', { name: 'Anna Lindqvist' }).closest('article')!;
    expect(within(card).getByText('Bokning avbruten')).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Skicka en ny förfrågan till Anna Lindqvist' }),
    ).toHaveAttribute('href', `/provider/${cancelled.id}/booking`);
    const other = screen.getByRole('heading', { name: 'Erik Johansson' }).closest('article')!;
    expect(within(other).queryByRole('link', { name: /Skicka en ny förfrågan/ })).toBeNull();
  });
});

describe('MatchList callbacks', () => {
  it('an ACTIVE card calls onOpen(match) from the page; without it, it links to the therapist', async () => {
    const active = aMatch({ status: 'ACTIVE' });
    active.bookings = [aBooking('CONFIRMED', active.id)];
    const onOpen = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderRoute(
      <MatchList matches={[active]} isLoading={false} isError={false} onOpenActive={onOpen} />,
    );
    expect(screen.getByText('Bokning bekräftad')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Visa bokning: Anna Lindqvist' }));
    expect(onOpen).toHaveBeenCalledWith(active);
    unmount();
    renderRoute(<MatchList matches={[active]} isLoading={false} isError={false} />);
    expect(screen.getByRole('link', { name: 'Visa bokning: Anna Lindqvist' })).toHaveAttribute(
      'href',
      `/provider/${active.id}`,
    );
  });
});

describe('a request the therapist did not answer in time', () => {
  it('says so on the card, with one primary action that reads the list again and moves to the recommendations', async () => {
    const expired = aMatch({ status: 'ACTIVE' });
    expired.bookings = [
      { ...aBooking('EXPIRED', expired.id), expiresAt: new Date().toISOString() },
    ];
    const other = aMatch({ status: 'PENDING' });
    other.provider = { ...other.provider, name: 'Erik Johansson' };
    let reads = 0;
    renderDashboard(() => {
      reads++;
      return json(reads === 1 ? [expired] : [expired, other]);
    });
    const user = userEvent.setup();
    const card = (await screen.findByRole('heading', { name: 'Anna Lindqvist' })).closest(
      'article',
    )!;
    expect(card).toHaveTextContent(
      'Anna Lindqvist svarade inte på din förfrågan i tid, så den har gått ut.',
    );
    const primary = within(card)
      .getAllByRole('button')
      .filter((b) => b.dataset.variant === 'primary');
    expect(primary.map((b) => b.textContent)).toEqual(['Välj en annan terapeut']);
    expect(
      within(card).getByRole('link', { name: 'Skicka en ny förfrågan till Anna Lindqvist' }),
    ).toHaveAttribute('href', `/provider/${expired.id}/booking`);
    expect(
      screen.getByText('Just nu finns inga fler terapeuter att rekommendera utifrån dina svar.'),
    ).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Välj en annan terapeut' }));
    const heading = screen.getByRole('heading', { name: 'Rekommenderade terapeuter' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(reads).toBe(2);
    expect(await screen.findByRole('heading', { name: 'Erik Johansson' })).toBeInTheDocument();
  });
});

describe('the fit check after a first session', () => {
  it('asks the four questions; a low answer offers the switch, which moves the match to Tidigare', async () => {
    const active = aMatch({ status: 'ACTIVE', fitCheckDue: true });
    active.bookings = [aBooking('COMPLETED', active.id)];
    const other = aMatch({ status: 'PENDING' });
    other.provider = { ...other.provider, name: 'Erik Johansson' };
    let switched = false;
    // Once answered, the list read again no longer says the check is due: the card stays all the same.
    let answered = false;
    const fetches = renderDashboard(
      () =>
        json(
          switched
            ? [{ ...active, status: 'ENDED', fitCheckDue: false }, other]
            : [{ ...active, fitCheckDue: !answered }],
        ),
      undefined,
      {
        [`POST /matches/${active.id}/fit-check`]: (call) => {
          answered = true;
          return json(
            { ...(call.body as object), answeredAt: new Date().toISOString(), offerSwitch: true },
            201,
          );
        },
        [`POST /matches/${active.id}/switch`]: () => {
          switched = true;
          return json([other]);
        },
      },
    );
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Hur känns det så här långt?' });
    expect(card).toHaveTextContent('inte en klinisk skattningsskala');
    await user.click(within(card).getByRole('button', { name: 'Skicka svaren' }));
    expect(within(card).getAllByText('Välj ett svar.')).toHaveLength(4);
    const groups = within(card).getAllByRole('group');
    expect(groups).toHaveLength(4);
    for (const [i, group] of groups.entries()) {
      await user.click(
        within(group).getByRole('radio', {
          name: i === 3 ? 'Stämmer inte alls' : 'Stämmer delvis',
        }),
      );
    }
    await user.click(within(card).getByRole('checkbox', { name: 'Dela mina svar med terapeuten' }));
    await user.click(within(card).getByRole('button', { name: 'Skicka svaren' }));
    const sent = fetches.calls.find((c) => c.method === 'POST' && c.path.endsWith('/fit-check'));
    expect(sent?.body).toEqual({
      heard: 2,
      goals: 2,
      approach: 2,
      continue: 0,
      shareWithTherapist: true,
    });

    const thanks = await screen.findByRole('region', { name: 'Tack för dina svar.' });
    await waitFor(() =>
      expect(fetches.calls.filter((c) => c.method === 'GET' && c.path === '/matches')).toHaveLength(
        2,
      ),
    );
    expect(screen.getByRole('region', { name: 'Tack för dina svar.' })).toBe(thanks);
    await user.click(within(thanks).getByRole('button', { name: 'Byt terapeut: Anna Lindqvist' }));
    const dialog = screen.getByRole('dialog', { name: 'Byta terapeut?' });
    expect(dialog).toHaveTextContent('Terapeuten får inget besked om bytet.');
    await user.click(within(dialog).getByRole('button', { name: 'Byt terapeut' }));
    const previous = await screen.findByRole('heading', { name: 'Tidigare' });
    expect(previous).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ångra bytet: Anna Lindqvist' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Rekommenderade terapeuter' })).toHaveFocus(),
    );
  });
});

describe("the client dashboard's 'Bokningsinformation'", () => {
  it('an ongoing match opens the dialog; after a cancel the matches are read again, the dialog closes and focus returns', async () => {
    const active = aMatch({ status: 'ACTIVE' });
    const confirmed = {
      ...aBooking('CONFIRMED', active.id),
      confirmedTime: new Date(Date.now() + 5 * 24 * 3_600_000).toISOString(),
    };
    active.bookings = [confirmed];
    let cancelled = false;
    const fetchMock = renderDashboard(
      () =>
        json([
          cancelled
            ? {
                ...active,
                bookings: [{ ...confirmed, status: 'CANCELLED', cancelledBy: 'CLIENT' }],
              }
            : active,
        ]),
      client,
      {
        [`PATCH /bookings/cancel/${confirmed.id}`]: () => {
          cancelled = true;
          return json({ ...confirmed, status: 'CANCELLED' });
        },
      },
    );
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Visa bokning: Anna Lindqvist' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Bokningsinformation' });
    expect(within(dialog).getByText('Bekräftad')).toBeInTheDocument();
    const readsBefore = fetchMock.find('GET', '/matches').length;
    await user.click(within(dialog).getByRole('button', { name: 'Avboka' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ja, avboka' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.find('GET', '/matches').length).toBe(readsBefore + 1);
    expect(await screen.findByText('Bokning avbruten')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Visa bokning: Anna Lindqvist' })).toHaveFocus();
  });

  it("'Stäng' closes the dialog and focus returns to the card's button", async () => {
    const active = aMatch({ status: 'ACTIVE' });
    active.bookings = [aBooking('PENDING_PROVIDER_CONFIRMATION', active.id)];
    renderDashboard(json([active]));
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Visa bokning: Anna Lindqvist' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Bokningsinformation' });
    expect(within(dialog).getByText('Väntar på bekräftelse')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Stäng' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });
});

describe("an ongoing match's card says how its confirmed session happens", () => {
  /** The start of the current hour: its room is open now (docs/rules/video.md#the-rooms-hours). */
  const thisHour = () => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();

  function ongoing(meetingFormat: 'VIDEO' | 'IN_PERSON', confirmedTime: string) {
    const active = aMatch({ status: 'ACTIVE' });
    active.provider = {
      ...active.provider,
      address: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
    };
    active.bookings = [{ ...aBooking('CONFIRMED', active.id), meetingFormat, confirmedTime }];
    return active;
  }

  it("a video session in its room's hours: 'Videosamtal', the room's link and 'Till samtalet'", async () => {
    const active = ongoing('VIDEO', thisHour());
    const id = active.bookings[0]!.id;
    renderDashboard(json([active]));
    const card = within(
      (await screen.findByRole('heading', { name: 'Anna Lindqvist' })).closest('article')!,
    );
    expect(card.getByText('Videosamtal')).toBeInTheDocument();
    expect(
      card.getByRole('link', { name: `${window.location.origin}/samtal/${id}` }),
    ).toHaveAttribute('href', `/samtal/${id}`);
    expect(card.getByRole('link', { name: 'Till samtalet' })).toHaveAttribute(
      'href',
      `/samtal/${id}`,
    );
    expect(card.queryByText(/Storgatan 1/)).not.toBeInTheDocument();
  });

  it("a later video session: the place, no 'Till samtalet'; at the practice: the address", async () => {
    const later = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    renderDashboard(json([ongoing('VIDEO', later)]));
    const card = within(
      (await screen.findByRole('heading', { name: 'Anna Lindqvist' })).closest('article')!,
    );
    expect(card.getByText('Videosamtal')).toBeInTheDocument();
    expect(card.queryByRole('link', { name: 'Till samtalet' })).not.toBeInTheDocument();
    cleanup();
    renderDashboard(json([ongoing('IN_PERSON', thisHour())]));
    const there = within(
      (await screen.findByRole('heading', { name: 'Anna Lindqvist' })).closest('article')!,
    );
    expect(there.getByText('På mottagningen')).toBeInTheDocument();
    expect(there.getByText('Storgatan 1, 111 22 Stockholm')).toBeInTheDocument();
    expect(there.queryByRole('link', { name: 'Till samtalet' })).not.toBeInTheDocument();
  });
});

describe('provider dashboard', () => {
  it("shows the links 'Redigera profil' and 'Tillgänglighet'", async () => {
    const provider = { ...client, type: 'PROVIDER', onboardingStep: 'ONBOARDING_COMPLETED' };
    mockFetch({ 'GET /users/me': json(provider) });
    renderRoute(<DashboardPage />, { user: provider });
    expect(await screen.findByRole('link', { name: 'Redigera profil' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Tillgänglighet' })).toHaveAttribute(
      'href',
      '/availability',
    );
  });
});

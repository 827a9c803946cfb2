import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aBooking, aMatch } from '@/features/matching/test-data';
import { json, mockFetch } from '@/test/fetch';
import { primaryNames } from '@/test/primaries';
import { testQueryClient } from '@/test/render';
import { ProviderPage } from './provider';

afterEach(() => vi.restoreAllMocks());

function renderPage(matchId: string, reply: unknown, state?: unknown) {
  mockFetch({ [`GET /matches/${matchId}`]: reply as never });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[{ pathname: `/provider/${matchId}`, state }]}>
        <Routes>
          <Route path="/provider/:matchId" element={<ProviderPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const mapFrame = () => document.querySelector('iframe');

describe('/provider/{matchId}', () => {
  it("shows the therapist's profile, why it matched, and the facts", async () => {
    const match = aMatch();
    renderPage(match.id, json(match));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Anna Lindqvist' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profilbild av Anna Lindqvist' })).toBeInTheDocument();
    expect(
      screen.getByText('Legitimerad psykolog · kontrollerad 12 november 2026'),
    ).toBeInTheDocument();
    expect(screen.getByText('Socionom')).toBeInTheDocument();
    expect(screen.queryByText(/Psykoterapeut/i)).not.toBeInTheDocument();
    expect(screen.getByText('Video eller på mottagningen')).toBeInTheDocument();
    expect(screen.getByText('Svenska')).toBeInTheDocument();
    // Every fit first by importance; then only the differences that matter to the client.
    const why = screen.getByRole('region', { name: 'Varför den här matchningen?' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Talar svenska och engelska',
      'Arbetar med ångest',
      'Har särskild kunskap om studenter',
      'Tar emot personer i åldern 25–34 år',
      'Har andra inriktningar än sorg',
    ]);
    // The description keeps its paragraphs.
    const about = screen.getByRole('region', { name: 'Om terapeuten' });
    expect(within(about).getByText(/Jag arbetar med KBT/).tagName).toBe('P');
    expect(within(about).getByText('Samtalen sker på svenska eller engelska.').tagName).toBe('P');
    const facts = screen.getByRole('region', { name: 'Bra att veta' });
    expect(within(facts).getByText('Från 950 SEK / session')).toBeInTheDocument();
    expect(within(facts).getByText('50 minuter')).toBeInTheDocument();
    expect(within(facts).getByText('Masterexamen, Kurser')).toBeInTheDocument();
    expect(within(facts).getByText('Lugn, nyfiken, rak')).toBeInTheDocument();
    expect(within(facts).getByText('24 timmar innan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå tillbaka' })).toHaveAttribute('href', '/dashboard');
    // No intro without the flag from the dashboard.
    expect(screen.queryByText('Din bästa matchning')).not.toBeInTheDocument();
  });

  it('loads no map until the client asks for it; the address is text with a map link', async () => {
    const match = aMatch();
    renderPage(match.id, json(match));
    const address = await screen.findByRole('region', { name: 'Mottagningens adress' });
    expect(within(address).getByText('Storgatan 1, 111 22 Stockholm')).toBeInTheDocument();
    expect(
      within(address).getByRole('link', { name: /Öppna adressen i en karta/ }),
    ).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Storgatan%201%2C%20111%2022%20Stockholm',
    );
    expect(mapFrame()).toBeNull();
    await userEvent.setup().click(within(address).getByRole('button', { name: 'Visa karta' }));
    expect(mapFrame()).toHaveAttribute('title', 'Karta: Storgatan 1, 111 22 Stockholm');
  });

  it('a client who declined cookies gets no map either', async () => {
    window.localStorage.setItem('cookie-consent', 'declined');
    const match = aMatch();
    renderPage(match.id, json(match));
    await screen.findByRole('heading', { level: 1, name: 'Anna Lindqvist' });
    expect(mapFrame()).toBeNull();
  });

  it('with accepted cookies the map is shown without asking', async () => {
    window.localStorage.setItem('cookie-consent', 'accepted');
    const match = aMatch();
    renderPage(match.id, json(match));
    await screen.findByRole('heading', { level: 1, name: 'Anna Lindqvist' });
    expect(mapFrame()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Visa karta' })).not.toBeInTheDocument();
  });

  it('books at /provider/{matchId}/booking; shows the intro for the first recommended therapist', async () => {
    const match = aMatch();
    renderPage(match.id, json(match), { firstRecommended: true });
    expect(await screen.findByText('Din bästa matchning')).toBeInTheDocument();
    // One action, in the box that stays in view (a bar at the bottom of a phone's screen).
    const link = screen.getByRole('link', { name: 'Boka en tid' });
    expect(link).toHaveAttribute('href', `/provider/${match.id}/booking`);
    expect(link.closest('[data-sticky-action]')).toHaveAccessibleName('Boka');
    expect(primaryNames()).toEqual(['Boka en tid']);
  });

  it("folds a long 'Om terapeuten' behind 'Läs mer' and opens it in place", async () => {
    const match = aMatch();
    const long = 'Jag arbetar med samtal om oro och nedstämdhet. '.repeat(20).trim();
    match.provider.providerProfile!.description = long;
    renderPage(match.id, json(match));
    const more = await screen.findByRole('button', { name: 'Läs mer' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('about-text')).toHaveClass('narrow:line-clamp-6');
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: 'Visa mindre' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(document.getElementById('about-text')).not.toHaveClass('narrow:line-clamp-6');
  });

  it("shows a short 'Om terapeuten' whole, with no 'Läs mer'", async () => {
    const match = aMatch();
    renderPage(match.id, json(match));
    await screen.findByRole('heading', { level: 2, name: 'Om terapeuten' });
    expect(screen.queryByRole('button', { name: 'Läs mer' })).not.toBeInTheDocument();
  });

  it.each(['PENDING_PROVIDER_CONFIRMATION', 'CONFIRMED'] as const)(
    "a %s booking turns the button into a disabled 'Bokning pågår'",
    async (status) => {
      const match = aMatch({ status: 'ACTIVE' });
      match.bookings = [aBooking('CANCELLED', match.id), aBooking(status, match.id)];
      renderPage(match.id, json(match));
      const buttons = await screen.findAllByRole('button', { name: 'Bokning pågår' });
      for (const b of buttons) expect(b).toBeDisabled();
      expect(primaryNames()).toEqual(['Bokning pågår']);
      expect(screen.queryByRole('link', { name: 'Boka en tid' })).not.toBeInTheDocument();
    },
  );

  it('a cancelled or completed booking lets the client book again', async () => {
    const match = aMatch({ status: 'ACTIVE' });
    match.bookings = [aBooking('CANCELLED', match.id), aBooking('COMPLETED', match.id)];
    renderPage(match.id, json(match));
    expect((await screen.findAllByRole('link', { name: 'Boka en tid' })).length).toBeGreaterThan(0);
  });

  it('an unknown match shows a Swedish not-found state with a way back', async () => {
    renderPage('00000000-0000-4000-8000-00000000ffff', json({ message: 'Hittades inte.' }, 404));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Matchningen hittades inte' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Till dina matchningar' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('another failure offers a retry', async () => {
    renderPage('00000000-0000-4000-8000-00000000fffe', json({ message: 'Fel' }, 500));
    expect(await screen.findByText('Terapeutens profil kunde inte laddas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});

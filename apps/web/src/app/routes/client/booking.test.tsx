import { stockholmDateTime } from '@samtalsmatch/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '@/features/auth/api/current-user';
import { aBooking, aMatch } from '@/features/matching/test-data';
import { json, mockFetch } from '@/test/fetch';
import { Location, testQueryClient } from '@/test/render';
import { BookingPage } from './booking';
import { clientUser } from '@/test/users';

// Wednesday 2 December 2026, 10:30 Stockholm: the calendar starts Thursday 3 December.
const NOW = stockholmDateTime(2026, 12, 2, 10, 30);
const at = (day: number, hour: number, month = 12) =>
  stockholmDateTime(2026, month, day, hour).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const client = clientUser({ id: '00000000-0000-4000-8000-0000000000aa' });

const slot = (startTime: string, n: number) => ({
  id: `00000000-0000-4000-8000-0000000090${String(n).padStart(2, '0')}`,
  startTime,
  endTime: new Date(new Date(startTime).getTime() + 3_600_000).toISOString(),
  status: 'AVAILABLE',
});

/** Thursday 09:00 is within 24 hours; the rest can be picked. Week 2 has one time, week 4 one. */
const SLOTS = [
  slot(at(3, 9), 1),
  slot(at(3, 11), 2),
  slot(at(4, 9), 3),
  slot(at(4, 10), 4),
  slot(at(5, 14), 5),
  slot(at(7, 8), 6),
  slot(at(21, 8), 7),
];

function renderPage({
  match = aMatch(),
  slots = json(SLOTS) as unknown,
  routes = {},
  user = client,
}: {
  match?: ReturnType<typeof aMatch>;
  slots?: unknown;
  routes?: Parameters<typeof mockFetch>[0];
  user?: unknown;
} = {}) {
  const fetchMock = mockFetch({
    [`GET /matches/${match.id}`]: json(match),
    [`GET /availabilities/${match.providerId}`]: slots as never,
    'GET /users/me': json(user),
    ...routes,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(currentUserKey, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/provider/${match.id}/booking`]}>
        <Routes>
          <Route path="/provider/:matchId/booking" element={<BookingPage />} />
          <Route path="/dashboard" element={<p>Översikten</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, match };
}

const timeButton = (name: RegExp | string) => screen.getByRole('button', { name });
const sendButton = () => screen.getByRole('button', { name: 'Granska och skicka' });

async function pickThree(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { level: 1, name: 'Boka tid hos Anna Lindqvist' });
  await user.click(await screen.findByRole('button', { name: 'torsdag 3 december kl. 11:00' }));
  await user.click(timeButton('fredag 4 december kl. 09:00'));
  await user.click(timeButton('fredag 4 december kl. 10:00'));
  // The test therapist offers both video and the practice: the client picks one.
  await user.click(screen.getByRole('radio', { name: 'Video' }));
}

describe('/provider/{matchId}/booking', () => {
  it('shows the free times from tomorrow in Stockholm time, week by week; a time within 24 hours is disabled', async () => {
    renderPage();
    expect(await screen.findByTestId('week-title')).toHaveTextContent(
      'Vecka 49: 30 november – 6 december 2026',
    );
    // The day's heading starts a line: a capital, in the text itself.
    expect(screen.getByRole('heading', { level: 4, name: 'Torsdag 3 december' })).toBeVisible();
    const thursday = screen.getByRole('group', { name: 'Torsdag 3 december' });
    expect(
      within(thursday)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['09:00', '11:00']);
    const tooSoon = timeButton(/torsdag 3 december kl\. 09:00/);
    expect(tooSoon).toBeDisabled();
    expect(tooSoon).toHaveAccessibleName(
      'torsdag 3 december kl. 09:00, inom 24 timmar, kan inte väljas',
    );
    expect(timeButton('torsdag 3 december kl. 11:00')).toHaveAttribute('aria-pressed', 'false');
    // The first week cannot go back; the next week has Monday's time.
    expect(screen.getByRole('button', { name: 'Föregående vecka' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nästa vecka' }));
    expect(screen.getByTestId('week-title')).toHaveTextContent('Vecka 50: 7–13 december 2026');
    expect(timeButton('måndag 7 december kl. 08:00')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Föregående vecka' })).toBeEnabled();
  });

  it('an empty week says so and offers the next week with times; the last week cannot go on', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('week-title');
    await user.click(screen.getByRole('button', { name: 'Nästa vecka' }));
    await user.click(screen.getByRole('button', { name: 'Nästa vecka' }));
    expect(screen.getByText('Inga lediga tider den här veckan.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Visa nästa vecka med lediga tider' }));
    expect(timeButton('måndag 21 december kl. 08:00')).toBeEnabled();
    // About 2 months: the horizon's last day is 2 February 2027, in week 5 of 2027.
    const next = screen.getByRole('button', { name: 'Nästa vecka' });
    while (!(next as HTMLButtonElement).disabled) await user.click(next);
    expect(screen.getByTestId('week-title')).toHaveTextContent('Vecka 5: 1–7 februari 2027');
  });

  it("the week's times are one Tab stop; the arrow keys, Home and End move between them, skipping disabled times", async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('week-title');
    const times = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('data-start'));
    // One time is a Tab stop: the first that can be picked (09:00 on Thursday is disabled).
    expect(times().filter((b) => b.tabIndex === 0)).toEqual([
      timeButton('torsdag 3 december kl. 11:00'),
    ]);
    screen.getByRole('button', { name: 'Nästa vecka' }).focus();
    await user.tab();
    expect(timeButton('torsdag 3 december kl. 11:00')).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(timeButton('torsdag 3 december kl. 11:00')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(timeButton('fredag 4 december kl. 09:00')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(timeButton('fredag 4 december kl. 10:00')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(timeButton('lördag 5 december kl. 14:00')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(timeButton('fredag 4 december kl. 09:00')).toHaveFocus();
    await user.keyboard('{End}');
    expect(timeButton('lördag 5 december kl. 14:00')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(timeButton('torsdag 3 december kl. 11:00')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    expect(timeButton('fredag 4 december kl. 09:00')).toHaveAttribute('aria-pressed', 'true');

    // Still one Tab stop, where the user was; Tab leaves the times, Shift+Tab comes back there.
    expect(times().filter((b) => b.tabIndex === 0)).toEqual([
      timeButton('fredag 4 december kl. 09:00'),
    ]);
    await user.tab();
    expect(times()).not.toContain(document.activeElement);
    await user.tab({ shift: true });
    expect(timeButton('fredag 4 december kl. 09:00')).toHaveFocus();
  });

  it('with three chosen, the times that cannot be chosen are neither the Tab stop nor an arrow target', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('week-title');
    const times = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('data-start'));
    // Three with the keyboard: Thursday 11:00, Friday 09:00 and 10:00.
    screen.getByRole('button', { name: 'Nästa vecka' }).focus();
    await user.tab();
    await user.keyboard(' {ArrowRight} {ArrowRight} ');
    expect(screen.getByText('3 av 3 tider valda.')).toBeInTheDocument();
    const saturday = timeButton(/lördag 5 december kl\. 14:00/);
    expect(saturday).toHaveAttribute('aria-disabled', 'true');

    // Right, Down and End would reach Saturday 14:00: focus stays on a chosen time instead.
    for (const key of ['{ArrowRight}', '{ArrowDown}', '{End}']) {
      await user.keyboard(key);
      expect(timeButton('fredag 4 december kl. 10:00')).toHaveFocus();
    }
    await user.keyboard('{Home}');
    expect(timeButton('torsdag 3 december kl. 11:00')).toHaveFocus();
    for (let i = 0; i < 4; i += 1) {
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).not.toHaveAttribute('aria-disabled');
    }
    // One Tab stop, never a disabled time, whatever time was focused last.
    const stops = times().filter((b) => b.tabIndex === 0);
    expect(stops).toHaveLength(1);
    expect(stops[0]).not.toHaveAttribute('aria-disabled');
    expect(saturday.tabIndex).toBe(-1);

    // Freeing a place makes Saturday a target again.
    await user.keyboard(' ');
    expect(screen.getByText('2 av 3 tider valda.')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(saturday).toHaveFocus();
  });

  it('picks at most 3; exactly 3 are summed up before sending; sends them and goes to /dashboard with a toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const { fetchMock, match } = renderPage({
      routes: {
        'POST /bookings': json({ ...aBooking('PENDING_PROVIDER_CONFIRMATION', 'x') }, 201),
      },
    });
    const user = userEvent.setup();
    await screen.findByTestId('week-title');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText('0 av 3 tider valda.')).toBeInTheDocument();
    await user.click(timeButton('torsdag 3 december kl. 11:00'));
    await user.click(timeButton('fredag 4 december kl. 09:00'));
    expect(sendButton()).toBeDisabled();
    await user.click(timeButton('fredag 4 december kl. 10:00'));
    expect(screen.getByText('3 av 3 tider valda.')).toBeInTheDocument();
    expect(timeButton('fredag 4 december kl. 10:00')).toHaveAttribute('aria-pressed', 'true');
    // Each chosen time starts its line: a capital, in the text itself.
    const chosen = screen.getByRole('region', { name: 'Dina valda tider' });
    expect(within(chosen).getAllByRole('listitem')[0]).toHaveTextContent(
      /^Torsdag 3 december 2026 kl\. 11:00 \(svensk tid\)Ta bort$/,
    );

    // A fourth is refused: marked unavailable, and clicking changes nothing.
    const fourth = timeButton(/lördag 5 december kl\. 14:00/);
    expect(fourth).toHaveAttribute('aria-disabled', 'true');
    expect(fourth).toHaveAccessibleName('lördag 5 december kl. 14:00, du har redan valt 3 tider');
    await user.click(fourth);
    expect(fourth).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('3 av 3 tider valda.')).toBeInTheDocument();

    // Removing one frees a place; picking it again restores three.
    await user.click(screen.getByRole('button', { name: 'Ta bort fredag 4 december kl. 09:00' }));
    expect(screen.getByText('2 av 3 tider valda.')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await user.click(timeButton('fredag 4 december kl. 09:00'));

    // The therapist offers both: three times are not enough until the client picks how.
    expect(sendButton()).toBeDisabled();
    expect(
      screen.getByText('Välj 3 tider och en mötesform för att kunna skicka din förfrågan.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'På mottagningen' }));
    await user.click(sendButton());
    const dialog = await screen.findByRole('dialog', { name: 'Skicka bokningsförfrågan' });
    // It opens on its title (the summary is read first), never on the send button.
    await waitFor(() =>
      expect(
        within(dialog).getByRole('heading', { name: 'Skicka bokningsförfrågan' }),
      ).toHaveFocus(),
    );
    expect(within(dialog).getByRole('button', { name: 'Skicka förfrågan' })).not.toHaveFocus();
    expect(
      within(within(dialog).getByRole('list', { name: 'Föreslagna tider' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Torsdag 3 december 2026 kl. 11:00 (svensk tid)',
      'Fredag 4 december 2026 kl. 09:00 (svensk tid)',
      'Fredag 4 december 2026 kl. 10:00 (svensk tid)',
    ]);
    expect(within(dialog).getByText('Mötesform: På mottagningen')).toBeInTheDocument();
    expect(fetchMock.find('POST', '/bookings')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Skicka förfrågan' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(fetchMock.find('POST', '/bookings')[0]?.body).toEqual({
      matchId: match.id,
      suggestedTimes: [at(3, 11), at(4, 9), at(4, 10)],
      meetingFormat: 'IN_PERSON',
    });
    expect(success).toHaveBeenCalledWith('Din bokningsförfrågan har skickats');
  });

  it.each(['PENDING_PROVIDER_CONFIRMATION', 'CONFIRMED'] as const)(
    'a match with a %s booking redirects to /dashboard without asking for times',
    async (status) => {
      const match = aMatch({ status: 'ACTIVE' });
      match.bookings = [aBooking('CANCELLED', match.id), aBooking(status, match.id)];
      const { fetchMock } = renderPage({ match });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
      expect(fetchMock.find('GET', `/availabilities/${match.providerId}`)).toHaveLength(0);
    },
  );

  it('a cancelled earlier booking does not redirect', async () => {
    const match = aMatch({ status: 'ACTIVE' });
    match.bookings = [aBooking('CANCELLED', match.id), aBooking('EXPIRED', match.id)];
    renderPage({ match });
    expect(await screen.findByTestId('week-title')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/provider/${match.id}/booking`);
  });

  it('an unverified e-mail is said at the top, with the resend, and no times to pick', async () => {
    const { fetchMock, match } = renderPage({
      user: { ...client, emailVerified: false },
      routes: { 'POST /auth/resend-verification': json({ message: 'Ett nytt mejl är skickat.' }) },
    });
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Bekräfta din e-postadress först',
    });
    expect(heading.closest('section')).toHaveTextContent(
      /Du behöver bekräfta din e-postadress innan du kan välja tider/,
    );
    // Nothing to pick: no calendar, no send button, and the free times are not even read.
    expect(screen.queryByTestId('week-title')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Granska och skicka' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Välj 3 tider som passar dig/)).not.toBeInTheDocument();
    expect(fetchMock.find('GET', `/availabilities/${match.providerId}`)).toHaveLength(0);

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Skicka ett nytt verifieringsmejl' });
    expect(within(form).getByLabelText('E-postadress')).toHaveValue('alva@example.se');
    await user.click(within(form).getByRole('button', { name: 'Skicka nytt verifieringsmejl' }));
    expect(await screen.findByText('Ett nytt mejl är skickat.')).toBeInTheDocument();
    expect(fetchMock.find('POST', '/auth/resend-verification')[0]?.body).toEqual({
      email: 'alva@example.se',
    });
  });

  it('422 EMAIL_NOT_VERIFIED from the server (the page thought otherwise): the message, the times kept, a new mail offered', async () => {
    const message =
      'Du behöver bekräfta din e-postadress innan du kan boka. Vi kan skicka ett nytt bekräftelsemejl.';
    renderPage({
      routes: { 'POST /bookings': json({ message, status: 422, code: 'EMAIL_NOT_VERIFIED' }, 422) },
    });
    const user = userEvent.setup();
    await pickThree(user);
    await user.click(sendButton());
    await user.click(await screen.findByRole('button', { name: 'Skicka förfrågan' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('3 av 3 tider valda.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/booking');
    const form = screen.getByRole('form', { name: 'Skicka ett nytt verifieringsmejl' });
    expect(within(form).getByLabelText('E-postadress')).toHaveValue('alva@example.se');
  });

  it('409 SLOT_TAKEN: a clear Swedish message, the selection kept, the free times read again', async () => {
    const message = 'En eller flera av tiderna är inte längre lediga. Välj andra tider.';
    const { fetchMock, match } = renderPage({
      routes: { 'POST /bookings': json({ message, status: 409, code: 'SLOT_TAKEN' }, 409) },
    });
    const user = userEvent.setup();
    await pickThree(user);
    await user.click(sendButton());
    await user.click(await screen.findByRole('button', { name: 'Skicka förfrågan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('3 av 3 tider valda.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.find('GET', `/availabilities/${match.providerId}`)).toHaveLength(2),
    );
    // Sending again is possible at once; the focus is back on the button that opened the summary.
    expect(sendButton()).toBeEnabled();
    expect(sendButton()).toHaveFocus();
  });

  it('a server failure without a message shows the generic Swedish text', async () => {
    renderPage({ routes: { 'POST /bookings': json({}, 500) } });
    const user = userEvent.setup();
    await pickThree(user);
    await user.click(sendButton());
    await user.click(await screen.findByRole('button', { name: 'Skicka förfrågan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Något gick fel, försök igen senare eller kontakta support om problemet kvarstår',
    );
  });

  it('while the times load there is a spinner; no free times at all gives a calm empty state', async () => {
    renderPage({ slots: json([]) });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Inga lediga tider just nu' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Anna Lindqvist har inga lediga tider/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tillbaka till profilen' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/provider\/[0-9a-f-]+$/),
    );
  });

  it('shows a spinner while the times load', async () => {
    renderPage({ slots: () => new Promise(() => {}) });
    expect(await screen.findByText('Laddar lediga tider…')).toBeInTheDocument();
  });

  it('times that fail to load offer a retry', async () => {
    renderPage({ slots: json({ message: 'Fel' }, 500) });
    expect(await screen.findByText('De lediga tiderna kunde inte laddas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });

  it('an unknown match shows the not-found state', async () => {
    const match = aMatch();
    renderPage({ match, routes: { [`GET /matches/${match.id}`]: json({ message: 'x' }, 404) } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Matchningen hittades inte' }),
    ).toBeInTheDocument();
  });
});

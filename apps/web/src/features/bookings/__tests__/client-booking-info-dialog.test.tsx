import { MSG, stockholmDateTime, type Booking, type Match } from '@samtalsmatch/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aBooking, aMatch } from '@/features/matching/test-data';
import { json, mockFetch } from '@/test/fetch';
import { testQueryClient } from '@/test/render';
import { ClientBookingInfoDialog } from '../components/client-booking-info-dialog';

afterEach(() => vi.restoreAllMocks());

// Monday 7 December 2026, 12:00 Stockholm.
const NOW = stockholmDateTime(2026, 12, 7, 12);
const hoursFromNow = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString();

function booking(status: Booking['status'], extra: Partial<Booking> = {}): Booking {
  return { ...aBooking(status, 'm'), ...extra };
}

function activeMatch(
  bookings: Booking[],
  policy: NonNullable<
    Match['provider']['providerProfile']
  >['cancellationPolicy'] = 'TWENTY_FOUR_HOURS',
  contact = { email: 'anna@example.se', phoneNumber: '0701234567' },
): Match {
  const base = aMatch({ status: 'ACTIVE' });
  return {
    ...base,
    bookings,
    provider: {
      ...base.provider,
      ...contact,
      providerProfile: { ...base.provider.providerProfile!, cancellationPolicy: policy },
    },
  };
}

function renderDialog(match: Match, onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <ClientBookingInfoDialog match={match} open onOpenChange={onOpenChange} now={NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Bokningsinformation' }), onOpenChange };
}

describe("'Bokningsinformation'", () => {
  it("confirmed: the time, the therapist's message and contact details, 'Avboka' within the policy, and the Historik text", () => {
    const match = activeMatch([
      booking('CANCELLED', { cancelledAt: hoursFromNow(-48) }),
      booking('CONFIRMED', {
        confirmedTime: stockholmDateTime(2026, 12, 10, 9).toISOString(),
        messageFromProvider: 'Välkommen! Ring på porttelefonen.',
      }),
    ]);
    const { dialog } = renderDialog(match);
    const d = within(dialog);
    expect(d.getByText('Bekräftad')).toBeInTheDocument();
    // The time is a line of its own: a capital, in the text itself.
    expect(d.getByText('Torsdag 10 december 2026 kl. 09:00 (svensk tid)')).toBeInTheDocument();
    expect(d.getByRole('heading', { name: 'Meddelande från Anna Lindqvist' })).toBeInTheDocument();
    expect(d.getByText('Välkommen! Ring på porttelefonen.')).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'anna@example.se' })).toHaveAttribute(
      'href',
      'mailto:anna@example.se',
    );
    expect(d.getByRole('link', { name: '0701234567' })).toHaveAttribute('href', 'tel:0701234567');
    expect(d.getByRole('button', { name: 'Avboka' })).toBeInTheDocument();
    expect(
      d.getByText('Du kan skicka en ny tid via fliken Historik efter att du har avbokat.'),
    ).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Stäng' })).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'Gå till profil' })).toHaveAttribute(
      'href',
      `/provider/${match.id}`,
    );
  });

  it.each([
    ['TWENTY_FOUR_HOURS', 24.5, true],
    ['TWENTY_FOUR_HOURS', 24, false],
    ['FORTY_EIGHT_HOURS', 47, false],
    ['FORTY_EIGHT_HOURS', 49, true],
    ['TWELVE_HOURS', 13, true],
    ['TWELVE_HOURS', 11, false],
    ['NO_CANCELLATION', 500, false],
  ] as const)('policy %s, %s hours ahead: cancel offered %s', (policy, hours, offered) => {
    renderDialog(
      activeMatch([booking('CONFIRMED', { confirmedTime: hoursFromNow(hours) })], policy),
    );
    expect(screen.queryByRole('button', { name: 'Avboka' }) !== null).toBe(offered);
    expect(screen.queryByText(/kan bokningen inte längre avbokas här/) !== null).toBe(!offered);
    // Not yet past either way: the Historik text is shown.
    expect(screen.getByText(MSG.rebookAfterCancel)).toBeInTheDocument();
  });

  it('a confirmed time that has passed offers no cancel and no Historik text', () => {
    renderDialog(activeMatch([booking('CONFIRMED', { confirmedTime: hoursFromNow(-2) })]));
    expect(screen.queryByRole('button', { name: 'Avboka' })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.rebookAfterCancel)).not.toBeInTheDocument();
  });

  it('pending: a yellow notice with the suggested times, no contact details', () => {
    const { dialog } = renderDialog(
      activeMatch(
        [
          booking('PENDING_PROVIDER_CONFIRMATION', {
            suggestedTimes: [
              stockholmDateTime(2026, 12, 11, 9).toISOString(),
              stockholmDateTime(2026, 12, 10, 14).toISOString(),
              stockholmDateTime(2026, 12, 10, 9).toISOString(),
            ],
          }),
        ],
        'TWENTY_FOUR_HOURS',
        { email: null as never, phoneNumber: null as never },
      ),
    );
    const notice = dialog.querySelector('[data-tone="yellow"]')!;
    expect(notice).toHaveTextContent('Väntar på bekräftelse');
    expect(
      within(notice as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Torsdag 10 december 2026 kl. 09:00 (svensk tid)',
      'Torsdag 10 december 2026 kl. 14:00 (svensk tid)',
      'Fredag 11 december 2026 kl. 09:00 (svensk tid)',
    ]);
    expect(within(dialog).queryByText('Kontaktuppgifter')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Avboka' })).not.toBeInTheDocument();
  });

  it('completed: a green notice with the session time and the message', () => {
    const { dialog } = renderDialog(
      activeMatch([
        booking('CANCELLED', { cancelledAt: hoursFromNow(-1) }),
        booking('COMPLETED', {
          confirmedTime: stockholmDateTime(2026, 12, 1, 10).toISOString(),
          messageFromProvider: 'Tack för i dag.',
        }),
      ]),
    );
    const notice = dialog.querySelector('[data-tone="green"]')!;
    expect(notice).toHaveTextContent('Bokningen är genomförd');
    expect(notice).toHaveTextContent('Tisdag 1 december 2026 kl. 10:00 (svensk tid)');
    expect(notice).toHaveTextContent('Tack för i dag.');
    expect(dialog.querySelector('[data-tone="red"]')).toBeNull();
  });

  it('cancelled: a red notice, the most recent cancellation, saying who cancelled', () => {
    const { dialog } = renderDialog(
      activeMatch([
        booking('CANCELLED', {
          confirmedTime: stockholmDateTime(2026, 11, 20, 9).toISOString(),
          cancelledBy: 'CLIENT',
          cancelledAt: hoursFromNow(-200),
        }),
        booking('CANCELLED', {
          confirmedTime: stockholmDateTime(2026, 12, 9, 9).toISOString(),
          cancelledBy: 'PROVIDER',
          cancelledAt: hoursFromNow(-3),
        }),
      ]),
    );
    const notice = dialog.querySelector('[data-tone="red"]')!;
    expect(notice).toHaveTextContent('Bokningen är avbokad');
    expect(notice).toHaveTextContent(
      'Tiden onsdag 9 december 2026 kl. 09:00 (svensk tid) avbokades av terapeuten.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Avboka' })).not.toBeInTheDocument();
  });

  it('an expired request: a red notice', () => {
    const { dialog } = renderDialog(activeMatch([booking('EXPIRED')]));
    expect(dialog.querySelector('[data-tone="red"]')).toHaveTextContent('Förfrågan har gått ut');
  });

  it('asks before cancelling; "Nej" keeps the booking and returns focus to Avboka', async () => {
    const fetchMock = mockFetch();
    renderDialog(activeMatch([booking('CONFIRMED', { confirmedTime: hoursFromNow(72) })]));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Avboka' }));
    expect(screen.getByText(/^Vill du avboka tiden/)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Nej, behåll tiden' }));
    expect(screen.getByRole('button', { name: 'Avboka' })).toHaveFocus();
    expect(fetchMock.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('cancels on "Ja, avboka": PATCH /bookings/cancel/{id}, a toast, and the dialog closes', async () => {
    const success = vi.spyOn(toast, 'success');
    const b = booking('CONFIRMED', { confirmedTime: hoursFromNow(72) });
    const fetchMock = mockFetch({
      [`PATCH /bookings/cancel/${b.id}`]: json({ ...b, status: 'CANCELLED' }),
    });
    const { onOpenChange } = renderDialog(activeMatch([b]));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Avboka' }));
    await user.click(screen.getByRole('button', { name: 'Ja, avboka' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock.find('PATCH', `/bookings/cancel/${b.id}`)[0]?.body).toEqual({});
    expect(success).toHaveBeenCalledWith('Din bokning är avbokad');
  });

  it('a refused cancel shows the Swedish reason and keeps the dialog open', async () => {
    const b = booking('CONFIRMED', { confirmedTime: hoursFromNow(72) });
    const message = 'Bokningen kan inte avbokas enligt terapeutens avbokningspolicy.';
    mockFetch({ [`PATCH /bookings/cancel/${b.id}`]: json({ message, status: 422 }, 422) });
    const { onOpenChange } = renderDialog(activeMatch([b]));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Avboka' }));
    await user.click(screen.getByRole('button', { name: 'Ja, avboka' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

import { stockholmDateTime, type Booking, type Match } from '@samtalsmatch/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aBooking, aMatch } from '@/features/matching/test-data';
import { json, mockFetch } from '@/test/fetch';
import { testQueryClient } from '@/test/render';
import { ClientBookingInfoDialog } from '../components/client-booking-info-dialog';

afterEach(() => vi.restoreAllMocks());

// Monday 7 December 2026, 12:00 Stockholm.
const NOW = stockholmDateTime(2026, 12, 7, 12);
const SERIES = 'd0000000-0000-4000-8000-000000000001';

function session(day: number, extra: Partial<Booking> = {}): Booking {
  const time = stockholmDateTime(2026, 12, day, 9).toISOString();
  return {
    ...aBooking('CONFIRMED', 'm'),
    confirmedTime: time,
    suggestedTimes: [time],
    seriesId: SERIES,
    seriesInterval: 'BIWEEKLY',
    ...extra,
  };
}

function activeMatch(
  bookings: Booking[],
  policy: 'TWENTY_FOUR_HOURS' | 'NO_CANCELLATION' | null = 'TWENTY_FOUR_HOURS',
): Match {
  const base = aMatch({ status: 'ACTIVE' });
  return {
    ...base,
    bookings,
    provider: {
      ...base.provider,
      providerProfile: { ...base.provider.providerProfile!, cancellationPolicy: policy },
    },
  };
}

function renderDialog(match: Match) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <ClientBookingInfoDialog match={match} open onOpenChange={vi.fn()} now={NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Bokningsinformation' });
}

/** The therapist's hours as GET /availabilities/{id} gives them: two free, one booked. */
function slots(providerId: string) {
  const slot = (day: number, hour: number, status: string) => ({
    id: `e0000000-0000-4000-8000-0000000000${day}${hour}`,
    providerId,
    startTime: stockholmDateTime(2026, 12, day, hour).toISOString(),
    endTime: stockholmDateTime(2026, 12, day, hour + 1).toISOString(),
    status,
  });
  return [slot(11, 14, 'AVAILABLE'), slot(11, 15, 'AVAILABLE'), slot(10, 9, 'BOOKED')];
}

describe('a series in Bokningsinformation', () => {
  it("shows the series as 'Varannan vecka' and lists the sessions ahead, each movable within the policy", () => {
    const dialog = renderDialog(activeMatch([session(10), session(24), session(31)]));
    expect(dialog).toHaveTextContent('Serie: Varannan vecka');
    const ahead = within(dialog).getByRole('region', { name: 'Kommande tider' });
    expect(
      within(ahead)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Torsdag 24 december 2026 kl. 09:00 (svensk tid)'),
      expect.stringContaining('Torsdag 31 december 2026 kl. 09:00 (svensk tid)'),
    ]);
    expect(within(ahead).getAllByRole('button', { name: 'Flytta' })).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Flytta tiden' })).toBeInTheDocument();
    // The cancel flow is still there.
    expect(within(dialog).getByRole('button', { name: 'Avboka' })).toBeInTheDocument();
  });

  it('offers no move where the policy allows no cancel', () => {
    const dialog = renderDialog(activeMatch([session(10), session(24)], 'NO_CANCELLATION'));
    expect(within(dialog).queryByRole('button', { name: /Flytta/ })).toBeNull();
    expect(within(dialog).getByRole('region', { name: 'Kommande tider' })).toBeInTheDocument();
  });
});

describe('a session that has passed', () => {
  it('is not offered a move, even by a therapist without a policy, while the sessions ahead are', () => {
    const passed = session(4);
    const dialog = renderDialog(activeMatch([passed, session(18)], null));
    expect(within(dialog).queryByRole('button', { name: 'Flytta tiden' })).toBeNull();
    const ahead = within(dialog).getByRole('region', { name: 'Kommande tider' });
    expect(within(ahead).getByRole('button', { name: 'Flytta' })).toBeInTheDocument();
  });
});

describe("'Flytta tiden' by the client", () => {
  it("picks one of the therapist's free hours; a 409 shows why and reads the hours again; then the move is sent", async () => {
    const shown = session(10, { seriesId: null, seriesInterval: null });
    const match = activeMatch([shown]);
    let replies = 0;
    const fetches = mockFetch({
      [`GET /availabilities/${match.providerId}`]: json(slots(match.providerId)),
      [`PATCH /bookings/move/${shown.id}`]: () =>
        ++replies === 1
          ? json(
              {
                message: 'En eller flera av tiderna är inte längre lediga. Välj andra tider.',
                status: 409,
                code: 'SLOT_TAKEN',
              },
              409,
            )
          : json(shown),
    });
    const user = userEvent.setup();
    const info = renderDialog(match);
    const opener = within(info).getByRole('button', { name: 'Flytta tiden' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Flytta tiden' });
    expect(dialog).toHaveTextContent(
      'Välj en av terapeutens lediga tider i stället för torsdag 10 december 2026 kl. 09:00 (svensk tid).',
    );
    const send = within(dialog).getByRole('button', { name: 'Flytta' });
    expect(send).toBeDisabled();
    await user.click(
      await within(dialog).findByRole('button', { name: 'fredag 11 december kl. 14:00' }),
    );
    expect(within(dialog).getByText('Ny tid: fredag 11 december kl. 14:00')).toBeInTheDocument();
    await user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'En eller flera av tiderna är inte längre lediga.',
    );
    await waitFor(() =>
      expect(fetches.find('GET', `/availabilities/${match.providerId}`)).toHaveLength(2),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Flytta' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fetches.find('PATCH', `/bookings/move/${shown.id}`).map((c) => c.body)).toEqual([
      { time: stockholmDateTime(2026, 12, 11, 14).toISOString() },
      { time: stockholmDateTime(2026, 12, 11, 14).toISOString() },
    ]);
    expect(opener).toHaveFocus();
  });
});

import {
  providerMatchesResponseSchema,
  type Booking,
  type Match,
  type ProviderMatchSummary,
} from '@samtalsmatch/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderDashboardPage } from '@/app/routes/provider/dashboard';
import { aBooking, aMatch } from '@/features/matching/test-data';
import { json, mockFetch } from '@/test/fetch';
import { renderRoute, testQueryClient } from '@/test/render';
import { providerUser } from '@/test/users';
import { ClientBookingInfoDialog } from '../components/client-booking-info-dialog';

/*
 * "Where and how, always said" (docs/rules/video.md#where-a-session-happens)
 * and "Till samtalet" while a video session's room is open
 * (docs/rules/video.md#the-rooms-hours), in the client's booking dialog and
 * on the therapist's dashboard. The client's dashboard is in its own test.
 */

afterEach(() => vi.restoreAllMocks());

/** Tuesday 10 March 2026, 11:00 in Stockholm; the session starts at 11:00 too. */
const START = new Date('2026-03-10T10:00:00.000Z');
const minutes = (m: number) => new Date(START.getTime() + m * 60_000);

function confirmed(format: Booking['meetingFormat'], matchId = 'm'): Booking {
  return {
    ...aBooking('CONFIRMED', matchId),
    meetingFormat: format,
    confirmedTime: START.toISOString(),
  };
}

function clientMatch(booking: Booking): Match {
  const base = aMatch({ status: 'ACTIVE' });
  return {
    ...base,
    bookings: [{ ...booking, matchId: base.id }],
    provider: {
      ...base.provider,
      address: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
    },
  };
}

function renderDialog(match: Match, now: Date) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <ClientBookingInfoDialog match={match} open onOpenChange={vi.fn()} now={now} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Bokningsinformation' }));
}

describe("the client's 'Bokningsinformation' says how a confirmed session happens", () => {
  it("a video session: 'Videosamtal' with the room's link, never the address", () => {
    const match = clientMatch(confirmed('VIDEO'));
    const id = match.bookings[0]!.id;
    const d = renderDialog(match, minutes(-60));
    expect(d.getByText('Videosamtal')).toBeInTheDocument();
    const link = d.getByRole('link', { name: `${window.location.origin}/samtal/${id}` });
    expect(link).toHaveAttribute('href', `/samtal/${id}`);
    expect(d.queryByText(/Storgatan 1/)).not.toBeInTheDocument();
    expect(d.queryByRole('link', { name: 'Till samtalet' })).not.toBeInTheDocument();
  });

  it("'Till samtalet' from 10 minutes before the start until 15 minutes after the hour", () => {
    const match = clientMatch(confirmed('VIDEO'));
    const id = match.bookings[0]!.id;
    for (const [at, shown] of [
      [minutes(-11), false],
      [minutes(-10), true],
      [minutes(74), true],
      [minutes(75), false],
    ] as const) {
      const d = renderDialog(match, at);
      const link = d.queryByRole('link', { name: 'Till samtalet' });
      if (shown) expect(link).toHaveAttribute('href', `/samtal/${id}`);
      else expect(link).not.toBeInTheDocument();
      cleanup();
    }
  });

  it("a session at the practice: 'På mottagningen' with the address, and no room", () => {
    const d = renderDialog(clientMatch(confirmed('IN_PERSON')), minutes(0));
    expect(d.getByText('På mottagningen')).toBeInTheDocument();
    expect(d.getByText('Storgatan 1, 111 22 Stockholm')).toBeInTheDocument();
    expect(d.queryByRole('link', { name: /samtal/ })).not.toBeInTheDocument();
    expect(d.queryByText('Videosamtal')).not.toBeInTheDocument();
  });
});

describe("the therapist's dashboard says how each confirmed session happens", () => {
  const PROVIDER = providerUser({ id: 'f0000000-0000-4000-8000-000000000001' });

  /** The list's match (decision 514): the Booking without its match's id. */
  function summary(clientName: string, booking: Booking, n: number): ProviderMatchSummary {
    const { matchId: _matchId, ...listed } = booking;
    return {
      id: `a0000000-0000-4000-8000-00000000000${n}`,
      status: 'ACTIVE',
      client: { name: clientName },
      bookings: [{ ...listed, id: `b0000000-0000-4000-8000-00000000000${n}` }],
    };
  }

  function renderDashboard(now: Date) {
    const matches = [
      summary('Vera Video', confirmed('VIDEO'), 1),
      summary('Mona Mottagning', confirmed('IN_PERSON'), 2),
    ];
    mockFetch({
      'GET /users/me': json(PROVIDER),
      'GET /matches': () => json(providerMatchesResponseSchema.parse(matches)),
    });
    renderRoute(<ProviderDashboardPage now={() => now} />, { path: '/dashboard', user: PROVIDER });
  }

  async function row(name: string) {
    return within((await screen.findByRole('cell', { name })).closest('tr')!);
  }

  it("'Videosamtal' with the room's link and, while the room is open, 'Till samtalet' for that client", async () => {
    renderDashboard(minutes(-5));
    const video = await row('Vera Video');
    const id = 'b0000000-0000-4000-8000-000000000001';
    expect(video.getByText('Videosamtal')).toBeInTheDocument();
    expect(
      video.getByRole('link', { name: `${window.location.origin}/samtal/${id}` }),
    ).toHaveAttribute('href', `/samtal/${id}`);
    const toRoom = video.getByRole('link', { name: 'Till samtalet' });
    expect(toRoom).toHaveAttribute('href', `/samtal/${id}`);
    expect(toRoom).toHaveAccessibleDescription('Vera Video');

    const practice = await row('Mona Mottagning');
    expect(practice.getByText('På mottagningen')).toBeInTheDocument();
    // The therapist's own practice (the signed-in user's address).
    expect(practice.getByText('Storgatan 1, 111 22 Stockholm')).toBeInTheDocument();
    expect(practice.queryByRole('link', { name: 'Till samtalet' })).not.toBeInTheDocument();
  });

  it("no 'Till samtalet' before the room opens", async () => {
    renderDashboard(minutes(-11));
    const video = await row('Vera Video');
    expect(video.getByText('Videosamtal')).toBeInTheDocument();
    expect(video.queryByRole('link', { name: 'Till samtalet' })).not.toBeInTheDocument();
  });
});

import { ERASED_NAME, MSG } from '@samtalsmatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { aBooking, aMatch } from '../test-data';
import { MatchCard } from './match-list';

/** A therapist who can no longer take bookings: paused by an admin, or erased. */
function endedMatch(erased: boolean) {
  const match = aMatch({ status: 'ACTIVE' });
  return {
    ...match,
    bookings: [{ ...aBooking('CANCELLED', match.id), cancelledBy: 'SYSTEM' as const }],
    provider: {
      name: erased ? ERASED_NAME.PROVIDER : 'Anna Lindqvist',
      email: null,
      phoneNumber: null,
      address: null,
      providerProfile: null,
      answer: [],
      paused: true,
      ...(erased ? { erased: true } : {}),
    },
  };
}

describe('a match whose therapist can no longer take bookings', () => {
  it('says the therapist has closed their account when it was erased', () => {
    renderRoute(<MatchCard match={endedMatch(true)} />);
    expect(screen.getByRole('heading', { name: ERASED_NAME.PROVIDER })).toBeInTheDocument();
    expect(screen.getByText(MSG.providerErasedForClient)).toBeInTheDocument();
    expect(screen.queryByText(MSG.providerPausedForClient)).not.toBeInTheDocument();
  });

  it('says the therapist cannot take bookings now when paused', () => {
    renderRoute(<MatchCard match={endedMatch(false)} />);
    expect(screen.getByText(MSG.providerPausedForClient)).toBeInTheDocument();
    expect(screen.queryByText(MSG.providerErasedForClient)).not.toBeInTheDocument();
  });
});

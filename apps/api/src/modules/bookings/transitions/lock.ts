import type { Executor } from '@samtalsmatch/db';
import type { UserRow } from '../../../lib/auth-session';
import { AppError } from '../../../lib/errors';
import {
  findBookingMatchId,
  lockBookingsOfMatch,
  lockMatch,
  type MatchRow,
} from '../bookings.repository';

/*
 * Locking order, the same in every transition (so two never wait on each
 * other in a circle): the match, then its bookings, then slots by id.
 * Someone else's match or booking is 404 (never 403: that would say it exists).
 */

/** Whether the match has the user on the user's side. */
function isOwnMatch(match: { clientId: string; providerId: string }, user: UserRow): boolean {
  return (user.type === 'CLIENT' ? match.clientId : match.providerId) === user.id;
}

/** The match with the user on the given side, locked; 404 for anyone else. */
export async function lockOwnMatch(
  tx: Executor,
  matchId: string,
  user: UserRow,
): Promise<MatchRow> {
  const match = await lockMatch(tx, matchId);
  if (!match || !isOwnMatch(match, user)) throw new AppError('NOT_FOUND');
  return match;
}

/** The booking, its match and all the match's bookings, locked in the fixed order. */
export async function lockOwnBooking(tx: Executor, bookingId: string, user: UserRow) {
  const matchId = await findBookingMatchId(tx, bookingId);
  if (!matchId) throw new AppError('NOT_FOUND');
  const match = await lockOwnMatch(tx, matchId, user);
  const all = await lockBookingsOfMatch(tx, matchId);
  const booking = all.find((b) => b.id === bookingId);
  if (!booking) throw new AppError('NOT_FOUND');
  return { match, booking, all };
}

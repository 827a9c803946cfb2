import { and, eq } from 'drizzle-orm';
import { roomState, roomWindow, type VideoRoom } from '@samtalsmatch/contracts';
import { bookings, matches, providerProfiles, videoEvents, type Executor } from '@samtalsmatch/db';
import type { UserRow } from '../../lib/auth-session';
import { AppError } from '../../lib/errors';
import { iceServersFor } from './video.ice';
import type { Config } from '../../config';

/** A room as its checks found it: one of the booking's two people, a confirmed video session. */
export interface RoomAccess {
  bookingId: string;
  role: 'CLIENT' | 'PROVIDER';
  userId: string;
  confirmedTime: Date;
  opensAt: Date;
  closesAt: Date;
}

/**
 * The room of `bookingId` for `user` (docs/rules/video.md#the-room): 404 to
 * anyone but the booking's client and therapist (a paused therapist
 * included), 409 for a booking that is not a confirmed video session.
 */
export async function roomFor(db: Executor, user: UserRow, bookingId: string): Promise<RoomAccess> {
  const [row] = await db
    .select({
      status: bookings.status,
      meetingFormat: bookings.meetingFormat,
      confirmedTime: bookings.confirmedTime,
      clientId: matches.clientId,
      providerId: matches.providerId,
      providerVerified: providerProfiles.isVerified,
    })
    .from(bookings)
    .innerJoin(matches, eq(matches.id, bookings.matchId))
    .leftJoin(providerProfiles, eq(providerProfiles.userId, matches.providerId))
    .where(eq(bookings.id, bookingId));
  const role =
    row && user.type === 'CLIENT' && row.clientId === user.id
      ? 'CLIENT'
      : row && user.type === 'PROVIDER' && row.providerId === user.id && row.providerVerified
        ? 'PROVIDER'
        : null;
  if (!row || !role) throw new AppError('NOT_FOUND');
  if (row.status !== 'CONFIRMED' || row.meetingFormat !== 'VIDEO' || !row.confirmedTime) {
    throw new AppError('NOT_A_VIDEO_SESSION');
  }
  const { opensAt, closesAt } = roomWindow(row.confirmedTime);
  return { bookingId, role, userId: user.id, confirmedTime: row.confirmedTime, opensAt, closesAt };
}

/** GET /api/video/{bookingId}: the room's hours, the caller's role and ICE servers. */
export function roomAnswer(config: Config, access: RoomAccess): VideoRoom {
  return {
    bookingId: access.bookingId,
    opensAt: access.opensAt.toISOString(),
    closesAt: access.closesAt.toISOString(),
    startsAt: access.confirmedTime.toISOString(),
    role: access.role,
    iceServers: iceServersFor(config.turn, access.userId, access.closesAt),
    // Relay only (decision 472): the browsers use TURN alone.
    ...(config.turn.relayOnly ? { iceTransportPolicy: 'relay' as const } : {}),
  };
}

export function isRoomOpen(access: RoomAccess, now: Date): boolean {
  return roomState(access.confirmedTime, now) === 'OPEN';
}

/** Who entered, was let in or left, and when (docs/rules/video.md#what-the-server-keeps). */
export async function recordVideoEvent(
  db: Executor,
  access: Pick<RoomAccess, 'bookingId' | 'userId'>,
  kind: 'JOINED' | 'ADMITTED' | 'LEFT',
) {
  await db.insert(videoEvents).values({ bookingId: access.bookingId, userId: access.userId, kind });
}

/** The therapist has let the client in once: a rejoining client does not wait again. */
export async function wasAdmitted(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoEvents.id })
    .from(videoEvents)
    .where(and(eq(videoEvents.bookingId, bookingId), eq(videoEvents.kind, 'ADMITTED')))
    .limit(1);
  return Boolean(row);
}

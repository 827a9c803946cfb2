import {
  isRoomOpenFor,
  roomPath,
  sessionPlace,
  SESSION_FORMAT_LABELS,
  type Booking,
} from '@samtalsmatch/contracts';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { BOOKINGS_TEXTS as T } from '../texts';

type PlacedBooking = Pick<Booking, 'id' | 'status' | 'meetingFormat' | 'confirmedTime'>;

/**
 * How and where a confirmed session happens, through the one place rule
 * (docs/rules/video.md#where-a-session-happens): "Videosamtal" with the
 * room's link, or "På mottagningen" with the practice's address.
 */
export function SessionPlace({
  booking,
  address,
  className = '',
}: {
  booking: PlacedBooking;
  /** The practice as one line (practiceAddress), if known. */
  address: string | null;
  className?: string;
}) {
  const place = sessionPlace(window.location.origin, {
    bookingId: booking.id,
    meetingFormat: booking.meetingFormat,
    address,
  });
  return (
    <p className={`text-stone-800 ${className}`.trim()}>
      <span className="font-medium text-stone-900">{SESSION_FORMAT_LABELS[place.format]}</span>
      {place.format === 'VIDEO' ? (
        <Link
          to={roomPath(booking.id)}
          className="block break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {place.roomUrl}
        </Link>
      ) : place.address ? (
        <span className="block">{place.address}</span>
      ) : null}
    </p>
  );
}

/**
 * "Till samtalet": into a confirmed video session's room while it is open
 * (docs/rules/video.md#the-rooms-hours); nothing otherwise.
 */
export function RoomLink({
  booking,
  now,
  describedBy,
  className,
}: {
  booking: PlacedBooking;
  now: Date;
  /** The id of what says whose session it is (a row's name). */
  describedBy?: string;
  className?: string;
}) {
  if (!isRoomOpenFor(booking, now)) return null;
  return (
    <ButtonLink to={roomPath(booking.id)} aria-describedby={describedBy} className={className}>
      {T.toRoom}
    </ButtonLink>
  );
}

/** A confirmed session's place and, while its room is open, "Till samtalet". */
export function ConfirmedSession({
  booking,
  address,
  now,
  describedBy,
  className = '',
}: {
  booking: PlacedBooking;
  address: string | null;
  now: Date;
  describedBy?: string;
  className?: string;
}) {
  if (booking.status !== 'CONFIRMED') return null;
  return (
    <div className={`flex flex-wrap items-end justify-between gap-3 ${className}`.trim()}>
      <SessionPlace booking={booking} address={address} />
      <RoomLink booking={booking} now={now} describedBy={describedBy} />
    </div>
  );
}

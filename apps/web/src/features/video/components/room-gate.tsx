import {
  formatStockholm,
  roomWindowState,
  ROUTES,
  type VideoRoom as Room,
} from '@samtalsmatch/contracts';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import { useNow } from '@/lib/use-now';
import { useVideoRoom } from '../api/room';
import { VIDEO_TEXTS as T } from '../texts';
import { VideoRoom } from './video-room';

/** The room's hours (docs/rules/video.md#the-rooms-hours): the room, or when it opens, or that it has closed. */
function RoomHours({ room }: { room: Room }) {
  // Every 15 s: the page opens the room by itself when its hour comes.
  const now = useNow(15_000);
  const state = roomWindowState(room, now);
  if (state === 'OPEN') return <VideoRoom room={room} />;
  return (
    <Alert tone="info">
      <p>{state === 'BEFORE' ? T.opensAt(formatStockholm(room.opensAt)) : T.closed}</p>
      {state === 'BEFORE' ? (
        <p className="mt-1">{T.startsAt(formatStockholm(room.startsAt))}</p>
      ) : null}
    </Alert>
  );
}

/**
 * /samtal/{bookingId}: the room of a confirmed video session, for its client
 * and therapist. Anyone else gets the API's 404 and a page that says so; a
 * booking that is not a confirmed video session, the API's 409 message.
 */
export function RoomGate({ bookingId }: { bookingId: string }) {
  const { data: room, error, isPending } = useVideoRoom(bookingId);
  if (isPending) return <Spinner label={T.loading} className="py-12" />;
  if (error) {
    const status = error instanceof ApiRequestError ? error.status : 0;
    if (status === 404) {
      return (
        <section className="space-y-4">
          <h2 className="type-heading text-stone-900">{T.notFoundTitle}</h2>
          <p className="text-stone-700">{T.notFound}</p>
          <ButtonLink to={ROUTES.dashboard}>{T.toDashboard}</ButtonLink>
        </section>
      );
    }
    return (
      <Alert tone="error" title={status === 409 ? T.notVideoTitle : undefined}>
        {status === 409 ? error.message : T.loadFailed}
      </Alert>
    );
  }
  return <RoomHours room={room} />;
}

import { useParams } from 'react-router';
import { RoomGate } from '@/features/video/components/room-gate';
import { VIDEO_TEXTS } from '@/features/video/texts';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /samtal/{bookingId}: a video session's room (docs/rules/video.md#the-room-page). */
export function VideoRoomPage() {
  useDocumentTitle(VIDEO_TEXTS.title);
  const { bookingId = '' } = useParams();
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-4 type-title text-stone-900">{VIDEO_TEXTS.title}</h1>
      <RoomGate bookingId={bookingId} />
    </div>
  );
}

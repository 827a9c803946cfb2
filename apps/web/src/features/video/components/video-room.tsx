import type { VideoRoom as Room } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { useLocalMedia } from '../hooks/use-local-media';
import { useVideoCall } from '../hooks/use-video-call';
import { VIDEO_TEXTS as T } from '../texts';
import { CallView } from './call-view';
import { DeviceCheck } from './device-check';

/**
 * An open room: the device check and "Anslut", then the call. The live
 * region is there from the start, so each change of state is announced
 * ("Klienten väntar", "Terapeuten har släppt in dig").
 */
export function VideoRoom({ room }: { room: Room }) {
  const media = useLocalMedia();
  const call = useVideoCall(room, media.stream);
  const { phase, announcement } = call.state;
  const ended = phase === 'left' || phase === 'replaced' || phase === 'closed';
  return (
    <div className="space-y-4">
      <p role="status" aria-live="polite" className="sr-only" data-testid="room-announcer">
        {announcement}
      </p>
      {phase === 'idle' ? (
        <DeviceCheck media={media}>
          <Button size="lg" className="w-full sm:w-auto" onClick={call.join}>
            {T.join}
          </Button>
        </DeviceCheck>
      ) : ended ? (
        <div className="space-y-4 rounded-md border border-stone-300 bg-white p-4">
          <p className="text-stone-900">
            {phase === 'left' ? T.left : phase === 'replaced' ? T.replaced : T.roomClosedNow}
          </p>
          {phase === 'closed' ? null : <Button onClick={call.join}>{T.rejoin}</Button>}
        </div>
      ) : (
        <CallView call={call} media={media} />
      )}
    </div>
  );
}

import { Button } from '@/components/ui/button';
import type { LocalMedia } from '../hooks/use-local-media';
import { VIDEO_TEXTS as T } from '../texts';

/**
 * Camera and microphone on or off: labelled toggle buttons (aria-pressed:
 * pressed is off), in the device check and in the call alike.
 */
export function MediaToggles({ media }: { media: LocalMedia }) {
  const ready = media.stream !== null;
  return (
    <>
      <Button
        variant={media.microphoneOn ? 'secondary' : 'destructive'}
        aria-pressed={!media.microphoneOn}
        disabled={!ready}
        onClick={media.toggleMicrophone}
      >
        {T.microphoneOff}
      </Button>
      <Button
        variant={media.cameraOn ? 'secondary' : 'destructive'}
        aria-pressed={!media.cameraOn}
        disabled={!ready}
        onClick={media.toggleCamera}
      >
        {T.cameraOff}
      </Button>
    </>
  );
}

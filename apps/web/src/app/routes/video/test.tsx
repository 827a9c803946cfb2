import { DeviceCheck } from '@/features/video/components/device-check';
import { useLocalMedia } from '@/features/video/hooks/use-local-media';
import { VIDEO_TEXTS } from '@/features/video/texts';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /samtal/test: the room's device check alone, to try a camera and microphone before the day. */
export function VideoTestPage() {
  useDocumentTitle(VIDEO_TEXTS.testTitle);
  const media = useLocalMedia();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-2 type-title text-stone-900">{VIDEO_TEXTS.testTitle}</h1>
      <p className="mb-6 text-stone-700">{VIDEO_TEXTS.testIntro}</p>
      <DeviceCheck media={media} />
    </div>
  );
}

import { useEffect, useRef } from 'react';

/**
 * One picture: the person's own (muted: they need not hear themselves) or
 * the other person's. `label` names it for a screen reader; `placeholder`
 * shows over it when there is nothing to see.
 */
export function VideoTile({
  stream,
  label,
  own = false,
  placeholder,
  testId,
}: {
  stream: MediaStream | null;
  label: string;
  own?: boolean;
  placeholder?: string | null;
  testId?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    // A rejected play() (the browser's autoplay rule) leaves the picture still; the next gesture plays it.
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <figure className="relative m-0 aspect-video w-full overflow-hidden rounded-lg bg-stone-900">
      <video
        ref={ref}
        aria-label={label}
        data-testid={testId}
        autoPlay
        playsInline
        muted={own}
        className={`h-full w-full object-cover ${own ? '-scale-x-100' : ''}`.trim()}
      />
      {placeholder ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-white">
          {placeholder}
        </p>
      ) : null}
      <figcaption className="absolute bottom-2 left-2 rounded bg-stone-900/80 px-2 py-0.5 text-sm text-white">
        {label}
      </figcaption>
    </figure>
  );
}

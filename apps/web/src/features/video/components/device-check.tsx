import { useId, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAudioLevel } from '../hooks/use-audio-level';
import type { LocalMedia } from '../hooks/use-local-media';
import type { DeviceOption } from '../lib/devices';
import { VIDEO_TEXTS as T } from '../texts';
import { MediaToggles } from './media-toggles';
import { VideoTile } from './video-tile';

const selectClass =
  'w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 disabled:opacity-60';

function DeviceSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: DeviceOption[];
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="font-medium text-stone-900">
        {label}
      </label>
      <select
        id={id}
        value={options.some((o) => o.id === value) ? value : ''}
        disabled={options.length === 0}
        onChange={(e) => onChange(e.target.value)}
        className={selectClass}
      >
        {options.length === 0 ? <option value="">{T.noDevice}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The microphone's level as a meter (role meter: a screen reader can read it). */
function LevelMeter({ level }: { level: number }) {
  const labelId = useId();
  return (
    <div>
      <p className="mb-1 font-medium text-stone-900" id={labelId}>
        {T.levelLabel}
      </p>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        data-testid="microphone-level"
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-brand-700" style={{ width: `${level}%` }} />
      </div>
    </div>
  );
}

/**
 * The device check (docs/rules/video.md#the-room-page): the camera's
 * preview, the microphone's level, a choice of each, and each on or off.
 * `children` is what follows it: "Anslut" in a room, nothing on the test page.
 */
export function DeviceCheck({ media, children }: { media: LocalMedia; children?: ReactNode }) {
  const level = useAudioLevel(media.stream, media.microphoneOn);
  return (
    <section aria-labelledby="device-check-title" className="space-y-4">
      <h2 id="device-check-title" className="type-heading text-stone-900">
        {T.deviceCheckTitle}
      </h2>
      <p className="text-stone-700">{T.deviceCheckIntro}</p>
      {media.status === 'failed' || media.status === 'unsupported' ? (
        <Alert tone="error">
          <p>{media.status === 'failed' ? T.mediaFailed : T.mediaUnsupported}</p>
          {media.status === 'failed' ? (
            <Button variant="secondary" size="sm" className="mt-2" onClick={media.retry}>
              {T.retryMedia}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <VideoTile
        stream={media.stream}
        label={T.previewLabel}
        own
        testId="local-preview"
        placeholder={
          media.status === 'starting'
            ? T.mediaStarting
            : media.stream && !media.cameraOn
              ? T.cameraOffPreview
              : null
        }
      />
      <LevelMeter level={level} />
      <div className="flex flex-col gap-4 sm:flex-row">
        <DeviceSelect
          label={T.cameraLabel}
          options={media.cameras}
          value={media.cameraId}
          onChange={media.setCameraId}
        />
        <DeviceSelect
          label={T.microphoneLabel}
          options={media.microphones}
          value={media.microphoneId}
          onChange={media.setMicrophoneId}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <MediaToggles media={media} />
      </div>
      {children}
    </section>
  );
}

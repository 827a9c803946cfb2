import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { LocalMedia } from '../hooks/use-local-media';
import type { VideoCall } from '../hooks/use-video-call';
import { VIDEO_TEXTS as T } from '../texts';
import { MediaToggles } from './media-toggles';
import { VideoTile } from './video-tile';

/** What the page says about the other person, in words (the live region says it too). */
function peerNotice(call: VideoCall): string | null {
  const { role, phase, peer, media } = call.state;
  if (phase === 'reconnecting' || media === 'reconnecting') return T.reconnecting;
  if (phase === 'connecting') return T.joining;
  if (phase === 'waiting') return null;
  if (peer === 'absent') return role === 'CLIENT' ? T.therapistAbsent : T.clientAbsent;
  if (peer === 'present' && media !== 'connected') return T.mediaConnecting;
  return null;
}

/**
 * The therapist's "Släpp in", disabled from the click until the server says
 * the client is in (shown only while the client waits; a new connection
 * shows it afresh).
 */
function AdmitBanner({ call }: { call: VideoCall }) {
  const [sending, setSending] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border-l-4 border-brand-700 bg-brand-50 p-4">
      <p className="font-semibold text-stone-900">{T.clientWaiting}</p>
      <Button
        disabled={sending}
        onClick={() => {
          setSending(true);
          call.admit();
        }}
      >
        {sending ? T.admitting : T.admit}
      </Button>
    </div>
  );
}

/**
 * The room once the person has pressed "Anslut": the waiting room for a
 * client not yet let in, "Släpp in" for the therapist, both pictures, and
 * the controls.
 */
export function CallView({ call, media }: { call: VideoCall; media: LocalMedia }) {
  const { role, phase } = call.state;
  const notice = peerNotice(call);
  const otherLabel = role === 'CLIENT' ? T.therapistVideo : T.clientVideo;
  return (
    <div className="space-y-4">
      {phase === 'waiting' ? (
        <Alert tone="info" title={T.clientWaitTitle}>
          {T.clientWait}
        </Alert>
      ) : null}
      {role === 'PROVIDER' && call.state.peer === 'waiting' ? (
        <AdmitBanner key={phase} call={call} />
      ) : null}
      <div className="grid gap-3 md:grid-cols-[2fr_1fr]">
        <VideoTile
          stream={call.remoteStream}
          label={otherLabel}
          testId="remote-video"
          placeholder={notice}
        />
        <div className="w-1/2 justify-self-end md:w-full">
          <VideoTile
            stream={media.stream}
            label={T.ownVideo}
            own
            testId="local-video"
            placeholder={media.stream && !media.cameraOn ? T.cameraOffPreview : null}
          />
        </div>
      </div>
      <div role="group" aria-label={T.controlsLabel} className="flex flex-wrap gap-3">
        <MediaToggles media={media} />
        <Button variant="destructive" onClick={call.leave}>
          {T.leave}
        </Button>
      </div>
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { deviceOptions, mediaConstraints, type DeviceOption } from '../lib/devices';

export type LocalMediaStatus = 'starting' | 'ready' | 'failed' | 'unsupported';

export interface LocalMedia {
  stream: MediaStream | null;
  status: LocalMediaStatus;
  cameras: DeviceOption[];
  microphones: DeviceOption[];
  cameraId: string;
  microphoneId: string;
  setCameraId: (id: string) => void;
  setMicrophoneId: (id: string) => void;
  cameraOn: boolean;
  microphoneOn: boolean;
  toggleCamera: () => void;
  toggleMicrophone: () => void;
  retry: () => void;
}

function stop(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * The person's own camera and microphone: the chosen devices (the browser's
 * default first), a new stream whenever the choice changes (the old one is
 * stopped), and camera and microphone on or off (a track turned off sends
 * black and silence, and the stream stays). Everything stops when the page
 * goes.
 */
export function useLocalMedia(): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  // The outcome of the latest request, by what was asked: a new choice is 'starting' until it answers.
  const [outcome, setOutcome] = useState<{ key: string; ok: boolean } | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [cameraOn, setCameraOn] = useState(true);
  const [microphoneOn, setMicrophoneOn] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const key = `${cameraId}|${microphoneId}|${attempt}`;
  const supported = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    if (!supported) return;
    const media = navigator.mediaDevices;
    let current: MediaStream | null = null;
    let gone = false;
    const asked = `${cameraId}|${microphoneId}|${attempt}`;
    media
      .getUserMedia(mediaConstraints(cameraId, microphoneId))
      .then(async (next) => {
        if (gone) {
          stop(next);
          return;
        }
        current = next;
        setStream(next);
        setOutcome({ key: asked, ok: true });
        // Now the browser names the devices.
        const list = await media.enumerateDevices();
        if (!gone) setDevices(list);
      })
      .catch(() => {
        if (gone) return;
        setStream(null);
        setOutcome({ key: asked, ok: false });
      });
    return () => {
      gone = true;
      stop(current);
    };
  }, [supported, cameraId, microphoneId, attempt]);

  const status: LocalMediaStatus = !supported
    ? 'unsupported'
    : outcome?.key !== key
      ? 'starting'
      : outcome.ok
        ? 'ready'
        : 'failed';

  // Camera and microphone on or off, on whichever stream is current.
  useEffect(() => {
    stream?.getVideoTracks().forEach((track) => (track.enabled = cameraOn));
    stream?.getAudioTracks().forEach((track) => (track.enabled = microphoneOn));
  }, [stream, cameraOn, microphoneOn]);

  // The selects show the device in use when nothing has been chosen yet.
  const inUse = (kind: 'video' | 'audio') =>
    (kind === 'video' ? stream?.getVideoTracks() : stream?.getAudioTracks())?.[0]?.getSettings()
      .deviceId ?? '';

  return {
    stream,
    status,
    cameras: deviceOptions(devices, 'videoinput'),
    microphones: deviceOptions(devices, 'audioinput'),
    cameraId: cameraId || inUse('video'),
    microphoneId: microphoneId || inUse('audio'),
    setCameraId,
    setMicrophoneId,
    cameraOn,
    microphoneOn,
    toggleCamera: useCallback(() => setCameraOn((on) => !on), []),
    toggleMicrophone: useCallback(() => setMicrophoneOn((on) => !on), []),
    retry: useCallback(() => setAttempt((n) => n + 1), []),
  };
}

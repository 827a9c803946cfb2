import { VIDEO_TEXTS } from '../texts';

/** One choice in a device select. */
export interface DeviceOption {
  id: string;
  label: string;
}

/**
 * The cameras or microphones to choose from. A browser names devices only
 * once the page may use them; until then (or for a nameless one) it is
 * 'Kamera 1', 'Mikrofon 2'. The browser's 'default' and 'communications'
 * aliases of a microphone are kept: they follow the system's choice.
 */
export function deviceOptions(
  devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[],
  kind: 'videoinput' | 'audioinput',
): DeviceOption[] {
  const name = kind === 'videoinput' ? 'Kamera' : 'Mikrofon';
  return devices
    .filter((d) => d.kind === kind && d.deviceId !== '')
    .map((d, i) => ({ id: d.deviceId, label: d.label || VIDEO_TEXTS.defaultDevice(i + 1, name) }));
}

/**
 * A microphone's level, 0-100, from an analyser's time-domain bytes (128 is
 * silence): the root mean square, scaled so speech at a normal distance
 * fills about half the meter.
 */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const v = (samples[i]! - 128) / 128;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / samples.length);
  return Math.min(100, Math.round(rms * 400));
}

/** The constraints for getUserMedia: the chosen device, or the browser's default. */
export function mediaConstraints(cameraId: string, microphoneId: string): MediaStreamConstraints {
  return {
    video: cameraId ? { deviceId: { exact: cameraId } } : true,
    audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
  };
}

import { useEffect, useState } from 'react';
import { levelFromSamples } from '../lib/devices';

/** How often the meter's value changes (a screen reader reads the meter, not every frame). */
const UPDATE_MS = 100;

/** The microphone's level, 0-100, while `stream` has a live, enabled audio track. */
export function useAudioLevel(stream: MediaStream | null, enabled: boolean): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    if (!track || !enabled || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(new MediaStream([track]));
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    // A browser may hold audio until the person has touched the page.
    const resume = () => void context.resume();
    window.addEventListener('pointerdown', resume);
    window.addEventListener('keydown', resume);
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      setLevel(levelFromSamples(samples));
    }, UPDATE_MS);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close();
    };
  }, [stream, enabled]);
  return enabled && stream?.getAudioTracks()[0] ? level : 0;
}
